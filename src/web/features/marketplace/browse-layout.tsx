import { SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { messages } from '#shared/messages.tr.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import type { BrowseSort } from '#shared/schemas/marketplace.ts';
import { QueryState } from '../../components/ui/query-state.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.ts';
import { useListings } from './api.ts';
import { activeFilterCount } from './browse-params.ts';
import { FiltersPanel, type CategoryHref } from './filters-panel.tsx';
import { PricesForMembersNotice } from './offer-price.tsx';
import { ProductResults } from './product-results.tsx';
import { Pagination } from './pagination.tsx';
import { CardGridSkeleton } from './skeletons.tsx';
import type { BrowseState } from './use-browse-state.ts';
import { ViewToggle } from './view-toggle.tsx';

const t = marketplaceMessages;

function SortSelect({
  value,
  hasQuery,
  showPrice,
  onChange,
}: {
  value: BrowseSort;
  hasQuery: boolean;
  showPrice: boolean;
  onChange: (sort: BrowseSort) => void;
}) {
  const id = useId();
  const options: { value: BrowseSort; label: string }[] = [
    ...(hasQuery ? [{ value: 'relevance' as const, label: t.sort.relevance }] : []),
    { value: 'newest', label: t.sort.newest },
    ...(showPrice
      ? [
          { value: 'price_asc' as const, label: t.sort.priceAsc },
          { value: 'price_desc' as const, label: t.sort.priceDesc },
        ]
      : []),
  ];
  // A sort the server ignores here (a price sort for a visitor, relevance without a query) shows as the one it applies.
  const shown = options.some((option) => option.value === value) ? value : options[0].value;
  return (
    <div className="flex items-center gap-2">
      {/* On narrow screens the select's own text says enough; the label stays for screen readers. */}
      <label htmlFor={id} className="sr-only text-sm text-slate-700 sm:not-sr-only">
        {t.sort.label}
      </label>
      <select
        id={id}
        value={shown}
        onChange={(event) => onChange(event.target.value as BrowseSort)}
        className="min-h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

// The sheet (and the Radix dialog code under it, about 40 KB) downloads on the first tap: the
// result pages a visitor lands on hydrate without it (issue 21).
const LazyFiltersSheet = lazy(async () => ({ default: (await import('./filters-sheet.tsx')).FiltersSheet }));

/** The 'Filtreler' button of small screens and the sheet it opens. */
function FiltersSheetButton({
  count,
  total,
  children,
}: {
  count: number;
  total: number | undefined;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [isLoaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={buttonClasses('secondary', 'lg:hidden')}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {count > 0 ? t.filters.withCount(count) : t.filters.title}
      </button>
      {isLoaded ? (
        <Suspense fallback={null}>
          <LazyFiltersSheet open={open} onOpenChange={setOpen} returnFocusRef={buttonRef} total={total}>
            {children}
          </LazyFiltersSheet>
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A page of listings with the 'Filtreler' panel (a side column on wide screens, a sheet on small
 * ones), sort, grid/list and pagination; every choice lives in the address.
 */
export function BrowseLayout({
  browse,
  categoryHref,
  fixedCategory = false,
  countText = t.productsCount,
  empty,
}: {
  browse: BrowseState;
  /** Where a category facet leads; by default the same page with ?category= (the category pages use their paths). */
  categoryHref?: CategoryHref;
  fixedCategory?: boolean;
  countText?: (total: number) => string;
  empty: ReactNode;
}) {
  const { values, view, update, setView, searchFor } = browse;
  const session = useSession();
  const isMember = Boolean(session.data?.user);
  const isSessionPending = session.isPending;
  const listings = useListings(values);
  const result = listings.data;
  const showPrice = result ? result.pricesVisible : isMember;
  const activeCount = activeFilterCount(values, fixedCategory ? { category: values.category, sub: values.sub } : {});
  const clear = () =>
    update({
      brand: [],
      minPrice: undefined,
      maxPrice: undefined,
      inStock: false,
      category: undefined,
      sub: undefined,
    });
  const panel = (
    <FiltersPanel
      result={result}
      values={values}
      update={update}
      categoryHref={categoryHref ?? browse.categoryHref}
      fixedCategory={fixedCategory}
      showPrice={showPrice}
      onClear={clear}
      activeCount={activeCount}
    />
  );
  return (
    <div className="grid gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside aria-label={t.filters.title} className="hidden lg:block">
        <h2 className="mb-3 text-lg font-bold text-brand-900">{t.filters.title}</h2>
        {panel}
      </aside>
      <section aria-labelledby="browse-results-count" className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="browse-results-count" aria-live="polite" className="text-base font-semibold text-slate-900">
            {result ? countText(result.total) : messages.common.loading}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <FiltersSheetButton count={activeCount} total={result?.total}>
              {panel}
            </FiltersSheetButton>
            <SortSelect
              value={values.sort ?? (values.q ? 'relevance' : 'newest')}
              hasQuery={Boolean(values.q)}
              showPrice={showPrice}
              onChange={(sort) => update({ sort })}
            />
            <ViewToggle view={view} onChange={setView} />
          </div>
        </div>
        {/* Its room is kept while the session is unknown, so the notice does not push the results down. */}
        {!showPrice ? (
          <PricesForMembersNotice className={isSessionPending && !result ? 'invisible mb-4' : 'mb-4'} />
        ) : null}
        <QueryState query={listings} errorText={t.loadFailed} pending={<CardGridSkeleton view={view} />}>
          {(data) =>
            data.items.length === 0 ? (
              empty
            ) : (
              <div
                aria-busy={listings.isPlaceholderData}
                className={listings.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
              >
                <ProductResults items={data.items} view={view} pricesVisible={data.pricesVisible} />
                <Pagination
                  page={data.page}
                  pageCount={data.pageCount}
                  hrefFor={(page) => searchFor({ page }) || '?'}
                />
              </div>
            )
          }
        </QueryState>
      </section>
    </div>
  );
}
