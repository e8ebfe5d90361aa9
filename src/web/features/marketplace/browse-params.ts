import type { BrowseQueryValues } from '#shared/schemas/marketplace.ts';

export type BrowseView = 'grid' | 'list';

/** The browse filters a page shows in its address: what the listings request needs, checked by the shared schema. */
export type BrowseValues = BrowseQueryValues;

export function readView(params: URLSearchParams): BrowseView {
  return params.get('view') === 'list' ? 'list' : 'grid';
}

/**
 * The address form of the filters, defaults left out so addresses stay short; `omit` drops keys a
 * page keeps in its path (the category pages' category and subcategory). The page size belongs
 * to the page, not the address.
 */
export function browseSearchParams(
  values: Partial<BrowseValues>,
  view: BrowseView = 'grid',
  omit: readonly (keyof BrowseValues)[] = [],
): URLSearchParams {
  const params = new URLSearchParams();
  const set = (key: keyof BrowseValues, value: string | undefined) => {
    if (value !== undefined && !omit.includes(key)) params.set(key, value);
  };
  set('q', values.q);
  set('category', values.category);
  set('sub', values.sub);
  for (const brand of omit.includes('brand') ? [] : (values.brand ?? [])) params.append('brand', brand);
  set('minPrice', values.minPrice?.toString());
  set('maxPrice', values.maxPrice?.toString());
  set('inStock', values.inStock ? '1' : undefined);
  set('promoted', values.promoted ? '1' : undefined);
  set('sort', values.sort);
  set('page', values.page && values.page > 1 ? String(values.page) : undefined);
  if (view === 'list') params.set('view', 'list');
  return params;
}

/** How many filters of the panel are in use (the 'Filtreler (n)' button). */
export function activeFilterCount(values: BrowseValues, fixed: Partial<BrowseValues> = {}): number {
  return (
    (values.category && !fixed.category ? 1 : 0) +
    (values.sub && !fixed.sub ? 1 : 0) +
    values.brand.length +
    (values.minPrice !== undefined || values.maxPrice !== undefined ? 1 : 0) +
    (values.inStock ? 1 : 0)
  );
}
