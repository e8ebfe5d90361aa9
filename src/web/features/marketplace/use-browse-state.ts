import { useSearchParams } from 'react-router';
import { keepScroll } from '../../lib/keep-scroll.ts';
import { findCategory } from '#shared/categories.ts';
import { browseSearchParams, readView, type BrowseValues, type BrowseView } from './browse-params.ts';
import { readBrowseValues } from './read-browse-values.ts';

export interface BrowseState {
  values: BrowseValues;
  view: BrowseView;
  /** Changes filters (back to the first page unless the change names one), keeping the scroll position. */
  update: (patch: Partial<BrowseValues>) => void;
  setView: (view: BrowseView) => void;
  /** The address (search part) of the same filters with changes, e.g. another page. */
  searchFor: (patch: Partial<BrowseValues>) => string;
  /** A category (and subcategory) chosen in the query string, as on /urunler and /arama. */
  categoryHref: (category?: string, sub?: string) => string;
}

/**
 * The filters of a browse page, kept in the address so reload and back keep them. `fixed` values
 * come from the page itself (its path: a category page's category) and never enter the query string.
 */
export function useBrowseState(fixed: Partial<BrowseValues> = {}): BrowseState {
  const [params, setParams] = useSearchParams();
  const values: BrowseValues = { ...readBrowseValues(params), ...fixed };
  const view = readView(params);
  const omit = Object.keys(fixed) as (keyof BrowseValues)[];
  const searchFor = (patch: Partial<BrowseValues>, nextView = view) => {
    const text = browseSearchParams({ ...values, page: 1, ...patch }, nextView, omit).toString();
    return text ? `?${text}` : '';
  };
  return {
    values,
    view,
    update: (patch) => setParams(searchFor(patch), { state: keepScroll }),
    setView: (next) => setParams(searchFor({ page: values.page }, next), { state: keepScroll, replace: true }),
    searchFor,
    categoryHref: (category, sub) =>
      searchFor({ category: category ? findCategory(category)?.id : undefined, sub }) || '?',
  };
}
