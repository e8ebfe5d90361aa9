import { tradingMessages as m } from '../messages/trading.tr.ts';
import type { installmentOptions } from '../pricing.ts';
import { provinces } from '../provinces.ts';
import { billingPartySchema } from './invoices.ts';
import { z } from './zod-tr.ts';

/** Turkish mobile numbers: 05XX XXX XX XX, typed with or without spaces, +90 or a leading 0. */
export function normaliseTurkishMobile(input: string): string | null {
  const digits = input.replace(/[\s()-]/g, '');
  const match = /^(?:\+90|0090|90|0)?(5\d{9})$/.exec(digits);
  return match ? `0${match[1]}` : null;
}

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, m.checkout.tooLong);

/** The delivery address (spec part 2 §3); postal_code is optional. */
export const deliveryAddressSchema = z.object({
  full_name: required(m.checkout.fullNameRequired, 100),
  address: required(m.checkout.addressRequired, 500),
  city: z.enum(provinces, { error: m.checkout.cityRequired }),
  district: required(m.checkout.districtRequired, 100),
  postal_code: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, m.checkout.postalCodeInvalid)
    .optional()
    .transform((v) => v || null),
  phone: z
    .string({ error: m.checkout.phoneRequired })
    .trim()
    .min(1, m.checkout.phoneRequired)
    .transform((v, ctx) => {
      const normalised = normaliseTurkishMobile(v);
      if (!normalised) {
        ctx.addIssue({ code: 'custom', message: m.checkout.phoneInvalid });
        return z.NEVER;
      }
      return normalised;
    }),
});
export type DeliveryAddressInput = z.input<typeof deliveryAddressSchema>;
export type DeliveryAddress = z.output<typeof deliveryAddressSchema>;

/** 1 (Peşin), 2, 3, 6 or 12 instalments (spec §9). */
export const installmentsSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(6), z.literal(12)], {
  error: m.checkout.installmentsInvalid,
}) satisfies z.ZodType<(typeof installmentOptions)[number]>;

/** A cart line as the browser sends it: the offer, the quantity, and the unit price the buyer saw. */
export const cartLineInputSchema = z.object({
  listingId: z.uuid({ error: m.cart.lineInvalid }),
  quantity: z
    .number({ error: m.cart.lineInvalid })
    .int(m.cart.lineInvalid)
    .min(1, m.cart.lineInvalid)
    .max(100_000, m.cart.lineInvalid),
  /** The effective unit price shown when the buyer decided; a different current price is reported. */
  seenUnitPriceKurus: z.number().int().positive().nullable().optional(),
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

export const cartQuoteBodySchema = z.object({
  lines: z.array(cartLineInputSchema).max(100, m.cart.tooManyLines),
  installments: installmentsSchema.optional(),
});
export type CartQuoteBody = z.infer<typeof cartQuoteBodySchema>;

/** What differs between the browser's cart line and the offer now. */
export const cartLineProblemSchema = z.enum([
  /** The offer is gone (deleted) or switched off. */
  'unavailable',
  /** The offer's miat (expiry date) has passed: it cannot be bought ("Miadı geçmiş"). */
  'expired',
  /** The buyer's own offer. */
  'own_offer',
  /** The unit price is not the one the buyer saw. */
  'price_changed',
  /** Less stock than the quantity (maxQuantity tells how much is left; 0 = sold out). */
  'insufficient_stock',
  /** Below the seller's minimum order quantity. */
  'below_minimum',
]);
export type CartLineProblem = z.infer<typeof cartLineProblemSchema>;

export const quotedLineSchema = z.object({
  listingId: z.uuid(),
  /** Null when the offer no longer exists. */
  productId: z.uuid().nullable(),
  marka: z.string(),
  modelKodu: z.string(),
  name: z.string(),
  thumbnailUrl: z.string().nullable(),
  sellerId: z.string().nullable(),
  sellerHandle: z.string().nullable(),
  sellerSlug: z.string().nullable(),
  quantity: z.number().int(),
  /** Current effective unit price (discount applied); null for visitors or a vanished offer. */
  unitPriceKurus: z.number().int().nullable(),
  seenUnitPriceKurus: z.number().int().nullable(),
  lineTotalKurus: z.number().int().nullable(),
  stock: z.number().int(),
  minOrderQty: z.number().int(),
  problems: z.array(cartLineProblemSchema),
});
export type QuotedLine = z.infer<typeof quotedLineSchema>;

const amount = z.number().int();
/** The VAT of one rate ("KDV (%20)"), highest rate first. */
export const vatByRateSchema = z.object({ vatRateBp: z.number().int(), baseKurus: amount, vatKurus: amount });
export type VatByRateView = z.infer<typeof vatByRateSchema>;

export const quotedGroupSchema = z.object({
  sellerId: z.string(),
  sellerHandle: z.string().nullable(),
  /** The seller's store page address (/magaza/:slug). */
  sellerSlug: z.string().nullable(),
  listingIds: z.array(z.uuid()),
  subtotalKurus: amount,
  shippingKurus: amount,
  isFreeShipping: z.boolean(),
  untilFreeShippingKurus: amount.nullable(),
  /** This order's own VAT: the sum of its lines' VAT (decision 039). */
  vatKurus: amount,
  vatByRate: z.array(vatByRateSchema),
  totalKurus: amount,
  discountKurus: amount,
  chargedKurus: amount,
});

/** The server's price of a cart (POST /api/cart/quote; also the body of a PRICE_CHANGED refusal). */
export const cartQuoteSchema = z.object({
  pricesVisible: z.boolean(),
  /** The cart holds an ÜTS-tracked product and the buyer's store has no ÜTS number: warn before paying (decision 044). */
  isUtsNumberMissing: z.boolean(),
  lines: z.array(quotedLineSchema),
  /** Only lines without problems are priced; null for visitors. */
  price: z
    .object({
      groups: z.array(quotedGroupSchema),
      subtotalKurus: amount,
      shippingKurus: amount,
      vatKurus: amount,
      vatByRate: z.array(vatByRateSchema),
      isVatIncluded: z.boolean(),
      /** The general rate (informational); the rates applied are in vatByRate. */
      vatRateBp: z.number().int(),
      totalKurus: amount,
      installments: z.number().int(),
      discountKurus: amount,
      chargedKurus: amount,
      installmentAmounts: z.array(amount),
      /** Every instalment option; monthlyKurus is each month but the last (see splitInstallments). */
      plans: z.array(
        z.object({ installments: z.number().int(), chargedKurus: amount, monthlyKurus: amount, discountKurus: amount }),
      ),
    })
    .nullable(),
  settings: z.object({
    shippingFeeKurus: amount,
    freeShippingFromKurus: amount,
    escrowDays: z.number().int(),
    vatRateBp: z.number().int(),
    pricesIncludeVat: z.boolean(),
  }),
  /** True when every line can be bought as it is. */
  isReady: z.boolean(),
});
export type CartQuote = z.infer<typeof cartQuoteSchema>;

/** POST /api/checkout (with an Idempotency-Key header). */
export const checkoutBodySchema = z.object({
  lines: z.array(cartLineInputSchema).max(100, m.cart.tooManyLines),
  shippingAddress: deliveryAddressSchema,
  paymentMethod: z.literal('card', { error: m.checkout.paymentMethodInvalid }),
  installments: installmentsSchema,
  /** The amount the buyer agreed to pay; a different server price is refused with the new quote. */
  expectedChargedKurus: z.number().int().nonnegative(),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

export const checkoutResultSchema = z.object({
  groupId: z.uuid(),
  orderNumbers: z.array(z.string()),
  chargedKurus: amount,
  /** Where the browser goes to type the card (the provider's page). */
  paymentUrl: z.string(),
  reservedUntil: z.iso.datetime(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** What the checkout page prefills and shows: the store's address and its registered billing party. */
export const checkoutProfileSchema = z.object({
  shippingAddress: z.object({
    full_name: z.string(),
    address: z.string(),
    city: z.string(),
    district: z.string(),
    postal_code: z.string(),
    phone: z.string(),
  }),
  billing: billingPartySchema.required(),
  escrowDays: z.number().int(),
  /** With escrowDays, when escrow releases on its own (decision 034). */
  inspectionDays: z.number().int(),
});
export type CheckoutProfile = z.infer<typeof checkoutProfileSchema>;

/** GET /api/checkout/groups/:id: the result page after the bank sent the buyer back. */
export const checkoutGroupStatusSchema = z.object({
  groupId: z.uuid(),
  status: z.enum(['awaiting_payment', 'paid', 'expired', 'payment_failed']),
  chargedKurus: amount,
  installments: z.number().int(),
  /** One order per seller, each with its own number and amount (the charge is their sum). */
  orders: z.array(
    z.object({
      id: z.uuid(),
      orderNumber: z.string(),
      sellerHandle: z.string().nullable(),
      totalKurus: amount,
    }),
  ),
  /** The failed attempt's Turkish reason, when the last attempt failed. */
  failureMessage: z.string().nullable(),
  paymentUrl: z.string().nullable(),
  reservedUntil: z.iso.datetime(),
  /** The bank's answer was lost (timeouts): the card may be charged, so the result is being asked for. */
  isCheckingWithBank: z.boolean(),
});
export type CheckoutGroupStatus = z.infer<typeof checkoutGroupStatusSchema>;

/** The answer to giving up an unpaid checkout (POST /api/checkout/groups/:id/cancel). */
export const cancelCheckoutResultSchema = z.object({ message: z.string() });
export type CancelCheckoutResult = z.infer<typeof cancelCheckoutResultSchema>;
