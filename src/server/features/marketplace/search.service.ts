import type { ServiceContext } from '../../lib/context.ts';
import {
  barcodeQuery,
  containsPattern,
  searchQueryWords,
  startsWithPattern,
  turkishStems,
} from '../../lib/turkish-search.ts';
import type { MarketplaceCache } from './marketplace.cache.ts';
import { matchProducts, type ProductMatch } from './search.repo.ts';

// Search: a typed query → Turkish, typo-tolerant words → matching catalogue products (decision 012).

export interface SearchTerms {
  words: string[];
  barcode: string | null;
}

/** A query's searchable parts: its folded words and, when it is 8–14 digits, a barcode. */
export function searchTermsOf(query: string): SearchTerms {
  return { words: searchQueryWords(query), barcode: barcodeQuery(query) };
}

/** Products matching the search, best first; none when the query has nothing searchable. */
async function runSearch(ctx: ServiceContext, { words, barcode }: SearchTerms): Promise<ProductMatch[]> {
  if (words.length === 0 && barcode === null) return [];
  return matchProducts(
    ctx.db,
    words.map((word) => ({
      word,
      prefixPattern: startsWithPattern(word),
      infixPattern: [...word].length >= 3 ? containsPattern(word) : null,
      stems: turkishStems(word),
    })),
    barcode,
  );
}

/** runSearch, cached per catalogue version. */
export async function searchMatches(
  ctx: ServiceContext,
  search: SearchTerms,
  catalogueVersion: string,
  cache: MarketplaceCache,
): Promise<ProductMatch[]> {
  return cache.matches.get(JSON.stringify(search), catalogueVersion, () => runSearch(ctx, search));
}

/**
 * Approved catalogue products matching a typed query with the buying side's Turkish, typo-tolerant
 * search (decision 012), best first with their scores. The seller form's catalogue lookup uses it,
 * so a seller finds what /arama finds ("rayban", "akuvue", "wayferer").
 */
export function matchCatalogueProducts(ctx: ServiceContext, query: string): Promise<ProductMatch[]> {
  return runSearch(ctx, searchTermsOf(query));
}
