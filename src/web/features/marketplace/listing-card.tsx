import { Link } from 'react-router';
import { categoryLabel, subcategoryLabel } from '#shared/categories.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import type { ListingCard as ListingCardData } from '#shared/schemas/marketplace.ts';
import { productPath } from '../../app/paths.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { FavouriteButton } from '../favourites/favourite-button.tsx';
import type { BrowseView } from './browse-params.ts';
import { OfferPrice } from './offer-price.tsx';
import { ProductImage } from './product-image.tsx';
import { StockBadge } from './stock-badge.tsx';

const t = marketplaceMessages;

/** "@handle", or "Bilinmiyor" when the seller has none (spec part 2 §6). */
export function sellerName(handle: string | null): string {
  return handle ? `@${handle}` : t.unknownSeller;
}

function OfferBadges({ listing }: { listing: ListingCardData }) {
  if (!listing.isPromoted && !listing.discountPercent) return null;
  return (
    <div className="flex flex-wrap gap-1">
      {listing.isPromoted ? <Badge colour="blue">{t.promoted}</Badge> : null}
      {listing.discountPercent ? <Badge colour="red">{t.discount(listing.discountPercent)}</Badge> : null}
    </div>
  );
}

function CardText({ listing }: { listing: ListingCardData }) {
  const place = subcategoryLabel(listing.kategori, listing.altKategori) ?? categoryLabel(listing.kategori);
  return (
    <>
      <h3 className="min-w-0">
        {/* The title link covers the whole card; the heart and the sign-in link sit above it. */}
        <Link to={productPath(listing.productId)} className="block rounded after:absolute after:inset-0 after:rounded-xl after:content-['']">
          <span className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">{listing.marka}</span>
          <span className="block font-semibold break-words text-slate-900">{listing.modelKodu}</span>
        </Link>
      </h3>
      <p className="line-clamp-2 text-sm text-slate-600">{listing.name}</p>
      <p className="text-xs text-slate-500">
        {place} · <span className="sr-only">{t.seller}: </span>
        {sellerName(listing.sellerHandle)}
      </p>
    </>
  );
}

/** One seller's offer in a grid or a list: brand, model, name, seller, stock, badges, price and the heart. */
export function ListingCard({ listing, view }: { listing: ListingCardData; view: BrowseView }) {
  const image = listing.thumbnailUrl ?? listing.imageUrl;
  if (view === 'list') {
    return (
      <article className="relative flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-500 sm:gap-4">
        <ProductImage src={image} className="size-20 shrink-0 rounded-lg sm:size-28" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <OfferBadges listing={listing} />
          <CardText listing={listing} />
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
            <OfferPrice priceKurus={listing.priceKurus} finalPriceKurus={listing.finalPriceKurus} discountPercent={listing.discountPercent} />
            <StockBadge stock={listing.stock} />
          </div>
        </div>
        <FavouriteButton productId={listing.productId} className="relative self-start" />
      </article>
    );
  }
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-brand-500">
      <div className="relative">
        <ProductImage src={image} className="aspect-square w-full" />
        <div className="absolute top-2 left-2">
          <OfferBadges listing={listing} />
        </div>
        <FavouriteButton productId={listing.productId} className="absolute top-2 right-2" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <CardText listing={listing} />
        <div className="mt-auto space-y-1.5 pt-2">
          <StockBadge stock={listing.stock} />
          <OfferPrice priceKurus={listing.priceKurus} finalPriceKurus={listing.finalPriceKurus} discountPercent={listing.discountPercent} />
        </div>
      </div>
    </article>
  );
}

/** Cards in the chosen view. */
export function ListingGrid({ items, view }: { items: ListingCardData[]; view: BrowseView }) {
  return (
    <ul className={view === 'grid' ? 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3' : 'space-y-3'}>
      {items.map((listing) => (
        <li key={listing.listingId}>
          <ListingCard listing={listing} view={view} />
        </li>
      ))}
    </ul>
  );
}
