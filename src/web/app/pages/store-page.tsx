import { CalendarDays, MapPin } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { reviewMessages as m } from '#shared/messages/reviews.tr.ts';
import type { StoreProfile } from '#shared/schemas/stores.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { StockBadge } from '../../components/stock-badge.tsx';
import { StoreRating } from '../../components/store-rating.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/format.ts';
import { productPath } from '../../lib/paths.ts';
import { OfferPrice } from '../../features/marketplace/offer-price.tsx';
import { ProductImage } from '../../features/marketplace/product-image.tsx';
import { useStore, useStoreListings } from '../../features/reviews/api.ts';
import { PageButtons, StoreReviews } from '../../features/reviews/store-reviews.tsx';

function StoreListings({ slug }: { slug: string }) {
  const [page, setPage] = useState(1);
  const query = useStoreListings(slug, page);
  return (
    <section aria-labelledby="aktif-ilanlar" className="space-y-3">
      <h2 id="aktif-ilanlar" className="text-xl font-bold text-brand-900">
        {m.store.listingsTitle(query.data?.total ?? 0)}
      </h2>
      <QueryState
        query={query}
        errorText={m.store.loadFailed}
        isEmpty={(data) => data.total === 0}
        empty={<p className="text-slate-600">{m.store.noListings}</p>}
      >
        {(data) => (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {data.items.map((listing) => (
                <li
                  key={listing.listingId}
                  data-testid="store-listing"
                  className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
                >
                  <ProductImage src={listing.thumbnailUrl} className="size-20 shrink-0 rounded-lg" />
                  <div className="min-w-0 space-y-1">
                    <Link
                      to={productPath(listing.listingId)}
                      className="block font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                    >
                      {listing.marka} {listing.modelKodu}
                    </Link>
                    <OfferPrice
                      priceKurus={listing.priceKurus}
                      finalPriceKurus={listing.finalPriceKurus}
                      discountPercent={listing.discountPercent}
                    />
                    <p className="flex items-center gap-1.5 text-sm text-slate-600">
                      <StockBadge stock={listing.stock} /> {marketplaceMessages.stockCount(listing.stock)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <PageButtons page={data.page} pageCount={data.pageCount} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function StoreHeader({ store }: { store: StoreProfile }) {
  return (
    <header className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{store.name}</h1>
      {store.handle ? <p className="text-slate-600">@{store.handle}</p> : null}
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
        <li data-testid="store-rating">
          <StoreRating average={store.rating.average} count={store.rating.count} />
        </li>
        {store.city ? (
          <li className="flex items-center gap-1">
            <MapPin aria-hidden="true" className="size-4" />
            <span className="sr-only">{m.store.city}: </span>
            {store.city}
          </li>
        ) : null}
        <li className="flex items-center gap-1">
          <CalendarDays aria-hidden="true" className="size-4" />
          {m.store.memberSince(formatDate(store.memberSince))}
        </li>
      </ul>
    </header>
  );
}

/** /magaza/:slug: a store's public page — who it is, its rating and reviews, its active listings. */
export function StorePage() {
  const { slug = '' } = useParams();
  const query = useStore(slug);
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-6 sm:py-8">
      <title>{`${query.data?.name ?? m.store.title} | OptiStok`}</title>
      <QueryState
        query={query}
        renderError={(error) =>
          error instanceof ApiError && error.status === 404 ? (
            <NotFoundPage />
          ) : (
            <p className="text-red-700">{m.store.loadFailed}</p>
          )
        }
      >
        {(store) => (
          <>
            <StoreHeader store={store} />
            <StoreReviews slug={slug} isOwner={store.isOwner} />
            <StoreListings slug={slug} />
          </>
        )}
      </QueryState>
    </div>
  );
}
