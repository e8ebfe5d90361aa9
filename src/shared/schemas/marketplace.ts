import { categoryIds } from '../categories.ts';
import { catalogueProductSchema } from './catalogue.ts';
import { pageSchema } from './common.ts';
import { z } from './zod-tr.ts';

/** Longest search text that is looked at; the rest of a longer query is ignored, not refused. */
export const SEARCH_QUERY_MAX = 200;
export const BROWSE_PAGE_SIZE_DEFAULT = 24;
export const BROWSE_PAGE_SIZE_MAX = 60;
export const browseSorts = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type BrowseSort = (typeof browseSorts)[number];

/** Longest value of a repeated filter that is looked at (brands are at most 60 characters); a longer one is ignored. */
const REPEATED_VALUE_MAX = 100;

/** A query-string value given once or repeated (?brand=A&brand=B), as a list of at most 20. */
const repeated = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    value === undefined
      ? []
      : (Array.isArray(value) ? value : [value])
          .map((s) => s.trim())
          .filter((s) => s !== '' && s.length <= REPEATED_VALUE_MAX)
          .slice(0, 20),
  );

/** Whole lira from a query string; anything odd is ignored. */
const liraBound = z.coerce.number().int().min(0).max(10_000_000).optional().catch(undefined);

const queryFlag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .catch(undefined)
  .transform((value) => value === 'true' || value === '1');

/**
 * One query for category pages, /urunler, /marketplace, the member feed and /arama. With q the
 * results are ranked by relevance; without it they are newest first. Prices (filters and sort)
 * are ignored for visitors, who do not see them.
 */
export const browseQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => {
      const trimmed = value?.trim().slice(0, SEARCH_QUERY_MAX).trim();
      return trimmed ? trimmed : undefined;
    }),
  category: z.enum(categoryIds).optional().catch(undefined),
  sub: z.string().trim().max(40).optional().catch(undefined),
  brand: repeated,
  minPrice: liraBound,
  maxPrice: liraBound,
  inStock: queryFlag,
  promoted: queryFlag,
  sort: z.enum(browseSorts).optional().catch(undefined),
  page: pageSchema,
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(BROWSE_PAGE_SIZE_MAX)
    .catch(BROWSE_PAGE_SIZE_DEFAULT)
    .default(BROWSE_PAGE_SIZE_DEFAULT),
});

export type BrowseQueryValues = z.output<typeof browseQuerySchema>;

/** One seller's offer (the product page). Prices are null for visitors. */
export const listingCardSchema = z.object({
  listingId: z.uuid(),
  productId: z.uuid(),
  marka: z.string(),
  modelKodu: z.string(),
  name: z.string(),
  kategori: z.string(),
  altKategori: z.string().nullable(),
  renk: z.string(),
  barcode: z.string().nullable(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  priceKurus: z.number().int().nullable(),
  discountPercent: z.number().int().nullable(),
  /** fiyat × (1 − discount/100), rounded to the kuruş; null for visitors. */
  finalPriceKurus: z.number().int().nullable(),
  stock: z.number().int(),
  handlingDays: z.number().int(),
  minOrderQty: z.number().int(),
  miad: z.string().nullable(),
  isPromoted: z.boolean(),
  sellerId: z.string(),
  /** The seller's public handle (shown with @); null when the seller has none. */
  sellerHandle: z.string().nullable(),
  /** The seller's store page address (/magaza/:slug); null when the seller has none. */
  sellerSlug: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ListingCard = z.infer<typeof listingCardSchema>;

/**
 * A catalogue product on the browse pages and in search (decision 016): one card gathering its
 * offers that pass the filters. The price is null for visitors.
 */
export const productSummarySchema = listingCardSchema
  .pick({
    productId: true,
    marka: true,
    modelKodu: true,
    name: true,
    kategori: true,
    altKategori: true,
    barcode: true,
    imageUrl: true,
    thumbnailUrl: true,
  })
  .extend({
    /** The lowest final (discounted) price of its in-stock offers; null for visitors and when none is in stock. */
    lowestPriceKurus: z.number().int().nullable(),
    /** Stores offering it ("5 satıcı"). */
    sellerCount: z.number().int(),
    offerCount: z.number().int(),
    /** Units in stock over all its offers. */
    totalStock: z.number().int(),
    /** Some offer of it is promoted. */
    isPromoted: z.boolean(),
  });
export type ProductSummary = z.infer<typeof productSummarySchema>;

const facetCountSchema = z.object({ id: z.string(), label: z.string(), count: z.number().int() });

/** A page of products; the total and every facet count products, not listings. */
export const browseResultSchema = z.object({
  items: z.array(productSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  /** False for visitors: prices, price facets and price sorting are left out. */
  pricesVisible: z.boolean(),
  facets: z.object({
    categories: z.array(facetCountSchema),
    subcategories: z.array(facetCountSchema),
    brands: z.array(facetCountSchema),
    price: z.object({ minKurus: z.number().int(), maxKurus: z.number().int() }).nullable(),
  }),
});
export type BrowseResult = z.infer<typeof browseResultSchema>;

/** Live product counts per category and subcategory (/kategoriler). */
export const categoryCountsSchema = z.object({
  total: z.number().int(),
  categories: z.array(
    z.object({ id: z.string(), label: z.string(), count: z.number().int(), subcategories: z.array(facetCountSchema) }),
  ),
});
export type CategoryCounts = z.infer<typeof categoryCountsSchema>;

/** One seller's offer on the product page (the spec's "Seller offer"). */
export const productOfferSchema = listingCardSchema.extend({
  /** The seller's average review score to one decimal; null until a review exists. */
  sellerRating: z.number().nullable(),
  sellerReviewCount: z.number().int(),
});
export type ProductOffer = z.infer<typeof productOfferSchema>;

/** /urun/:id takes a catalogue product's id or a listing's; anything else is answered "not found", not "invalid". */
export const productDetailParamsSchema = z.object({ id: z.string().max(100) });

/** /urun/:id: the catalogue product and every active offer. The id may be a product's or a listing's. */
export const productDetailSchema = z.object({
  product: catalogueProductSchema,
  offers: z.array(productOfferSchema),
  /** The listing whose id was in the address, when it was a listing's. */
  highlightedListingId: z.uuid().nullable(),
  pricesVisible: z.boolean(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** /markalar: every brand of the catalogue with its live (active) listing count. */
export const brandListSchema = z.object({
  brands: z.array(
    z.object({
      name: z.string(),
      /** One or two letters for the logo badge ("Ray-Ban" → "RB"). */
      initials: z.string(),
      listingCount: z.number().int(),
    }),
  ),
});
export type BrandList = z.infer<typeof brandListSchema>;
