import { browseQuerySchema } from '#shared/schemas/marketplace.ts';
import type { BrowseValues } from './browse-params.ts';

// Apart from browse-params.ts: only the pages that read filters from their address need the
// schema (and zod, about 24 KB brotli); the product page builds addresses but reads none.
/** Filters as read from the address (?q=&brand=A&brand=B&minPrice=&maxPrice=&inStock=1&sort=&page=&category=&sub=). */
export function readBrowseValues(params: URLSearchParams): BrowseValues {
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    input[key] = all.length > 1 ? all : all[0];
  }
  return browseQuerySchema.parse(input);
}
