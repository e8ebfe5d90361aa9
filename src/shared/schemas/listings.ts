import { listingStatuses } from '../status.ts';
import { listingMessages } from '../messages/listings.tr.ts';
import { z } from './zod-tr.ts';

const v = listingMessages.validation;

/** Largest product image a seller may upload (spec: 2 MB). */
export const LISTING_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const LISTING_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
export const LISTING_IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const DEFAULT_HANDLING_DAYS = 2;
export const DEFAULT_MIN_ORDER_QTY = 1;
/** Highest price a listing may carry: 10 million TL, far above any optical device. */
export const LISTING_MAX_PRICE_KURUS = 1_000_000_000;
export const LISTING_MAX_STOCK = 1_000_000;

/**
 * A listing as the seller saves it. The expiry rules that depend on the product (required for
 * contact lenses and solutions) and on today's date are checked by the server's service.
 */
export const listingInputSchema = z.object({
  productId: z.uuid({ error: v.productRequired }),
  stock: z.number({ error: v.stockInvalid }).int(v.stockInvalid).min(0, v.stockInvalid).max(LISTING_MAX_STOCK, v.stockInvalid),
  /** Unit price in kuruş, VAT included. */
  priceKurus: z.number({ error: v.priceInvalid }).int(v.priceInvalid).min(1, v.priceInvalid).max(LISTING_MAX_PRICE_KURUS, v.priceInvalid),
  /** miat: expiry date, "2027-03-31". */
  miad: z.iso.date({ error: v.expiryInvalid }).nullable().default(null),
  handlingDays: z.number({ error: v.handlingDaysInvalid }).int(v.handlingDaysInvalid).min(1, v.handlingDaysInvalid).max(30, v.handlingDaysInvalid).default(DEFAULT_HANDLING_DAYS),
  minOrderQty: z.number({ error: v.minOrderInvalid }).int(v.minOrderInvalid).min(1, v.minOrderInvalid).max(LISTING_MAX_STOCK, v.minOrderInvalid).default(DEFAULT_MIN_ORDER_QTY),
  discountPercent: z.number({ error: v.discountInvalid }).int(v.discountInvalid).min(1, v.discountInvalid).max(90, v.discountInvalid).nullable().default(null),
  isPromoted: z.boolean().default(false),
});
export type ListingInput = z.input<typeof listingInputSchema>;
export type ListingValues = z.output<typeof listingInputSchema>;

/** The public address of a stored listing image ("listing-images/<hex>"). */
export function listingImageUrl(key: string | null): string | null {
  return key ? `/api/${key}` : null;
}

/** A listing in the seller's own list (spec: "Product in the seller list"). */
export const sellerListingSchema = z.object({
  id: z.uuid(),
  productId: z.uuid().nullable(),
  marka: z.string(),
  /** Brand plus model code, as the spec's list shows it. */
  name: z.string(),
  modelKodu: z.string(),
  kategori: z.string(),
  altKategori: z.string().nullable(),
  /** Turkish type label: the subcategory's name, else the category's. */
  tur: z.string(),
  barkod: z.string().nullable(),
  miad: z.string().nullable(),
  stok: z.number().int(),
  priceKurus: z.number().int(),
  durum: z.enum(listingStatuses),
  handlingDays: z.number().int(),
  minOrderQty: z.number().int(),
  discountPercent: z.number().int().nullable(),
  isPromoted: z.boolean(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SellerListing = z.infer<typeof sellerListingSchema>;

export const sellerListingListSchema = z.object({ items: z.array(sellerListingSchema) });
export type SellerListingList = z.infer<typeof sellerListingListSchema>;

/** A seller's recent order on the dashboard (real once trading lands; empty until then). */
export const sellerRecentOrderSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  totalKurus: z.number().int(),
  status: z.string(),
  createdAt: z.iso.datetime(),
});

/** The dashboard's stat cards and recent-5 lists, from the database. */
export const sellerDashboardSchema = z.object({
  totalProducts: z.number().int(),
  activeProducts: z.number().int(),
  totalOrders: z.number().int(),
  pendingOrders: z.number().int(),
  totalRevenueKurus: z.number().int(),
  monthlyRevenueKurus: z.number().int(),
  lowStockThreshold: z.number().int(),
  recentProducts: z.array(sellerListingSchema),
  recentOrders: z.array(sellerRecentOrderSchema),
});
export type SellerDashboard = z.infer<typeof sellerDashboardSchema>;
