import { categoryLabel, subcategoryLabel } from '#shared/categories.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import type { ListingCard as ListingCardData } from '#shared/schemas/marketplace.ts';
import { Badge } from '../../components/ui/badge.tsx';
import type { BrowseView } from './browse-params.ts';
import { OfferPrice } from './offer-price.tsx';
import { ProductCard } from './product-card.tsx';
import { StockBadge } from '../../components/stock-badge.tsx';

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

/** One seller's offer in a grid or a list: brand, model, name, seller, stock, badges, price and the heart. */
function ListingCard({ listing, view }: { listing: ListingCardData; view: BrowseView }) {
  const place = subcategoryLabel(listing.kategori, listing.altKategori) ?? categoryLabel(listing.kategori);
  return (
    <ProductCard
      view={view}
      productId={listing.productId}
      brand={listing.marka}
      model={listing.modelKodu}
      image={listing.thumbnailUrl ?? listing.imageUrl}
      headingLevel={3}
      badges={<OfferBadges listing={listing} />}
      footer={
        <>
          <StockBadge stock={listing.stock} />
          <OfferPrice
            priceKurus={listing.priceKurus}
            finalPriceKurus={listing.finalPriceKurus}
            discountPercent={listing.discountPercent}
          />
        </>
      }
    >
      <p className="line-clamp-2 text-sm text-slate-600">{listing.name}</p>
      <p className="text-xs text-slate-500">
        {place} · <span className="sr-only">{t.seller}: </span>
        {sellerName(listing.sellerHandle)}
      </p>
    </ProductCard>
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
