import { categoryLabel, subcategoryLabel } from '../categories.ts';
import { isExpiryAcceptable } from '../dates.ts';
import { listingMessages } from '../messages/listings.tr.ts';
import { listingStatuses, orderStatuses } from '../status.ts';
import { typedLira, typedWholeNumber } from './common.ts';
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
  stock: z
    .number({ error: v.stockInvalid })
    .int(v.stockInvalid)
    .min(0, v.stockInvalid)
    .max(LISTING_MAX_STOCK, v.stockInvalid),
  /** Unit price in kuruş, VAT included. */
  priceKurus: z
    .number({ error: v.priceInvalid })
    .int(v.priceInvalid)
    .min(1, v.priceInvalid)
    .max(LISTING_MAX_PRICE_KURUS, v.priceInvalid),
  /** miat: expiry date, "2027-03-31". */
  miad: z.iso.date({ error: v.expiryInvalid }).nullable().default(null),
  handlingDays: z
    .number({ error: v.handlingDaysInvalid })
    .int(v.handlingDaysInvalid)
    .min(1, v.handlingDaysInvalid)
    .max(30, v.handlingDaysInvalid)
    .default(DEFAULT_HANDLING_DAYS),
  minOrderQty: z
    .number({ error: v.minOrderInvalid })
    .int(v.minOrderInvalid)
    .min(1, v.minOrderInvalid)
    .max(LISTING_MAX_STOCK, v.minOrderInvalid)
    .default(DEFAULT_MIN_ORDER_QTY),
  discountPercent: z
    .number({ error: v.discountInvalid })
    .int(v.discountInvalid)
    .min(1, v.discountInvalid)
    .max(90, v.discountInvalid)
    .nullable()
    .default(null),
  isPromoted: z.boolean().default(false),
});
export type ListingInput = z.input<typeof listingInputSchema>;
export type ListingValues = z.output<typeof listingInputSchema>;

/**
 * The seller's product form as typed (texts, price in lira), turned into the listing input. The
 * form also knows whether the chosen product needs an expiry date; the server checks both expiry
 * rules again. `now` is the app's clock (the server's time as the web follows it).
 */
export const createListingFormSchema = (now: () => Date) =>
  z
    .object({
      productId: z.string().min(1, v.productRequired),
      /** Whether the chosen catalogue product is a contact lens or a solution (requiresExpiry). */
      requiresExpiry: z.boolean(),
      stock: typedWholeNumber(v.stockInvalid, 0, LISTING_MAX_STOCK),
      /** Lira as typed, Turkish style ("1.350,75", "₺ 249,90"): parseLira's rule. */
      price: typedLira(v.priceInvalid, 1, LISTING_MAX_PRICE_KURUS),
      miad: z.iso.date({ error: v.expiryInvalid }).nullable(),
      handlingDays: typedWholeNumber(v.handlingDaysInvalid, 1, 30),
      minOrderQty: typedWholeNumber(v.minOrderInvalid, 1, LISTING_MAX_STOCK),
      /** Blank means no discount. */
      discountPercent: z
        .string()
        .transform((text) => (text.trim() === '' ? null : text))
        .pipe(typedWholeNumber(v.discountInvalid, 1, 90).nullable()),
      isPromoted: z.boolean(),
    })
    .superRefine((form, ctx) => {
      if (form.miad === null) {
        if (form.requiresExpiry) ctx.addIssue({ code: 'custom', path: ['miad'], message: v.expiryRequired });
      } else if (!isExpiryAcceptable(form.miad, now())) {
        ctx.addIssue({ code: 'custom', path: ['miad'], message: v.expiryPast });
      }
    })
    .transform((form): ListingValues => ({
      productId: form.productId,
      stock: form.stock,
      priceKurus: form.price,
      miad: form.miad,
      handlingDays: form.handlingDays,
      minOrderQty: form.minOrderQty,
      discountPercent: form.discountPercent,
      isPromoted: form.isPromoted,
    }));

export type ListingFormFields = z.input<ReturnType<typeof createListingFormSchema>>;

/** The form's fields in the order the spec checks them: the first failing one is the toast's message. */
export const listingFormFieldOrder = [
  'productId',
  'stock',
  'price',
  'miad',
  'handlingDays',
  'minOrderQty',
  'discountPercent',
] as const;

/** The Turkish type of a listing or catalogue product: its subcategory's name, else its category's. */
export function listingTypeLabel(category: string, subcategory: string | null): string {
  return subcategoryLabel(category, subcategory) ?? categoryLabel(category);
}

/** Where the API serves listing images: this path plus the stored key's 32 hex digits. */
export const LISTING_IMAGES_PATH = '/api/listing-images/';

/** The public address of a stored listing image (storage key "listing-images/<hex>"). */
export function listingImageUrl(key: string | null): string | null {
  return key ? `${LISTING_IMAGES_PATH}${key.slice(key.indexOf('/') + 1)}` : null;
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
  /** The miat has passed (Turkish day, app clock): the listing is not offered and cannot be bought ("Miadı geçmiş"). */
  isMiadPast: z.boolean(),
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
  status: z.enum(orderStatuses),
  /** Paid and still waiting for the seller's "Onayla" (read as "Satıcı Onayı Bekleniyor"). */
  awaitingAcceptance: z.boolean(),
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
