import { isMiadPast } from '#shared/dates.ts';
import { discountedPrice } from '#shared/money.ts';
import type { ListingChange, ListingState } from './marketplace.cache.ts';
import type { ListingFilter } from './marketplace.repo.ts';

// Which announced listing changes can make a cached count or page wrong (decision 012, amended
// 2026-11-29). Each rule errs on the side of dropping: a listing whose miat has passed still
// counts as on sale here, a product's approval is not looked at (catalogue changes drop
// everything), and a page being computed depends on every listing its filters could read.

/** The filters a cached result was computed under; `productIds` are a search's matches (all products when null). */
export interface ListingScope extends Omit<ListingFilter, 'matches' | 'now'> {
  productIds: ReadonlySet<string> | null;
}

const finalPrice = (s: ListingState) => discountedPrice(s.priceKurus, s.discountPercent);

/** The listings countProducts reads: on sale, in the search's products and the category, in stock and promoted when asked. */
function inCountScope(s: ListingState, scope: ListingScope): boolean {
  return (
    s.status === 'Aktif' &&
    (scope.productIds === null || (s.productId !== null && scope.productIds.has(s.productId))) &&
    (!scope.category || s.kategori === scope.category) &&
    (!scope.inStock || s.stock > 0) &&
    (!scope.promoted || s.isPromoted)
  );
}

/** The listings findProductPage sums into cards: the count scope narrowed by subcategory, brands and price. */
function inPageScope(s: ListingState, scope: ListingScope): boolean {
  const price = finalPrice(s);
  return (
    inCountScope(s, scope) &&
    (!scope.subcategory || s.altKategori === scope.subcategory) &&
    (scope.brands.length === 0 || scope.brands.includes(s.marka)) &&
    (scope.minFinalKurus === undefined || price >= scope.minFinalKurus) &&
    (scope.maxFinalKurus === undefined || price <= scope.maxFinalKurus)
  );
}

/**
 * Counts and facets sum, per product and its category, subcategory and brand, whether a listing
 * passes the price filter, and the final price range (shown to members only). A listing read in
 * neither state changes nothing; one read in both changes them only through those columns.
 */
export function countsAffected(change: ListingChange, scope: ListingScope, pricesVisible: boolean): boolean {
  const { before, after } = change;
  const read = [before, after].map((s) => s !== null && inCountScope(s, scope));
  if (!read[0] && !read[1]) return false;
  if (!read[0] || !read[1]) return true;
  const [o, n] = [before!, after!];
  if (
    o.productId !== n.productId ||
    o.kategori !== n.kategori ||
    o.altKategori !== n.altKategori ||
    o.marka !== n.marka ||
    o.miad !== n.miad
  )
    return true;
  const priceRead = pricesVisible || scope.minFinalKurus !== undefined || scope.maxFinalKurus !== undefined;
  return priceRead && finalPrice(o) !== finalPrice(n);
}

/**
 * A page holds its query's counts and facets (counted over `scope` and, on a category page, over
 * `scope` without the category) and the cards of its products. A change to a listing of a product
 * on the page changes its card (sellers, stock, price, picture); one of a product elsewhere moves
 * the page only if it moves that product in or out of the results, or along the order: its newest
 * offer for relevance and newest, its lowest in-stock price for price sorts.
 */
export function pageAffected(
  change: ListingChange,
  page: {
    scope: ListingScope;
    priceSort: boolean;
    pricesVisible: boolean;
    /** The page's products; undefined while it is computed. */
    productIds: ReadonlySet<string> | undefined;
  },
): boolean {
  const { scope } = page;
  if (countsAffected(change, scope, page.pricesVisible)) return true;
  if (
    scope.category &&
    countsAffected(change, { ...scope, category: undefined, subcategory: undefined }, page.pricesVisible)
  )
    return true;
  const { before, after } = change;
  const states = [before, after].filter((s): s is ListingState => s !== null);
  // A card's picture comes from any offer of its product on sale, whatever the filters say.
  const onPage = page.productIds
    ? states.some((s) => s.productId !== null && page.productIds!.has(s.productId))
    : states.some((s) => inCountScope({ ...s, stock: 1, isPromoted: true }, scope));
  if (onPage) return true;
  const read = [before, after].map((s) => s !== null && inPageScope(s, scope));
  if (!read[0] && !read[1]) return false;
  if (!read[0] || !read[1]) return true;
  const [o, n] = [before!, after!];
  if (o.productId !== n.productId || o.createdAtMs !== n.createdAtMs || o.miad !== n.miad) return true;
  return page.priceSort && (finalPrice(o) !== finalPrice(n) || o.stock > 0 !== n.stock > 0);
}

/**
 * The one change a cached page can take without being computed again: a listing selling or
 * restocking units, on the same side of zero, with nothing else the page reads moved (no card
 * column: the digest is unchanged; no price the page shows, filters or sorts by). Its product's
 * card then shows `stockDelta` more units if the listing is summed into it (on sale at `now`,
 * within the filters), and nothing else on the page moves. Null when the change is any other.
 */
export function stockPatchOf(
  change: ListingChange,
  page: { scope: ListingScope; priceSort: boolean; pricesVisible: boolean; now: Date },
): { productId: string; stockDelta: number } | null {
  const { before: o, after: n } = change;
  if (!o || !n || o.cardKey === null || o.productId === null) return null;
  const same =
    o.id === n.id &&
    o.cardKey === n.cardKey &&
    o.productId === n.productId &&
    o.status === n.status &&
    o.miad === n.miad &&
    o.kategori === n.kategori &&
    o.altKategori === n.altKategori &&
    o.marka === n.marka &&
    o.isPromoted === n.isPromoted &&
    o.createdAtMs === n.createdAtMs &&
    o.stock > 0 === n.stock > 0;
  if (!same) return null;
  const { scope } = page;
  const priceRead =
    page.pricesVisible || page.priceSort || scope.minFinalKurus !== undefined || scope.maxFinalKurus !== undefined;
  if (priceRead && finalPrice(o) !== finalPrice(n)) return null;
  const summed = inPageScope(o, scope) && !isMiadPast(o.miad, page.now);
  return { productId: o.productId, stockDelta: summed ? n.stock - o.stock : 0 };
}

/** /kategoriler counts products on sale per category and subcategory. */
export function categoryCountsAffected({ before: o, after: n }: ListingChange): boolean {
  const onSale = (s: ListingState | null) => s !== null && s.status === 'Aktif';
  if (!onSale(o) && !onSale(n)) return false;
  return (
    !onSale(o) ||
    !onSale(n) ||
    o!.productId !== n!.productId ||
    o!.kategori !== n!.kategori ||
    o!.altKategori !== n!.altKategori ||
    o!.miad !== n!.miad
  );
}

/** /markalar counts listings on sale per brand. */
export function brandCountsAffected({ before: o, after: n }: ListingChange): boolean {
  const onSale = (s: ListingState | null) => s !== null && s.status === 'Aktif';
  if (!onSale(o) && !onSale(n)) return false;
  return !onSale(o) || !onSale(n) || o!.productId !== n!.productId || o!.marka !== n!.marka || o!.miad !== n!.miad;
}
