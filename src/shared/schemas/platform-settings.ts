import { categories, categoryIds } from '../categories.ts';
import { adminMessages } from '../messages/admin.tr.ts';
import { emailSchema, typedLira, typedWholeNumber } from './common.ts';
import { z } from './zod-tr.ts';

/** The platform settings an admin edits (/admin/settings) and the public part every page reads. */
const a = adminMessages;

export const MAX_SHIPPING_FEE_KURUS = 100_000_00; // 100.000 TL: a typo guard, not a business rule
export const MAX_LOW_STOCK_THRESHOLD = 1_000_000;
export const MAX_FREE_SHIPPING_FROM_KURUS = 10_000_000_00; // 10 milyon TL: a typo guard, not a business rule

const s = a.settings;
/** Optional: an empty field means "not set" (null). */
const optionalEmail = z
  .preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    emailSchema({ invalid: s.emailInvalid, short: s.emailShort, long: s.emailLong }).nullable().optional(),
  )
  .transform((v) => v ?? null);

/** The inspection period's range in days, as the table's CHECK allows. */
export const MIN_INSPECTION_DAYS = 1;
export const MAX_INSPECTION_DAYS = 30;

/** The highest commission the platform may take (50 %), as the table's CHECK allows. */
export const MAX_COMMISSION_BP = 5_000;
/** The highest withholding rate (10 %), as the table's CHECK allows: a typo guard over the legal 1 %. */
export const MAX_WITHHOLDING_BP = 1_000;

const knownCategoryIds: ReadonlySet<string> = new Set(categoryIds);

/**
 * VAT rates by listing category (kategori id → basis points, 0–10000); a category left out takes
 * the general rate. Only known category ids (src/shared/categories.ts).
 */
export const vatRatesByCategorySchema = z
  .record(
    z.string(),
    z
      .number({ error: s.vatCategoryInvalid })
      .int(s.vatCategoryInvalid)
      .min(0, s.vatCategoryInvalid)
      .max(10_000, s.vatCategoryInvalid),
  )
  .superRefine((rates, ctx) => {
    for (const id of Object.keys(rates)) {
      if (!knownCategoryIds.has(id)) ctx.addIssue({ code: 'custom', message: s.vatCategoryUnknown, path: [id] });
    }
  });
export type VatRatesByCategory = z.infer<typeof vatRatesByCategorySchema>;

/** The VAT rate of a listing's category: its own rate when set, else the general rate. */
export function vatRateForCategory(
  settings: { vatRateBp: number; vatRatesByCategory: Readonly<Record<string, number>> },
  kategori: string,
): number {
  return Object.hasOwn(settings.vatRatesByCategory, kategori)
    ? settings.vatRatesByCategory[kategori]!
    : settings.vatRateBp;
}

/** Known category ids, each once: the categories whose goods are tracked in ÜTS. */
export const utsTrackedCategoriesSchema = z
  .array(z.string({ error: s.utsCategoryUnknown }), { error: s.utsCategoryUnknown })
  .max(categoryIds.length, s.utsCategoryUnknown)
  .superRefine((ids, ctx) => {
    if (ids.some((id) => !knownCategoryIds.has(id)) || new Set(ids).size !== ids.length) {
      ctx.addIssue({ code: 'custom', message: s.utsCategoryUnknown });
    }
  });

/** The API body: rates in basis points, money in kuruş (the stored units). */
export const updatePlatformSettingsBodySchema = z.object({
  vatRateBp: z.number({ error: s.vatInvalid }).int(s.vatInvalid).min(0, s.vatInvalid).max(10_000, s.vatInvalid),
  /** VAT rates by category (reduced rates); absent keeps them, {} clears them all. */
  vatRatesByCategory: vatRatesByCategorySchema.optional(),
  shippingFeeKurus: z
    .number({ error: s.shippingInvalid })
    .int(s.shippingInvalid)
    .min(0, s.shippingInvalid)
    .max(MAX_SHIPPING_FEE_KURUS, s.shippingInvalid),
  escrowDays: z
    .number({ error: s.escrowInvalid })
    .int(s.escrowInvalid)
    .min(1, s.escrowInvalid)
    .max(90, s.escrowInvalid),
  lowStockThreshold: z
    .number({ error: s.lowStockInvalid })
    .int(s.lowStockInvalid)
    .min(0, s.lowStockInvalid)
    .max(MAX_LOW_STOCK_THRESHOLD, s.lowStockInvalid),
  /**
   * A seller group whose goods subtotal reaches this ships free; 0 turns free shipping off.
   * Optional, like pricesIncludeVat: a body without it (an older client) keeps the current value.
   */
  freeShippingFromKurus: z
    .number({ error: s.freeShippingInvalid })
    .int(s.freeShippingInvalid)
    .min(0, s.freeShippingInvalid)
    .max(MAX_FREE_SHIPPING_FROM_KURUS, s.freeShippingInvalid)
    .optional(),
  /** On: listing prices contain VAT (shown as the part inside); off: VAT is added on top. */
  pricesIncludeVat: z.boolean({ error: s.pricesIncludeVatInvalid }).optional(),
  /** Where new-application e-mails go; empty = the first admin's address. */
  adminNotificationEmail: optionalEmail,
  /** The platform's share of each released order, in basis points (0–5000); absent keeps it. */
  commissionBp: z
    .number({ error: s.commissionInvalid })
    .int(s.commissionInvalid)
    .min(0, s.commissionInvalid)
    .max(MAX_COMMISSION_BP, s.commissionInvalid)
    .optional(),
  /**
   * E-ticaret stopajı: income tax withheld from sellers at release, in basis points of the
   * VAT-exclusive amount (0–1000; 100 = 1 %, 0 = off; decision 041). Absent keeps it.
   */
  withholdingBp: z
    .number({ error: s.withholdingInvalid })
    .int(s.withholdingInvalid)
    .min(0, s.withholdingInvalid)
    .max(MAX_WITHHOLDING_BP, s.withholdingInvalid)
    .optional(),
  /** Days past the listings' handling time before an unshipped order is cancelled (0–30); absent keeps it. */
  shipGraceDays: z
    .number({ error: s.shipGraceInvalid })
    .int(s.shipGraceInvalid)
    .min(0, s.shipGraceInvalid)
    .max(30, s.shipGraceInvalid)
    .optional(),
  /**
   * Days the buyer has to look at shipped goods ("7 gün iade", 1–30): no automatic release before
   * shipped + these days. Absent keeps it.
   */
  inspectionDays: z
    .number({ error: s.inspectionInvalid })
    .int(s.inspectionInvalid)
    .min(MIN_INSPECTION_DAYS, s.inspectionInvalid)
    .max(MAX_INSPECTION_DAYS, s.inspectionInvalid)
    .optional(),
  /** Days after shipping without an invoice before the seller is reminded once (1–30); absent keeps it. */
  invoiceReminderDays: z
    .number({ error: s.invoiceReminderInvalid })
    .int(s.invoiceReminderInvalid)
    .min(1, s.invoiceReminderInvalid)
    .max(30, s.invoiceReminderInvalid)
    .optional(),
  /** Catalogue categories tracked in ÜTS (the ship dialog asks for their units; decision 044). Absent keeps them. */
  utsTrackedCategories: utsTrackedCategoriesSchema.optional(),
});
export type UpdatePlatformSettingsBody = z.input<typeof updatePlatformSettingsBodySchema>;

/** What every visitor's app may know (GET /api/settings/public). */
export const publicSettingsSchema = z.object({
  /** The general VAT rate. */
  vatRateBp: z.number().int(),
  /** VAT rates by category id; a category not named takes vatRateBp. */
  vatRatesByCategory: z.record(z.string(), z.number().int()),
  shippingFeeKurus: z.number().int(),
  escrowDays: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** A seller group whose goods subtotal reaches this ships free; 0 = free shipping off. */
  freeShippingFromKurus: z.number().int(),
  /** On: listing prices contain VAT ("KDV dahil"); off: prices are without VAT ("+KDV"). */
  pricesIncludeVat: z.boolean(),
  /** The platform's commission on released orders, in basis points (the seller panel shows it). */
  commissionBp: z.number().int(),
  /** Days after shipping before a shipped order may be released automatically (decision 034). */
  inspectionDays: z.number().int(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** All the settings, as the admin's settings page reads them: the public ones and the rest. */
export const platformSettingsSchema = publicSettingsSchema.extend({
  adminNotificationEmail: z.string().nullable(),
  /** E-ticaret stopajı rate in basis points of the VAT-exclusive released amount (decision 041). */
  withholdingBp: z.number().int(),
  shipGraceDays: z.number().int(),
  invoiceReminderDays: z.number().int(),
  /** Category ids tracked in ÜTS (decision 044). */
  utsTrackedCategories: z.array(z.string()),
  updatedAt: z.iso.datetime(),
  updatedByName: z.string().nullable(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

/** The categories whose VAT rate the admin may set, in display order. */
export const vatRateCategories = categories.map((c) => ({ id: c.id, label: c.label }));

/** "18", "18,5" or "18.50" (a percentage, up to two decimals) → basis points; null when invalid. */
export function parsePercentToBp(input: string): number | null {
  const normalised = input.trim().replace('%', '').trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(normalised)) return null;
  const [whole, fraction = ''] = normalised.split('.');
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** 1800 → "18,00". */
export function formatBpAsPercent(bp: number): string {
  return (bp / 100).toFixed(2).replace('.', ',');
}

/** A typed percentage ("1", "2,5") up to `maxBp`, as basis points; else `message`. */
function typedPercent(message: string, maxBp: number) {
  return z.string({ error: message }).transform((v, ctx) => {
    const bp = parsePercentToBp(v);
    if (bp === null || bp > maxBp) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return bp;
  });
}

/** The settings form as typed: percent and lira as text, converted to the API units. */
export const platformSettingsFormSchema = z.object({
  vatRatePercent: z.string({ error: s.vatInvalid }).transform((v, ctx) => {
    const bp = parsePercentToBp(v);
    if (bp === null) {
      ctx.addIssue({ code: 'custom', message: s.vatInvalid });
      return z.NEVER;
    }
    return bp;
  }),
  /** One text per category: empty = the general rate. Absent (a form without the fields) = none. */
  vatRatesByCategoryPercent: z
    .record(z.string(), z.string())
    .default({})
    .transform((typed, ctx) => {
      const rates: Record<string, number> = {};
      for (const [id, text] of Object.entries(typed)) {
        if (text.trim() === '') continue;
        const bp = parsePercentToBp(text);
        if (bp === null) ctx.addIssue({ code: 'custom', message: s.vatCategoryInvalid, path: [id] });
        else rates[id] = bp;
      }
      return rates;
    }),
  shippingFeeLira: typedLira(s.shippingInvalid, 0, MAX_SHIPPING_FEE_KURUS),
  escrowDays: typedWholeNumber(s.escrowInvalid, 1, 90),
  lowStockThreshold: typedWholeNumber(s.lowStockInvalid, 0, MAX_LOW_STOCK_THRESHOLD),
  freeShippingFromLira: typedLira(s.freeShippingInvalid, 0, MAX_FREE_SHIPPING_FROM_KURUS),
  pricesIncludeVat: z.boolean(),
  adminNotificationEmail: optionalEmail,
  commissionPercent: typedPercent(s.commissionInvalid, MAX_COMMISSION_BP),
  withholdingPercent: typedPercent(s.withholdingInvalid, MAX_WITHHOLDING_BP),
  shipGraceDays: typedWholeNumber(s.shipGraceInvalid, 0, 30),
  inspectionDays: typedWholeNumber(s.inspectionInvalid, MIN_INSPECTION_DAYS, MAX_INSPECTION_DAYS),
  invoiceReminderDays: typedWholeNumber(s.invoiceReminderInvalid, 1, 30),
  /** Checked categories; absent (a form without the boxes) = none. */
  utsTrackedCategories: utsTrackedCategoriesSchema.default([]),
});
export type PlatformSettingsFormInput = z.input<typeof platformSettingsFormSchema>;
export type PlatformSettingsFormOutput = z.output<typeof platformSettingsFormSchema>;
