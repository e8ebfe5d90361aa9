import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { keepScroll } from '../../lib/keep-scroll.ts';
import { amountMessages } from '#shared/messages/amounts.tr.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { parseLira } from '#shared/money.ts';
import type { BrowseResult } from '#shared/schemas/marketplace.ts';
import { Button } from '../../components/ui/button.tsx';
import { controlClasses } from '../../components/ui/form-field.tsx';
import { formatCount } from '../../lib/format.ts';
import type { BrowseValues } from './browse-params.ts';

const t = marketplaceMessages.filters;

export type CategoryHref = (category?: string, sub?: string) => string;

function Section({ title, children }: { title: string; children: ReactNode }) {
  // The rule sits on the wrapper: on the fieldset itself the legend would cut through it.
  return (
    <div className="border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <fieldset className="min-w-0">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{title}</legend>
        {children}
      </fieldset>
    </div>
  );
}

function FacetLink({ to, label, count, isCurrent }: { to: string; label: string; count?: number; isCurrent: boolean }) {
  return (
    <li>
      <Link
        to={to}
        state={keepScroll}
        aria-current={isCurrent ? 'page' : undefined}
        className={`flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm ${isCurrent ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`}
      >
        <span className="min-w-0 break-words">{label}</span>
        {count === undefined ? null : <span className="text-xs text-slate-500 tabular-nums">{formatCount(count)}</span>}
      </Link>
    </li>
  );
}

function CategoryFacets({
  result,
  values,
  categoryHref,
  fixedCategory,
}: {
  result: BrowseResult | undefined;
  values: BrowseValues;
  categoryHref: CategoryHref;
  fixedCategory: boolean;
}) {
  const facets = result?.facets;
  return (
    <>
      {fixedCategory ? null : (
        <Section title={t.category}>
          <ul className="space-y-0.5">
            <FacetLink to={categoryHref()} label={t.allCategories} isCurrent={!values.category} />
            {facets?.categories.map((c) => (
              <FacetLink
                key={c.id}
                to={categoryHref(c.id)}
                label={c.label}
                count={c.count}
                isCurrent={values.category === c.id && !values.sub}
              />
            ))}
          </ul>
        </Section>
      )}
      {values.category && facets && facets.subcategories.length > 0 ? (
        <Section title={t.subcategory}>
          <ul className="space-y-0.5">
            <FacetLink to={categoryHref(values.category)} label={t.allSubcategories} isCurrent={!values.sub} />
            {facets.subcategories.map((s) => (
              <FacetLink
                key={s.id}
                to={categoryHref(values.category, s.id)}
                label={s.label}
                count={s.count}
                isCurrent={values.sub === s.id}
              />
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

function BrandFacets({
  result,
  values,
  update,
}: {
  result: BrowseResult | undefined;
  values: BrowseValues;
  update: (patch: Partial<BrowseValues>) => void;
}) {
  const brands = result?.facets.brands ?? [];
  // A chosen brand stays visible (and can be unticked) even when the other filters leave it no listings.
  const missing = values.brand
    .filter((b) => !brands.some((facet) => facet.id === b))
    .map((b) => ({ id: b, label: b, count: 0 }));
  const all = [...brands, ...missing];
  if (all.length === 0) return null;
  const toggle = (brand: string, checked: boolean) =>
    update({ brand: checked ? [...values.brand, brand] : values.brand.filter((b) => b !== brand) });
  return (
    <Section title={t.brand}>
      <ul className="max-h-72 space-y-0.5 overflow-y-auto pr-1">
        {all.map((brand) => (
          <li key={brand.id}>
            <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
              <input
                type="checkbox"
                value={brand.id}
                checked={values.brand.includes(brand.id)}
                onChange={(event) => toggle(brand.id, event.target.checked)}
                className="size-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0 flex-1 break-words">{brand.label}</span>
              <span className="text-xs text-slate-500 tabular-nums">{formatCount(brand.count)}</span>
            </label>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * A bound typed by a member the one Turkish way (parseLira), as the whole lira the address holds:
 * a lower bound rounds down and an upper one up, so "1.350,75" never drops that price. Blank means
 * no bound; null means it cannot be read.
 */
function liraBound(text: string, round: (lira: number) => number): number | undefined | null {
  if (!text.trim()) return undefined;
  const kurus = parseLira(text);
  return kurus === null || kurus < 0 ? null : round(kurus / 100);
}

function PriceRange({
  result,
  values,
  update,
}: {
  result: BrowseResult | undefined;
  values: BrowseValues;
  update: (patch: Partial<BrowseValues>) => void;
}) {
  const id = useId();
  const [text, setText] = useState({ min: values.minPrice?.toString() ?? '', max: values.maxPrice?.toString() ?? '' });
  const bounds = result?.facets.price;
  // The current range shows as the placeholders: whole lira, rounded outwards.
  const fields = [
    { key: 'min', label: t.minPrice, placeholder: bounds ? String(Math.floor(bounds.minKurus / 100)) : undefined },
    { key: 'max', label: t.maxPrice, placeholder: bounds ? String(Math.ceil(bounds.maxKurus / 100)) : undefined },
  ] as const;
  const [isUnreadable, setUnreadable] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const minPrice = liraBound(text.min, Math.floor);
    const maxPrice = liraBound(text.max, Math.ceil);
    setUnreadable(minPrice === null || maxPrice === null);
    if (minPrice !== null && maxPrice !== null) update({ minPrice, maxPrice });
  };
  return (
    <Section title={t.price}>
      <form onSubmit={onSubmit} className="space-y-2">
        <div className="grid grid-cols-2 gap-2">
          {fields.map((field) => (
            <div key={field.key}>
              <label htmlFor={`${id}-${field.key}`} className="mb-1 block text-xs text-slate-600">
                {field.label}
              </label>
              <input
                id={`${id}-${field.key}`}
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={isUnreadable && liraBound(text[field.key], Math.floor) === null ? true : undefined}
                aria-describedby={isUnreadable ? `${id}-error` : undefined}
                value={text[field.key]}
                onChange={(event) => setText({ ...text, [field.key]: event.target.value })}
                placeholder={field.placeholder}
                className={controlClasses}
              />
            </div>
          ))}
        </div>
        {isUnreadable ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {amountMessages.liraUnreadable}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" className="w-full">
          {t.apply}
        </Button>
      </form>
    </Section>
  );
}

/**
 * The 'Filtreler' panel: category and subcategory, brands with counts, the price range (members
 * only: visitors see no prices) and in-stock. Every change goes to the address at once.
 */
export function FiltersPanel({
  result,
  values,
  update,
  categoryHref,
  fixedCategory,
  showPrice,
  onClear,
  activeCount,
}: {
  result: BrowseResult | undefined;
  values: BrowseValues;
  update: (patch: Partial<BrowseValues>) => void;
  categoryHref: CategoryHref;
  fixedCategory: boolean;
  showPrice: boolean;
  onClear: () => void;
  activeCount: number;
}) {
  return (
    <div className="space-y-4">
      <CategoryFacets result={result} values={values} categoryHref={categoryHref} fixedCategory={fixedCategory} />
      <BrandFacets result={result} values={values} update={update} />
      {showPrice ? (
        <PriceRange key={`${values.minPrice}-${values.maxPrice}`} result={result} values={values} update={update} />
      ) : null}
      <Section title={t.stock}>
        <label className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100">
          <input
            type="checkbox"
            checked={values.inStock}
            onChange={(event) => update({ inStock: event.target.checked })}
            className="size-4 accent-brand-700"
          />
          {t.inStockOnly}
        </label>
      </Section>
      {activeCount > 0 ? (
        <Button variant="ghost" onClick={onClear} className="w-full">
          {t.clear}
        </Button>
      ) : null}
    </div>
  );
}
