import { ChevronRight, Heart, PackageOpen, Store, type LucideIcon } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { keepScroll } from '../../lib/keep-scroll.ts';
import { categories } from '#shared/categories.ts';
import { messages } from '#shared/messages.tr.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { displayName } from '#shared/roles.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { browseQuerySchema } from '#shared/schemas/marketplace.ts';
import { categoryPath, paths } from '../../lib/paths.ts';
import { QueryState } from '../../components/ui/query-state.tsx';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { formatCount } from '../../lib/format.ts';
import { useCategoryCounts, useListings } from '../../features/marketplace/api.ts';
import { readView } from '../../features/marketplace/browse-params.ts';
import { ProductResults } from '../../features/marketplace/product-results.tsx';
import { ViewToggle } from '../../features/marketplace/view-toggle.tsx';
import { StatsRow } from '../../features/stats/stats-row.tsx';

const m = messages.member;
const t = marketplaceMessages;

/** The feed's filters (spec part 1 §2): all, frames, lenses, promoted; each with its query and its "see all" page. */
const feedFilters = {
  all: { label: t.feed.all, query: {}, seeAll: paths.products },
  gozluk: { label: t.feed.gozluk, query: { category: 'gozluk' }, seeAll: categoryPath('gozluk') },
  lens: { label: t.feed.lens, query: { category: 'lens' }, seeAll: categoryPath('lens') },
  promoted: { label: t.feed.promoted, query: { promoted: 'true' }, seeAll: paths.marketplace },
} as const;
type FeedFilter = keyof typeof feedFilters;
const FEED_SIZE = 12;

function useCategoryCount() {
  const counts = useCategoryCounts().data;
  return (id: string) => counts?.categories.find((c) => c.id === id)?.count;
}

/** Welcome with the category tiles; each tile goes to the category's real id (/kategori/gozluk ...). */
function WelcomeBanner({ user }: { user: SessionUser }) {
  const countOf = useCategoryCount();
  return (
    <section className="rounded-2xl bg-gradient-to-r from-brand-700 to-brand-500 p-6 text-white shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold break-words sm:text-3xl">{m.welcome(displayName(user))}</h1>
      <p className="mt-2 max-w-2xl text-brand-50">{m.welcomeLead}</p>
      <nav aria-label={t.home.categoriesTitle} className="mt-6">
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          {categories.map((category) => {
            const count = countOf(category.id);
            return (
              <li key={category.id}>
                <Link
                  to={categoryPath(category.id)}
                  className="flex h-full min-h-16 flex-col justify-center rounded-xl bg-white/10 px-3 py-2 ring-1 ring-white/20 hover:bg-white/20"
                >
                  <span className="font-semibold break-words">{category.label}</span>
                  {count === undefined ? null : <span className="text-xs text-brand-50">{t.productsCount(count)}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </section>
  );
}

function ProductFeed() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('feed');
  const filter: FeedFilter = raw && raw in feedFilters ? (raw as FeedFilter) : 'all';
  const view = readView(params);
  const listings = useListings(browseQuerySchema.parse({ ...feedFilters[filter].query, pageSize: String(FEED_SIZE) }));
  const choose = (next: { feed?: FeedFilter; view?: 'grid' | 'list' }) => {
    const search = new URLSearchParams();
    const feed = next.feed ?? filter;
    const nextView = next.view ?? view;
    if (feed !== 'all') search.set('feed', feed);
    if (nextView === 'list') search.set('view', 'list');
    setParams(search, { replace: true, state: keepScroll });
  };
  return (
    <section aria-labelledby="member-feed-title" className="min-w-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="member-feed-title" className="text-xl font-bold text-brand-900">
          {t.feed.title}
        </h2>
        <ViewToggle view={view} onChange={(next) => choose({ view: next })} />
      </div>
      <div role="group" aria-label={t.feed.filterLabel} className="mb-4 flex flex-wrap gap-2">
        {(Object.keys(feedFilters) as FeedFilter[]).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={filter === key}
            onClick={() => choose({ feed: key })}
            className={`min-h-10 rounded-full border px-4 text-sm font-medium ${
              filter === key
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700'
            }`}
          >
            {feedFilters[key].label}
          </button>
        ))}
      </div>
      <QueryState query={listings} errorText={t.loadFailed}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState icon={PackageOpen} title={t.feed.empty} body={t.categories.emptyBody} />
          ) : (
            <div
              aria-busy={listings.isPlaceholderData}
              className={listings.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            >
              <ProductResults items={data.items} view={view} pricesVisible={data.pricesVisible} />
              <div className="mt-6 text-center">
                <ButtonLink to={feedFilters[filter].seeAll} variant="secondary">
                  {t.feed.seeAll} <ChevronRight aria-hidden="true" className="size-4" />
                </ButtonLink>
              </div>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}

function QuickLink({ to, icon: Icon, title, hint }: { to: string; icon: LucideIcon; title: string; hint: string }) {
  return (
    <li>
      <Link to={to} className="flex items-center gap-3 rounded-lg p-2 hover:bg-slate-100">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block font-semibold text-slate-900">{title}</span>
          <span className="block text-xs text-slate-600">{hint}</span>
        </span>
      </Link>
    </li>
  );
}

function SideColumn() {
  const countOf = useCategoryCount();
  return (
    <aside className="space-y-6" aria-label={t.home.quickLinks}>
      <section
        aria-labelledby="home-quick-links"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="home-quick-links" className="mb-2 font-semibold text-slate-900">
          {t.home.quickLinks}
        </h2>
        <ul className="space-y-1">
          <QuickLink to={paths.dashboard} icon={Store} title={t.home.sellerPanel} hint={t.home.sellerPanelHint} />
          <QuickLink to={paths.favourites} icon={Heart} title={t.home.favourites} hint={t.home.favouritesHint} />
          <QuickLink
            to={paths.marketplace}
            icon={PackageOpen}
            title={t.home.marketplace}
            hint={t.home.marketplaceHint}
          />
        </ul>
      </section>
      <section
        aria-labelledby="home-category-counts"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="home-category-counts" className="mb-2 font-semibold text-slate-900">
          {t.home.categoryCounts}
        </h2>
        <ul className="space-y-0.5">
          {categories.map((category) => {
            const count = countOf(category.id);
            return (
              <li key={category.id}>
                <Link
                  to={categoryPath(category.id)}
                  className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-brand-700"
                >
                  <span className="min-w-0 break-words">{category.label}</span>
                  {count === undefined ? null : (
                    <span className="text-xs text-slate-500 tabular-nums">{formatCount(count)}</span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
        <Link
          to={paths.categories}
          className="mt-2 inline-block rounded text-sm font-semibold text-brand-700 hover:underline"
        >
          {t.categories.title}
        </Link>
      </section>
    </aside>
  );
}

/** "/" for signed-in users: welcome with category tiles, live figures, the product feed and the side column. */
export function MemberHomePage({ user }: { user: SessionUser }) {
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <title>{`${messages.common.home} | OptiStok`}</title>
      <WelcomeBanner user={user} />
      <section aria-labelledby="member-stats-title">
        <h2 id="member-stats-title" className="mb-4 text-xl font-bold text-brand-900">
          {messages.landing.statsTitle}
        </h2>
        <StatsRow />
      </section>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <ProductFeed />
        <SideColumn />
      </div>
    </div>
  );
}
