import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { reviewMessages } from '#shared/messages/reviews.tr.ts';
import { foldTurkish } from '#shared/turkish-fold.ts';
import { controlClasses } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { brandSearchPath } from '../../lib/paths.ts';
import { useBrands } from './api.ts';

const t = reviewMessages.brands;

/** /markalar: every brand with its live listing count and initials, searchable ("işık" finds "IŞIK"). */
export function BrandsPage() {
  const brands = useBrands();
  const [filter, setFilter] = useState('');
  const searchId = useId();
  const folded = foldTurkish(filter.trim());
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${t.title} | OptiStok`}</title>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{t.title}</h1>
      <p className="mt-1 text-slate-600">{t.lead}</p>
      <div className="relative mt-4 max-w-md">
        <label htmlFor={searchId} className="sr-only">
          {t.searchLabel}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={searchId}
          type="search"
          value={filter}
          placeholder={t.searchPlaceholder}
          onChange={(event) => setFilter(event.target.value)}
          className={`${controlClasses} pl-9`}
        />
      </div>
      <QueryState
        query={brands}
        errorText={t.loadFailed}
        isEmpty={(data) => data.brands.length === 0}
        empty={<p className="mt-6 text-slate-600">{t.empty}</p>}
      >
        {(data) => {
          const shown = folded ? data.brands.filter((b) => foldTurkish(b.name).includes(folded)) : data.brands;
          if (shown.length === 0) return <p className="mt-6 text-slate-600">{t.none}</p>;
          return (
            <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-label={t.title}>
              {shown.map((brand) => (
                <li key={brand.name}>
                  <Link
                    to={brandSearchPath(brand.name)}
                    data-testid="brand-link"
                    className="flex min-h-16 items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-500"
                  >
                    <span
                      aria-hidden="true"
                      className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-100 font-bold text-brand-800"
                    >
                      {brand.initials}
                    </span>
                    <span className="min-w-0">
                      <span className="block truncate font-semibold text-slate-900">{brand.name}</span>
                      <span className="block text-sm text-slate-600">{t.listingCount(brand.listingCount)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </div>
  );
}
