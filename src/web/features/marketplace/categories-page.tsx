import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { categories } from '#shared/categories.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { categoryPath, paths } from '../../lib/paths.ts';
import { QueryState } from '../../components/ui/query-state.tsx';
import { formatCount } from '../../lib/format.ts';
import { useCategoryCounts } from './api.ts';

const t = marketplaceMessages.categories;

function Count({ value }: { value: number }) {
  return (
    <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 tabular-nums">
      {marketplaceMessages.productsCount(value)}
    </span>
  );
}

/** /kategoriler: every category and subcategory of the shared list with live listing counts. */
export function CategoriesPage() {
  const counts = useCategoryCounts();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${t.title} | OptiStok`}</title>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{t.title}</h1>
      <p className="mt-1 text-slate-600">{t.lead}</p>
      <QueryState query={counts} errorText={marketplaceMessages.loadFailed}>
        {(data) => (
          <>
            <p className="mt-4">
              <Link
                to={paths.products}
                className="inline-flex items-center gap-2 rounded font-semibold text-brand-700 hover:underline"
              >
                {t.allListings} <Count value={data.total} />
              </Link>
            </p>
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {categories.map((category) => {
                const live = data.categories.find((c) => c.id === category.id);
                return (
                  <li key={category.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                    <h2>
                      <Link
                        to={categoryPath(category.id)}
                        className="flex items-center justify-between gap-2 rounded text-lg font-bold text-slate-900 hover:text-brand-700"
                      >
                        <span className="min-w-0 break-words">{category.label}</span>
                        <span className="flex items-center gap-1">
                          <Count value={live?.count ?? 0} />
                          <ChevronRight aria-hidden="true" className="size-4" />
                        </span>
                      </Link>
                    </h2>
                    {category.subcategories.length > 0 ? (
                      <ul className="mt-3 space-y-1">
                        {category.subcategories.map((sub) => (
                          <li key={sub.id}>
                            <Link
                              to={categoryPath(category.id, sub.id)}
                              className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 hover:text-brand-700"
                            >
                              <span className="min-w-0 break-words">{sub.label}</span>
                              <span className="text-xs text-slate-500 tabular-nums">
                                {formatCount(live?.subcategories.find((s) => s.id === sub.id)?.count ?? 0)}
                              </span>
                            </Link>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </QueryState>
    </div>
  );
}
