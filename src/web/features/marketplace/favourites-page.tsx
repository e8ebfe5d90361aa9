import { Heart, SearchX } from 'lucide-react';
import { useId, useState } from 'react';
import { categories, categoryLabel, subcategoryLabel } from '#shared/categories.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import type { FavouriteItem } from '#shared/schemas/favourites.ts';
import { paths } from '../../lib/paths.ts';
import { QueryState } from '../../components/ui/query-state.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { controlClasses } from '../../components/ui/form-field.tsx';
import { formatKurus } from '../../lib/format.ts';
import { VatNote } from '../../components/vat-note.tsx';
import type { BrowseView } from './browse-params.ts';
import { ProductCard } from './product-card.tsx';
import { ViewToggle } from './view-toggle.tsx';
import { useFavouriteIds, useFavourites } from './favourites-api.ts';
import { matchesSearch } from './favourite-search.ts';

const t = marketplaceMessages.favourites;

function OfferSummary({ item }: { item: FavouriteItem }) {
  if (item.lowestPriceKurus === null) return <p className="text-sm text-slate-500">{t.noOffers}</p>;
  return (
    <p className="text-sm text-slate-700">
      <span className="block text-xs text-slate-500">{t.fromPrice}</span>
      <span className="text-lg font-bold text-brand-900 tabular-nums">{formatKurus(item.lowestPriceKurus)}</span>{' '}
      <VatNote /> <span className="text-slate-500">· {t.offers(item.offerCount)}</span>
    </p>
  );
}

function FavouriteCard({ item, view }: { item: FavouriteItem; view: BrowseView }) {
  return (
    <ProductCard
      view={view}
      productId={item.productId}
      brand={item.brand}
      model={item.modelCode}
      image={item.thumbnailUrl}
      headingLevel={2}
      footer={<OfferSummary item={item} />}
    >
      <p className="line-clamp-2 text-sm text-slate-600">{item.name}</p>
      <p className="text-xs text-slate-500">
        {subcategoryLabel(item.category, item.subcategory) ?? categoryLabel(item.category)}
      </p>
    </ProductCard>
  );
}

function FavouriteResults({ items }: { items: FavouriteItem[] }) {
  const searchId = useId();
  const categoryId = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('');
  const [view, setView] = useState<BrowseView>('grid');
  // A heart just switched off takes its card away at once, before the list is read again.
  const ids = useFavouriteIds().data;
  const kept = ids ? items.filter((item) => ids.has(item.productId)) : items;
  if (kept.length === 0) {
    return (
      <EmptyState
        icon={Heart}
        title={t.emptyTitle}
        body={t.emptyBody}
        action={<ButtonLink to={paths.marketplace}>{t.discover}</ButtonLink>}
      />
    );
  }
  const shown = kept.filter((item) => (!category || item.category === category) && matchesSearch(item, query));
  return (
    <>
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-60">
          <label htmlFor={searchId} className="mb-1 block text-sm font-medium text-slate-800">
            {t.searchLabel}
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder={t.searchPlaceholder}
            onChange={(event) => setQuery(event.target.value)}
            className={controlClasses}
          />
        </div>
        <div className="basis-48">
          <label htmlFor={categoryId} className="mb-1 block text-sm font-medium text-slate-800">
            {t.categoryFilter}
          </label>
          <select
            id={categoryId}
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            className={controlClasses}
          >
            <option value="">{t.allCategories}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <ViewToggle view={view} onChange={setView} />
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={SearchX} title={t.noMatch} body={t.emptyBody} />
      ) : (
        <ul className={view === 'grid' ? 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4' : 'space-y-3'}>
          {shown.map((item) => (
            <li key={item.productId}>
              <FavouriteCard item={item} view={view} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /favorilerim: the member's favourite products with their best current offer. */
export function FavouritesPage() {
  const favourites = useFavourites();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${t.title} | OptiStok`}</title>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{t.title}</h1>
      <p className="mt-1 mb-6 text-slate-600">{t.lead}</p>
      <QueryState query={favourites} errorText={t.loadFailed}>
        {(data) => <FavouriteResults items={data.items} />}
      </QueryState>
    </div>
  );
}
