import { tradingMessages as tm } from '../messages/trading.tr.ts';
import { orderStatuses } from '../status.ts';
import { dateRangeShape, refineDateRange } from './date-filter.ts';
import { billingPartySchema, orderInvoiceSchema } from './invoices.ts';
import { utsLineUnitsSchema } from './uts.ts';
import { z } from './zod-tr.ts';

export const cargoCompanies = ['aras', 'mng', 'yurtici', 'ptt'] as const;
export type CargoCompany = (typeof cargoCompanies)[number];

const amount = z.number().int();

export const orderLineSchema = z.object({
  id: z.uuid(),
  listingId: z.uuid().nullable(),
  productId: z.uuid().nullable(),
  marka: z.string(),
  modelKodu: z.string(),
  productName: z.string(),
  barcode: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  unitPriceKurus: amount,
  /** The line's VAT rate at purchase, kept for good. */
  vatRateBp: z.number().int(),
  quantity: z.number().int(),
  lineTotalKurus: amount,
  /** The line's VAT (on line + shipping share − Peşin share); null on orders placed before per-line VAT. */
  vatKurus: amount.nullable(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const deliveryAddressViewSchema = z.object({
  full_name: z.string(),
  address: z.string(),
  city: z.string(),
  district: z.string(),
  postal_code: z.string().nullable(),
  phone: z.string(),
});

export const orderEventSchema = z.object({
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  createdAt: z.iso.datetime(),
});

/**
 * The verbs a person may apply to an order (the server's order table): the seller accepts ("Onayla")
 * and ships, the buyer confirms delivery or reports a problem, an admin decides a dispute.
 */
export const orderActions = [
  'cancelPayment',
  'accept',
  'ship',
  'confirmDelivery',
  'dispute',
  'refundFully',
  'refundPartly',
  'releaseDisputed',
] as const;
export type OrderAction = (typeof orderActions)[number];
/** What the viewer may do with the order now, computed by the server (the web shows buttons from it). */
export const orderActionsSchema = z.array(z.enum(orderActions));

/** An order as its buyer sees it (the seller only as @handle). */
export const buyerOrderSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  groupId: z.uuid().nullable(),
  status: z.enum(orderStatuses),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  escrowEndsAt: z.iso.datetime().nullable(),
  /** When the seller accepted the order (set at payment with automatic approval); null = awaiting "Onayla". */
  acceptedAt: z.iso.datetime().nullable(),
  /** Until when a paid order awaiting approval may be accepted; after it, it is cancelled and refunded. */
  acceptBy: z.iso.datetime().nullable(),
  /** Paid and still waiting for the seller's "Onayla" (the server's accept rule: status and guard). */
  awaitingAcceptance: z.boolean(),
  subtotalKurus: amount,
  shippingKurus: amount,
  vatKurus: amount,
  discountKurus: amount,
  totalKurus: amount,
  /** Prices included VAT when the order was placed: the VAT is inside the goods ("İçindeki KDV"). */
  pricesIncludeVat: z.boolean(),
  /** Refunded to the buyer's card so far (dispute decisions, a missed ship deadline). */
  refundedKurus: amount,
  sellerHandle: z.string().nullable(),
  /** The seller's store page address (/magaza/:slug). */
  sellerSlug: z.string().nullable(),
  cargoCompany: z.enum(cargoCompanies).nullable(),
  trackingNumber: z.string().nullable(),
  items: z.array(orderLineSchema),
  /** The buyer reported a problem ("Sorun Bildir"): the order has a dispute, open or decided (/api/orders/:id/dispute). */
  hasDispute: z.boolean(),
  /** Its money reached the seller, so its buyer may rate the seller ("Satıcıyı Değerlendir"; the reviews rule). */
  isReviewable: z.boolean(),
  actions: orderActionsSchema,
});
export type BuyerOrder = z.infer<typeof buyerOrderSchema>;

export const buyerOrderDetailSchema = buyerOrderSchema.extend({
  shippingAddress: deliveryAddressViewSchema.nullable(),
  installments: z.number().int().nullable(),
  /**
   * The card payment of the order's group (all its sellers' orders) in months, as the bank charges
   * it: equal months, the last absorbing the leftover kuruş (splitInstallments); null without a group.
   */
  installmentAmounts: z.array(amount).nullable(),
  cardBrand: z.string().nullable(),
  cardLastFour: z.string().nullable(),
  events: z.array(orderEventSchema),
  /** The seller's invoice (downloaded from /api/orders/:id/invoice/pdf); null until uploaded. */
  invoice: orderInvoiceSchema.nullable(),
});
export type BuyerOrderDetail = z.infer<typeof buyerOrderDetailSchema>;

/** Longest search text of the order lists. */
export const ORDER_SEARCH_MAX = 100;

/**
 * An order list's search text: an order number ("OS-2026-000123", "#123"), the other store's name
 * or @handle, or a product of the order's lines; blank is no search.
 */
export const orderSearchSchema = z
  .string()
  .trim()
  .max(ORDER_SEARCH_MAX, tm.orders.search.tooLong)
  .optional()
  .transform((text) => text || undefined);

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

/** The buyer's orders (/siparislerim): a page, optionally searched. */
export const buyerOrderQuerySchema = pageQuerySchema.extend({ q: orderSearchSchema });
export type BuyerOrderQuery = z.input<typeof buyerOrderQuerySchema>;

export const buyerOrderListSchema = z.object({
  orders: z.array(buyerOrderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BuyerOrderList = z.infer<typeof buyerOrderListSchema>;

/**
 * The seller list's status filter: a stored status, or `awaiting_acceptance` (paid, the seller's
 * "Onayla" still due). `paid_escrow` then means paid and approved, so each option finds exactly the
 * orders whose label it reads (orderStatusLabel), and the two never overlap.
 */
export const sellerOrderStatusFilters = ['awaiting_acceptance', ...orderStatuses] as const;
export type SellerOrderStatusFilter = (typeof sellerOrderStatusFilters)[number];

/** Seller-side filters (spec: status, start date, end date, cargo company), all applied on the server. */
export const sellerOrderQuerySchema = refineDateRange(
  pageQuerySchema.extend({
    status: z.enum(sellerOrderStatusFilters).optional(),
    /** Pending = waiting to be shipped (paid_escrow); completed = delivered and released states. */
    view: z.enum(['all', 'pending', 'completed']).default('all'),
    ...dateRangeShape,
    cargoCompany: z.enum(cargoCompanies).optional(),
    q: orderSearchSchema,
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  }),
);
export type SellerOrderQuery = z.input<typeof sellerOrderQuerySchema>;

/** An order's own fields as its seller sees them (the buyer only as @handle). */
const sellerOrderFields = {
  orderId: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  createdAt: z.iso.datetime(),
  escrowEndsAt: z.iso.datetime().nullable(),
  /** When the seller accepted the order (set at payment with automatic approval); null = awaiting "Onayla". */
  acceptedAt: z.iso.datetime().nullable(),
  /** Until when a paid order awaiting approval may be accepted; after it, it is cancelled and refunded. */
  acceptBy: z.iso.datetime().nullable(),
  /** Paid and still waiting for the seller's "Onayla" (the server's accept rule: status and guard). */
  awaitingAcceptance: z.boolean(),
  buyerHandle: z.string().nullable(),
  /** The buying store's page address (/magaza/:slug). */
  buyerSlug: z.string().nullable(),
  cargoCompany: z.enum(cargoCompanies).nullable(),
  trackingNumber: z.string().nullable(),
  /** The buyer reported a problem ("Sorun Bildir"): the order has a dispute, open or decided (/api/orders/:id/dispute). */
  hasDispute: z.boolean(),
  actions: orderActionsSchema,
};

/** One row per order line (the spec's seller table), with its order's fields. */
export const sellerOrderRowSchema = z.object({
  ...sellerOrderFields,
  orderTotalKurus: amount,
  line: orderLineSchema,
});
export type SellerOrderRow = z.infer<typeof sellerOrderRowSchema>;

export const sellerOrderListSchema = z.object({
  rows: z.array(sellerOrderRowSchema),
  /** Orders (not lines) matching the filters, and the seller's order count in all (the tab's "(n)"). */
  total: z.number().int(),
  allOrders: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SellerOrderList = z.infer<typeof sellerOrderListSchema>;

/** One of the seller's orders for the detail dialog: lines, the buyer as @handle, the delivery address. */
export const sellerOrderDetailSchema = z.object({
  ...sellerOrderFields,
  /** The order's money as the buyer was charged it; the Peşin discount comes out of the seller's sale. */
  subtotalKurus: amount,
  shippingKurus: amount,
  vatKurus: amount,
  discountKurus: amount,
  totalKurus: amount,
  refundedKurus: amount,
  pricesIncludeVat: z.boolean(),
  shippingAddress: deliveryAddressViewSchema.nullable(),
  items: z.array(orderLineSchema),
  /** The order's timeline (paid, shipped, confirmed, money released or refunded, cancelled …). */
  events: z.array(orderEventSchema),
  /** The buying store's company as snapshotted at checkout (the invoice is made out to it). */
  billingParty: billingPartySchema.nullable(),
  invoice: orderInvoiceSchema.nullable(),
});
export type SellerOrderDetail = z.infer<typeof sellerOrderDetailSchema>;

/** The seller ships: carrier and tracking number, both required (spec part 2 §5 Shipping). */
export const shipOrderBodySchema = z.object({
  cargoCompany: z.enum(cargoCompanies, { error: tm.fulfilment.shipMissing }),
  /** Loose on purpose: carriers' formats differ; letters, digits and dashes, 5–40 characters. */
  trackingNumber: z
    .string({ error: tm.fulfilment.shipMissing })
    .trim()
    .min(1, tm.fulfilment.shipMissing)
    .regex(/^[A-Za-z0-9-]{5,40}$/, tm.fulfilment.trackingInvalid),
  /** ÜTS units per tracked line (decision 044); absent or empty when the order has no tracked lines. */
  utsUnits: z.array(utsLineUnitsSchema).max(200).optional(),
});
export type ShipOrderBody = z.infer<typeof shipOrderBodySchema>;
export type ShipOrderBodyInput = z.input<typeof shipOrderBodySchema>;

/** What a verb on an order answers: its new status. */
export const orderTransitionResultSchema = z.object({ id: z.uuid(), status: z.enum(orderStatuses) });
export type OrderTransitionResult = z.infer<typeof orderTransitionResultSchema>;

/**
 * The carriers' public tracking pages, with the number filled in. The formats are the ones in wide
 * use by Turkish shops and integrations (checked against public code, 2026-11); MNG's own
 * www.mngkargo.com.tr/gonderitakip page asks for a captcha, its kargotakip host takes the number.
 */
export function cargoTrackingUrl(company: CargoCompany, trackingNumber: string): string {
  const n = encodeURIComponent(trackingNumber);
  switch (company) {
    case 'aras':
      return `https://kargotakip.araskargo.com.tr/mainpage.aspx?code=${n}`;
    case 'mng':
      return `https://kargotakip.mngkargo.com.tr/?takipNo=${n}`;
    case 'yurtici':
      return `https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=${n}`;
    case 'ptt':
      return `https://gonderitakip.ptt.gov.tr/Track/Verify?q=${n}`;
  }
}
