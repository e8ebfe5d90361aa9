import { MessageSquare, ShoppingCart, Truck } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { amountMessages } from '#shared/messages/amounts.tr.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { messagingMessages } from '#shared/messages/messages.tr.ts';
import { parseWholeNumber } from '#shared/money.ts';
import type { ProductOffer } from '#shared/schemas/marketplace.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { formatDate, formatKurus } from '../../lib/format.ts';
import { newThreadPath } from '../../lib/paths.ts';
import { useSessionUser } from '../../lib/session.ts';
import { addToCart, useCartItems } from '../../lib/cart-store.ts';
import {
  OFFER_DELIVERY_LIMIT_DAYS,
  OFFER_PRICE_LIMIT_LIRA,
  compareOffers,
  defaultOfferFilters,
  offerRatingOptions,
  type OfferFilters,
  type OfferSort,
} from './offer-comparison.ts';
import { OfferPrice, PricesForMembersNotice } from './offer-price.tsx';
import { StockBadge } from '../../components/stock-badge.tsx';
import { StoreLink } from '../../components/store-link.tsx';
import { StoreRating } from '../../components/store-rating.tsx';

const t = marketplaceMessages;
const p = t.product;

/** "@handle", or "Bilinmiyor" when the seller has none (spec part 2 §6). */
function sellerName(handle: string | null): string {
  return handle ? `@${handle}` : t.unknownSeller;
}

const selectClasses =
  'mt-1 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900';

function Slider({
  label,
  value,
  min,
  max,
  step,
  shown,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  shown: string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex items-center justify-between gap-2 text-sm font-medium text-slate-800">
        <span>{label}</span>
        <output htmlFor={id} className="text-sm font-semibold text-brand-700 tabular-nums">
          {shown}
        </output>
      </label>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={shown}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 block w-full accent-brand-700"
      />
    </div>
  );
}

function ComparisonControls({
  filters,
  onChange,
  showPrice,
}: {
  filters: OfferFilters;
  onChange: (filters: OfferFilters) => void;
  showPrice: boolean;
}) {
  const ratingId = useId();
  const sortId = useId();
  const set = (patch: Partial<OfferFilters>) => onChange({ ...filters, ...patch });
  return (
    <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{p.compareLabel}</legend>
      {showPrice ? (
        <Slider
          label={p.maxPrice}
          value={filters.maxPriceLira}
          min={0}
          max={OFFER_PRICE_LIMIT_LIRA}
          step={50}
          shown={filters.maxPriceLira >= OFFER_PRICE_LIMIT_LIRA ? p.noLimit : formatKurus(filters.maxPriceLira * 100)}
          onChange={(maxPriceLira) => set({ maxPriceLira })}
        />
      ) : null}
      <Slider
        label={p.maxDeliveryDays}
        value={filters.maxDeliveryDays}
        min={1}
        max={OFFER_DELIVERY_LIMIT_DAYS}
        step={1}
        shown={filters.maxDeliveryDays >= OFFER_DELIVERY_LIMIT_DAYS ? p.noLimit : String(filters.maxDeliveryDays)}
        onChange={(maxDeliveryDays) => set({ maxDeliveryDays })}
      />
      <div>
        <label htmlFor={ratingId} className="text-sm font-medium text-slate-800">
          {p.minRating}
        </label>
        <select
          id={ratingId}
          value={filters.minRating}
          onChange={(event) => set({ minRating: Number(event.target.value) })}
          className={selectClasses}
        >
          {offerRatingOptions.map((rating) => (
            <option key={rating} value={rating}>
              {rating === 0 ? p.anyRating : p.ratingAtLeast(rating)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={sortId} className="text-sm font-medium text-slate-800">
          {p.sortBy}
        </label>
        <select
          id={sortId}
          value={filters.sort}
          onChange={(event) => set({ sort: event.target.value as OfferSort })}
          className={selectClasses}
        >
          {showPrice ? <option value="price">{p.sortPrice}</option> : null}
          <option value="delivery">{p.sortDelivery}</option>
          <option value="rating">{p.sortRating}</option>
        </select>
      </div>
    </fieldset>
  );
}

/** Quantity and 'Sepete Ekle': starts at the minimum order; the cart store refuses more than the stock. */
function AddToCart({ offer, productName }: { offer: ProductOffer; productName: string }) {
  const id = useId();
  const minimum = Math.max(1, offer.minOrderQty);
  const [quantity, setQuantity] = useState(String(minimum));
  const inCart = useCartItems().find((item) => item.id === offer.listingId)?.quantity ?? 0;
  const [isUnreadable, setUnreadable] = useState(false);
  const add = () => {
    const parsed = parseWholeNumber(quantity);
    setUnreadable(parsed === null);
    if (parsed === null) return;
    const amount = Math.max(minimum, parsed);
    setQuantity(String(amount));
    const change = addToCart({
      id: offer.listingId,
      marka: offer.marka,
      model_kodu: offer.modelKodu,
      fiyat: offer.finalPriceKurus!,
      quantity: amount,
      maxStock: offer.stock,
      images: offer.imageUrl ? [offer.imageUrl] : [],
      seller_id: offer.sellerId,
    });
    if (change.ok) toast.success(p.addedTitle, { description: p.addedBody(productName) });
    else toast.error(t.cart.stockTitle, { description: t.cart.stockBody(change.maxStock) });
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="block text-xs font-medium text-slate-700">
          {p.quantity}
        </label>
        {/* Text, not a number input: the one Turkish reading ("1.000") and a message for the rest. */}
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          disabled={offer.stock <= 0}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          aria-label={p.quantityFor(sellerName(offer.sellerHandle))}
          aria-invalid={isUnreadable ? true : undefined}
          aria-describedby={isUnreadable ? `${id}-error` : undefined}
          className="mt-1 block min-h-11 w-20 rounded-lg border border-slate-300 bg-white px-2 text-base tabular-nums aria-[invalid=true]:border-red-500"
        />
      </div>
      <Button onClick={add} disabled={offer.stock <= 0}>
        <ShoppingCart aria-hidden="true" className="size-4" /> {p.addToCart}
      </Button>
      {isUnreadable ? (
        <p id={`${id}-error`} role="alert" className="w-full text-sm text-red-700">
          {amountMessages.wholeUnreadable}
        </p>
      ) : null}
      {inCart > 0 ? <p className="w-full text-xs text-slate-600">{p.inCart(inCart)}</p> : null}
    </div>
  );
}

function OfferRow({
  offer,
  productName,
  isHighlighted,
  pricesVisible,
}: {
  offer: ProductOffer;
  productName: string;
  isHighlighted: boolean;
  pricesVisible: boolean;
}) {
  const user = useSessionUser();
  const isOwnOffer = user !== null && user.id === offer.sellerId;
  return (
    <li
      data-testid="offer"
      data-listing-id={offer.listingId}
      data-final-price={offer.finalPriceKurus ?? undefined}
      data-handling-days={offer.handlingDays}
      data-stock={offer.stock}
      data-own-offer={isOwnOffer || undefined}
      className={`grid gap-3 rounded-xl border bg-white p-4 shadow-sm md:grid-cols-[minmax(0,1fr)_auto] ${isHighlighted ? 'border-brand-500 ring-2 ring-brand-100' : 'border-slate-200'}`}
    >
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-semibold text-slate-900">
            <span className="sr-only">{t.seller}: </span>
            <StoreLink handle={offer.sellerHandle} slug={offer.sellerSlug} fallback={t.unknownSeller} />
          </p>
          {isHighlighted ? <Badge colour="blue">{p.highlighted}</Badge> : null}
          {isOwnOffer ? <Badge colour="green">{p.ownOffer}</Badge> : null}
          {offer.isPromoted ? <Badge colour="blue">{t.promoted}</Badge> : null}
          {offer.discountPercent ? <Badge colour="red">{t.discount(offer.discountPercent)}</Badge> : null}
        </div>
        <OfferPrice
          priceKurus={offer.priceKurus}
          finalPriceKurus={offer.finalPriceKurus}
          discountPercent={offer.discountPercent}
        />
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <li className="flex items-center gap-1.5">
            <StockBadge stock={offer.stock} /> {t.stockCount(offer.stock)}
          </li>
          <li className="flex items-center gap-1">
            <Truck aria-hidden="true" className="size-4" /> {t.handlingDays(offer.handlingDays)}
          </li>
          <li className="flex items-center gap-1">
            <StoreRating average={offer.sellerRating} count={offer.sellerReviewCount} />
          </li>
          <li>{t.minOrder(offer.minOrderQty)}</li>
          {offer.miad ? (
            <li>
              {t.expiry}: {formatDate(offer.miad)}
            </li>
          ) : null}
        </ul>
      </div>
      {/* A store does not buy its own stock (nor ask itself): its own offer has no cart or ask button. */}
      {isOwnOffer ? null : (
        <div className="flex flex-wrap items-end gap-2 md:justify-end">
          {pricesVisible ? <AddToCart offer={offer} productName={productName} /> : null}
          <ButtonLink
            to={newThreadPath({ listingId: offer.listingId })}
            variant="secondary"
            aria-label={messagingMessages.askSellerFor(sellerName(offer.sellerHandle))}
          >
            <MessageSquare aria-hidden="true" className="size-4" /> {messagingMessages.askSeller}
          </ButtonLink>
        </div>
      )}
    </li>
  );
}

/** Every seller's offer with the spec's comparison filters and sort, applied here over the loaded offers. */
export function OfferList({
  offers,
  highlightedId,
  pricesVisible,
  productName,
}: {
  offers: ProductOffer[];
  highlightedId: string | null;
  pricesVisible: boolean;
  productName: string;
}) {
  const [filters, setFilters] = useState<OfferFilters>(
    pricesVisible ? defaultOfferFilters : { ...defaultOfferFilters, sort: 'delivery' },
  );
  const shown = compareOffers(offers, filters, highlightedId);
  return (
    <section aria-labelledby="offers-title" className="space-y-4">
      <h2 id="offers-title" className="text-xl font-bold text-brand-900">
        {p.offersTitle(offers.length)}
      </h2>
      {pricesVisible ? null : <PricesForMembersNotice />}
      {offers.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {p.noOffers}
        </p>
      ) : (
        <>
          <ComparisonControls filters={filters} onChange={setFilters} showPrice={pricesVisible} />
          {shown.length === 0 ? (
            <p
              role="status"
              className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600"
            >
              {p.noMatchingOffers}
            </p>
          ) : (
            <ul className="space-y-3">
              {shown.map((offer) => (
                <OfferRow
                  key={offer.listingId}
                  offer={offer}
                  productName={productName}
                  isHighlighted={offer.listingId === highlightedId}
                  pricesVisible={pricesVisible}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
