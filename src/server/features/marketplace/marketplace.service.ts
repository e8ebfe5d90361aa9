import { categories, findCategory, isSubcategoryOf } from '#shared/categories.ts';
import { todayInTurkey } from '#shared/dates.ts';
import { discountedPrice } from '#shared/money.ts';
import { listingImageUrl } from '#shared/schemas/listings.ts';
import type {
  BrandList,
  BrowseQueryValues,
  BrowseResult,
  BrowseSort,
  CategoryCounts,
  ListingCard,
  ProductDetail,
  ProductSummary,
} from '#shared/schemas/marketplace.ts';
import { STORE_LISTINGS_PAGE_SIZE, type StoreListingList } from '#shared/schemas/stores.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ServiceContext } from '../../lib/context.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { ratingsOfStores } from '../reviews/index.ts';
import type { MarketplaceCache } from './marketplace.cache.ts';
import {
  brandCountsAffected,
  categoryCountsAffected,
  countsAffected,
  pageAffected,
  stockPatchOf,
  type ListingScope,
} from './marketplace.dependencies.ts';
import {
  countListingsByBrand,
  countProducts,
  countProductsByCategory,
  countStoreListings,
  findApprovedProduct,
  findListingProductId,
  findOffers,
  findProductPage,
  findStoreListings,
  readVersions,
  type CardProductColumns,
  type CountRow,
  type ListingCardRow,
  type ListingFilter,
  type ProductCardRow,
} from './marketplace.repo.ts';
import { type ProductMatch } from './search.repo.ts';
import { searchMatches, SearchTerms, searchTermsOf } from './search.service.ts';

interface CacheState {
  /** Stamps the search matches. */
  catalogue: string;
  /**
   * Stamps counts and pages. Offers leave the buying side when their miat passes, a change no
   * listing write announces: the Turkish day on the app's clock stamps them, so yesterday's
   * results are not answered today.
   */
  day: string;
  /** Whether counts and pages may come from the cache: every announced change up to this request's read is applied. */
  cached: boolean;
}

async function cacheState(ctx: ServiceContext, cache: MarketplaceCache): Promise<CacheState> {
  const versions = await readVersions(ctx.db);
  return {
    catalogue: versions.catalogue,
    day: todayInTurkey(ctx.clock.now()),
    cached: await cache.changes.ready(versions.marketplace),
  };
}

/** The search matches as a set, one per matches list (every cached page of a search shares it). */
const matchSets = new WeakMap<ProductMatch[], ReadonlySet<string>>();
function matchSetOf(matches: ProductMatch[]): ReadonlySet<string> {
  let set = matchSets.get(matches);
  if (!set) matchSets.set(matches, (set = new Set(matches.map((m) => m.id))));
  return set;
}

function scopeOf(filter: ListingFilter, matches: ProductMatch[] | null): ListingScope {
  return {
    productIds: matches ? matchSetOf(matches) : null,
    category: filter.category,
    subcategory: filter.subcategory,
    brands: filter.brands,
    minFinalKurus: filter.minFinalKurus,
    maxFinalKurus: filter.maxFinalKurus,
    inStock: filter.inStock,
    promoted: filter.promoted,
  };
}

/** Brands listed in the brand facet (the most frequent first), besides those already chosen. */
const BRAND_FACET_SIZE = 20;

export interface Viewer {
  /** Signed-in members see prices; visitors get none, and price filters and sorts are ignored for them. */
  pricesVisible: boolean;
}

/** Members in good standing see prices; visitors (and sessions that may do nothing but reset a password) do not. */
export function viewerOf(user: AuthUser | null): Viewer {
  return { pricesVisible: Boolean(user && !user.banned && !user.mustResetPassword) };
}

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** What an offer's card and a product's card both say about the product. */
function toCardProduct(row: CardProductColumns) {
  return {
    productId: row.product_id,
    marka: row.marka,
    modelKodu: row.model_kodu,
    name: row.name,
    kategori: row.kategori,
    altKategori: row.alt_kategori,
    barcode: row.barcode,
    imageUrl: listingImageUrl(row.image_key),
    thumbnailUrl: listingImageUrl(row.thumbnail_key),
  };
}

function toListingCard(row: ListingCardRow, viewer: Viewer): ListingCard {
  return {
    listingId: row.id,
    ...toCardProduct(row),
    renk: row.renk,
    priceKurus: viewer.pricesVisible ? row.price_kurus : null,
    discountPercent: row.discount_percent,
    finalPriceKurus: viewer.pricesVisible ? discountedPrice(row.price_kurus, row.discount_percent) : null,
    stock: row.stock,
    handlingDays: row.handling_days,
    minOrderQty: row.min_order_qty,
    miad: row.miad,
    isPromoted: row.is_promoted,
    sellerId: row.seller_id,
    sellerHandle: row.seller_handle,
    sellerSlug: row.seller_slug,
    createdAt: toIso(row.created_at),
  };
}

function toProductSummary(row: ProductCardRow, viewer: Viewer): ProductSummary {
  return {
    ...toCardProduct(row),
    lowestPriceKurus: viewer.pricesVisible ? row.lowest_final : null,
    sellerCount: row.seller_count,
    offerCount: row.offer_count,
    totalStock: row.total_stock,
    isPromoted: row.is_promoted,
  };
}

interface Facets {
  total: number;
  facets: BrowseResult['facets'];
}

/**
 * Reads the grouping-set rows of countProducts into the total and the facets;
 * the category facet comes from `categoryRows`, counted without the category filter.
 */
function toFacets(rows: CountRow[], categoryRows: CountRow[], filter: ListingFilter, viewer: Viewer): Facets {
  const overall = rows.find((r) => r.g_category && r.g_subcategory && r.g_brand);
  const byCategory = new Map(
    categoryRows
      .filter((r) => !r.g_category && r.g_subcategory && r.n_category > 0)
      .map((r) => [r.kategori!, r.n_category]),
  );
  const category = filter.category ? findCategory(filter.category) : undefined;
  const bySubcategory = new Map(
    rows
      .filter((r) => !r.g_subcategory && r.kategori === category?.id && r.alt_kategori !== null && r.n_subcategory > 0)
      .map((r) => [r.alt_kategori!, r.n_subcategory]),
  );
  const brandCounts = new Map(
    rows.filter((r) => !r.g_brand && r.marka !== null && r.n_brand > 0).map((r) => [r.marka!, r.n_brand]),
  );
  const topBrands = [...brandCounts]
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b, 'tr'))
    .slice(0, BRAND_FACET_SIZE);
  // A chosen brand stays in the list (with its count) even when it is not among the most frequent.
  for (const brand of filter.brands) {
    if (!topBrands.some(([name]) => name === brand)) topBrands.push([brand, brandCounts.get(brand) ?? 0]);
  }
  return {
    total: overall?.n_all ?? 0,
    facets: {
      categories: categories
        .filter((c) => byCategory.has(c.id))
        .map((c) => ({ id: c.id, label: c.label, count: byCategory.get(c.id)! })),
      subcategories: (category?.subcategories ?? [])
        .filter((s) => bySubcategory.has(s.id))
        .map((s) => ({ id: s.id, label: s.label, count: bySubcategory.get(s.id)! })),
      brands: topBrands.map(([name, count]) => ({ id: name, label: name, count })),
      price:
        viewer.pricesVisible && overall?.min_final != null && overall.max_final != null
          ? { minKurus: overall.min_final, maxKurus: overall.max_final }
          : null,
    },
  };
}

/** A browse query with the viewer's rights applied: what the result depends on, and nothing else. */
interface BrowseRequest extends Omit<ListingFilter, 'matches' | 'now'> {
  search: SearchTerms | null;
  sort: BrowseSort;
  page: number;
  pageSize: number;
  pricesVisible: boolean;
}

function toBrowseRequest(query: BrowseQueryValues, viewer: Viewer): BrowseRequest {
  const category = query.category;
  const isPriceSort = query.sort === 'price_asc' || query.sort === 'price_desc';
  // Visitors see no prices, so their price filters and sorts are dropped.
  const sort = !viewer.pricesVisible && isPriceSort ? undefined : query.sort;
  return {
    search: query.q ? searchTermsOf(query.q) : null,
    category,
    subcategory: category && query.sub && isSubcategoryOf(category, query.sub) ? query.sub : undefined,
    brands: [...new Set(query.brand)].sort(),
    minFinalKurus: viewer.pricesVisible && query.minPrice !== undefined ? query.minPrice * 100 : undefined,
    maxFinalKurus: viewer.pricesVisible && query.maxPrice !== undefined ? query.maxPrice * 100 : undefined,
    inStock: query.inStock,
    promoted: query.promoted,
    sort: query.q ? (sort ?? 'relevance') : sort && sort !== 'relevance' ? sort : 'newest',
    page: query.page,
    pageSize: query.pageSize,
    pricesVisible: viewer.pricesVisible,
  };
}

/**
 * What a computed page's cards were read at: the announcement sequence after the statement's
 * snapshot (ProductCardRow.data_version) and the instant its miat rule used. None for an empty page.
 */
const pageReads = new WeakMap<BrowseResult, { version: number; now: Date }>();

async function computeBrowse(
  ctx: ServiceContext,
  request: BrowseRequest,
  state: CacheState,
  cache: MarketplaceCache,
): Promise<BrowseResult> {
  const { search, sort, page, pageSize, pricesVisible } = request;
  const viewer = { pricesVisible };
  const offset = (page - 1) * pageSize;
  let matches: ProductMatch[] | null = null;
  let tiers: number[] = [];
  if (search) {
    matches = await searchMatches(ctx, search, state.catalogue, cache);
    // Equal scores share a relevance tier; within a tier the products with the newest offers come first.
    let tier = -1;
    tiers = matches.map((m, i) => (i === 0 || m.score !== matches![i - 1].score ? ++tier : tier));
  }
  if (matches?.length === 0) {
    return {
      items: [],
      total: 0,
      page,
      pageSize,
      pageCount: 1,
      pricesVisible,
      facets: { categories: [], subcategories: [], brands: [], price: null },
    };
  }

  const filter: ListingFilter = {
    matches: matches ? { ids: matches.map((m) => m.id), tiers } : undefined,
    category: request.category,
    subcategory: request.subcategory,
    brands: request.brands,
    minFinalKurus: request.minFinalKurus,
    maxFinalKurus: request.maxFinalKurus,
    inStock: request.inStock,
    promoted: request.promoted,
    now: ctx.clock.now(),
  };
  // Counts and facets do not depend on the sort or the page, so every page of a query shares them.
  // Members and visitors do not: a price change moves the members' price range only.
  const count = (f: ListingFilter) => {
    if (!state.cached) return countProducts(ctx.db, f);
    const key = JSON.stringify({
      ...request,
      category: f.category,
      subcategory: f.subcategory,
      sort: null,
      page: null,
      pageSize: null,
    });
    const scope = scopeOf(f, matches);
    return cache.counts.get(
      key,
      state.day,
      () => countProducts(ctx.db, f),
      (change) => countsAffected(change, scope, pricesVisible),
    );
  };
  // A category's counts read its listings only; the category facet is counted without it, and
  // is shared by every category page with the same other filters.
  const [countRows, categoryRows] = await Promise.all([
    count(filter),
    filter.category ? count({ ...filter, category: undefined, subcategory: undefined }) : null,
  ]);
  const { total, facets } = toFacets(countRows, categoryRows ?? countRows, filter, viewer);
  const rows = await findProductPage(ctx.db, filter, sort, pageSize, offset);

  const result: BrowseResult = {
    items: rows.map((row) => toProductSummary(row, viewer)),
    total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    pricesVisible,
    facets,
  };
  if (rows.length > 0) pageReads.set(result, { version: Number(rows[0].data_version), now: filter.now });
  return result;
}

/**
 * Category pages, /urunler, /marketplace, the member feed and /arama, one card per catalogue
 * product (decision 016). Visitors get no prices, and
 * their price filters and sorts are ignored, here on the server. Results are kept until a listing
 * change that touches them is announced, so a repeated query is answered from memory.
 */
export async function browseListings(
  ctx: ServiceContext,
  input: { query: BrowseQueryValues; viewer: Viewer },
  cache: MarketplaceCache,
): Promise<BrowseResult> {
  const request = toBrowseRequest(input.query, input.viewer);
  const state = await cacheState(ctx, cache);
  if (!state.cached) return computeBrowse(ctx, request, state, cache);
  // The page's filters as its counts and cards read them (the search's matches come with the result).
  let scope: ListingScope | null = null;
  let matches: ProductMatch[] | null = null;
  const pageIds = new WeakMap<BrowseResult, ReadonlySet<string>>();
  return cache.pages.get(
    JSON.stringify(request),
    state.day,
    async () => {
      if (request.search) matches = await searchMatches(ctx, request.search, state.catalogue, cache);
      scope = scopeOf({ ...request, now: ctx.clock.now() }, matches);
      return computeBrowse(ctx, request, state, cache);
    },
    (change, result, version) => {
      // Before its matches are known, a search page depends on every listing its other filters read.
      const pageScope = scope ?? scopeOf({ ...request, now: ctx.clock.now() }, null);
      let productIds: ReadonlySet<string> | undefined;
      if (result) {
        productIds = pageIds.get(result);
        if (!productIds) pageIds.set(result, (productIds = new Set(result.items.map((item) => item.productId))));
      }
      const page = {
        scope: pageScope,
        priceSort: request.sort === 'price_asc' || request.sort === 'price_desc',
        pricesVisible: request.pricesVisible,
      };
      if (!pageAffected(change, { ...page, productIds })) return false;
      // A sale or a restock is added to the card instead of computing the page again, but only
      // when the change committed after the page's data was read: one that may already be in it
      // would be counted twice, so the page is dropped for it.
      const read = result && pageReads.get(result);
      if (!result || !read || version <= read.version) return true;
      const patch = stockPatchOf(change, { ...page, now: read.now });
      if (!patch || !productIds!.has(patch.productId)) return true;
      if (patch.stockDelta === 0) return false;
      const patched: BrowseResult = {
        ...result,
        items: result.items.map((item) =>
          item.productId === patch.productId ? { ...item, totalStock: item.totalStock + patch.stockDelta } : item,
        ),
      };
      pageReads.set(patched, read);
      return { patched };
    },
  );
}

/** Live counts of the products the buying side shows, per category and subcategory (/kategoriler). */
export async function countCategories(ctx: ServiceContext, cache: MarketplaceCache): Promise<CategoryCounts> {
  const state = await cacheState(ctx, cache);
  // The answer itself is cached (not only its rows), so a cached answer goes out as the same bytes (memoisedJson).
  const compute = async () => toCategoryCounts(await countProductsByCategory(ctx.db, ctx.clock.now()));
  return state.cached ? cache.counts.get('categories', state.day, compute, categoryCountsAffected) : compute();
}

function toCategoryCounts(rows: Awaited<ReturnType<typeof countProductsByCategory>>): CategoryCounts {
  const count = (categoryId: string, subcategoryId?: string) =>
    rows.find(
      (r) =>
        !r.g_category &&
        r.kategori === categoryId &&
        (subcategoryId === undefined ? r.g_subcategory : !r.g_subcategory && r.alt_kategori === subcategoryId),
    )?.n ?? 0;
  return {
    total: rows.find((r) => r.g_category)?.n ?? 0,
    categories: categories.map((c) => ({
      id: c.id,
      label: c.label,
      count: count(c.id),
      subcategories: c.subcategories.map((s) => ({ id: s.id, label: s.label, count: count(c.id, s.id) })),
    })),
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /urun/:id: an approved catalogue product with every active offer. The id may be the product's
 * or one of its listings' (the seller list links listings); then that offer is highlighted.
 */
export async function getProductDetail(
  ctx: ServiceContext,
  input: { id: string; viewer: Viewer },
): Promise<ProductDetail> {
  const { viewer } = input;
  if (!uuidPattern.test(input.id)) throw new AppError('PRODUCT_NOT_FOUND');
  const id = input.id.toLowerCase();
  let product = await findApprovedProduct(ctx.db, id);
  if (!product) {
    const productId = await findListingProductId(ctx.db, id);
    product = productId ? await findApprovedProduct(ctx.db, productId) : null;
  }
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  const offers = await findOffers(ctx.db, product.id, viewer.pricesVisible, ctx.clock.now());
  const ratings = await ratingsOfStores(
    ctx.db,
    offers.map((offer) => offer.seller_id),
  );
  // Only a listing on show is highlighted: a switched-off one ('Yayında Değil') leads to its product, nothing more.
  const highlightedListingId = offers.some((offer) => offer.id === id) ? id : null;
  return {
    product: {
      id: product.id,
      brand: product.brand,
      modelCode: product.modelCode,
      name: product.name,
      barcode: product.barcode,
      category: product.category,
      subcategory: product.subcategory,
      colourCode: product.colourCode,
      eyeSizeMm: product.eyeSizeMm,
      bridgeMm: product.bridgeMm,
      templeMm: product.templeMm,
      baseCurveMm: product.baseCurveMm,
      diameterMm: product.diameterMm,
      status: 'approved',
      createdAt: product.createdAt.toISOString(),
    },
    offers: offers.map((row) => {
      const rating = ratings.get(row.seller_id)!;
      return { ...toListingCard(row, viewer), sellerRating: rating.average, sellerReviewCount: rating.count };
    }),
    highlightedListingId,
    pricesVisible: viewer.pricesVisible,
  };
}

/** A store page's active listings, a page at a time (prices for members only). */
export async function listStoreListings(
  ctx: ServiceContext,
  input: { sellerId: string; page: number; viewer: Viewer },
): Promise<StoreListingList> {
  const pageSize = STORE_LISTINGS_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    findStoreListings(ctx.db, input.sellerId, ctx.clock.now(), pageSize, (input.page - 1) * pageSize),
    countStoreListings(ctx.db, input.sellerId, ctx.clock.now()),
  ]);
  return {
    items: rows.map((row) => toListingCard(row, input.viewer)),
    total,
    page: input.page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    pricesVisible: input.viewer.pricesVisible,
  };
}

/** "Ray-Ban" → "RB", "Oakley" → "OA", "Bausch + Lomb" → "BL": the first letters of the first two words. */
export function brandInitials(brand: string): string {
  const words = brand.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = words.length >= 2 ? words[0][0] + words[1][0] : (words[0] ?? '').slice(0, 2);
  return letters.toLocaleUpperCase('tr-TR');
}

/** /markalar: every catalogue brand with its live listing count, in Turkish alphabetical order. */
export async function listBrands(ctx: ServiceContext, cache: MarketplaceCache): Promise<BrandList> {
  const state = await cacheState(ctx, cache);
  // The sorted answer is cached, as the category counts are.
  const compute = async (): Promise<BrandList> => ({
    brands: (await countListingsByBrand(ctx.db, ctx.clock.now()))
      .map((row) => ({ name: row.marka, initials: brandInitials(row.marka), listingCount: row.n }))
      .sort((a, b) => a.name.localeCompare(b.name, 'tr-TR')),
  });
  return state.cached ? cache.counts.get('brands', state.day, compute, brandCountsAffected) : compute();
}
