import { PackageOpen } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { findCategory, isSubcategoryOf, type Category } from '#shared/categories.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { categoryPath, paths } from '../../lib/paths.ts';
import { NotFoundPage } from '../../components/not-found-page.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { formatCount } from '../../lib/format.ts';
import { useCategoryCounts } from './api.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { BrowseLayout } from './browse-layout.tsx';
import { useBrowseState } from './use-browse-state.ts';

const t = marketplaceMessages;

/** The subcategories as chips with live counts; the current one is marked. */
function SubcategoryChips({ category, sub, search }: { category: Category; sub: string | undefined; search: string }) {
  const counts = useCategoryCounts().data?.categories.find((c) => c.id === category.id);
  if (category.subcategories.length === 0) return null;
  const countOf = (id: string) => counts?.subcategories.find((s) => s.id === id)?.count;
  const chip = (to: string, label: string, count: number | undefined, isCurrent: boolean) => (
    <li key={to}>
      <Link
        to={to}
        aria-current={isCurrent ? 'page' : undefined}
        className={`inline-flex min-h-10 items-center gap-1.5 rounded-full border px-3 text-sm font-medium ${
          isCurrent
            ? 'border-brand-700 bg-brand-700 text-white'
            : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700'
        }`}
      >
        {label}
        {/* Room for the count before it arrives, so the chips keep their place. */}
        <span className={`min-w-[3ch] text-xs tabular-nums ${isCurrent ? 'text-brand-50' : 'text-slate-500'}`}>
          {count === undefined ? '' : formatCount(count)}
        </span>
      </Link>
    </li>
  );
  return (
    <nav aria-label={t.categories.subcategoriesLabel} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {chip(categoryPath(category.id) + search, t.filters.allSubcategories, counts?.count, !sub)}
        {category.subcategories.map((s) =>
          chip(categoryPath(category.id, s.id) + search, s.label, countOf(s.id), sub === s.id),
        )}
      </ul>
    </nav>
  );
}

function CategoryBrowse({ category, sub }: { category: Category; sub: string | undefined }) {
  const browse = useBrowseState({ category: category.id, sub });
  const subLabel = sub ? (category.subcategories.find((s) => s.id === sub)?.label ?? null) : null;
  const title = subLabel ? `${category.label} – ${subLabel}` : category.label;
  // Switching category keeps the other filters but starts again from the first page.
  const carried = browse.searchFor({ category: undefined, sub: undefined });
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${title} | OptiStok`}</title>
      <Breadcrumbs
        trail={
          subLabel
            ? [{ label: category.label, to: categoryPath(category.id) }, { label: subLabel }]
            : [{ label: category.label }]
        }
      />
      <h1 className="mb-4 text-2xl font-bold break-words text-brand-900 sm:text-3xl">{title}</h1>
      <SubcategoryChips category={category} sub={sub} search={carried} />
      <BrowseLayout
        browse={browse}
        fixedCategory
        categoryHref={(c, s) => (c ? categoryPath(c, s) : paths.categories) + carried}
        empty={<EmptyState icon={PackageOpen} title={t.categories.empty} body={t.categories.emptyBody} />}
      />
    </div>
  );
}

/** /kategori/:category and /kategori/:category/:sub for every id of the shared list; other ids are not found. */
export function CategoryPage() {
  const params = useParams();
  const category = findCategory(params.category ?? '');
  if (!category || (params.sub !== undefined && !isSubcategoryOf(category.id, params.sub))) return <NotFoundPage />;
  return <CategoryBrowse key={`${category.id}/${params.sub ?? ''}`} category={category} sub={params.sub} />;
}
