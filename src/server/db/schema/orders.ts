import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { DeliveryAddress } from '#shared/schemas/checkout.ts';
import { catalogueProducts } from './catalogue.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

/** The billing party of an order group: the buying store's registered company (shown, not typed). */
export interface BillingParty {
  companyName: string;
  taxNumber: string;
  city: string;
  district: string | null;
  /** Absent on orders placed before the billing profile (decision 042). */
  taxOffice?: string;
  address?: string;
  isEInvoiceUser?: boolean;
}

/**
 * One checkout: the buyer's single card payment for orders from several sellers. It holds the
 * priced totals (as charged), the addresses, and the stock reservation's expiry.
 * awaiting_payment → paid | expired | payment_failed.
 */
export const orderGroups = pgTable(
  'order_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('awaiting_payment'),
    installments: smallint('installments').notNull(),
    subtotalKurus: bigint('subtotal_kurus', { mode: 'number' }).notNull(),
    shippingKurus: bigint('shipping_kurus', { mode: 'number' }).notNull(),
    vatKurus: bigint('vat_kurus', { mode: 'number' }).notNull(),
    discountKurus: bigint('discount_kurus', { mode: 'number' }).notNull(),
    /** What the card is charged: subtotal + shipping + added VAT − discount. */
    chargedKurus: bigint('charged_kurus', { mode: 'number' }).notNull(),
    /**
     * Informational: the general VAT rate when the checkout was made. Each line carries its own
     * rate and VAT (order_items), which is what the orders' VAT is made of (decision 039).
     */
    vatRateBp: integer('vat_rate_bp').notNull(),
    pricesIncludeVat: boolean('prices_include_vat').notNull(),
    shippingAddress: jsonb('shipping_address').$type<DeliveryAddress>().notNull(),
    billingParty: jsonb('billing_party').$type<BillingParty>().notNull(),
    /** Unpaid stock reservations end here; the expiry sweep returns the stock. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('order_groups_status_check', sql`${t.status} in ('awaiting_payment', 'paid', 'expired', 'payment_failed')`),
    check(
      'order_groups_amounts_check',
      sql`${t.subtotalKurus} >= 0 and ${t.shippingKurus} >= 0 and ${t.vatKurus} >= 0 and ${t.discountKurus} >= 0 and ${t.chargedKurus} >= 0`,
    ),
    check('order_groups_installments_check', sql`${t.installments} in (1, 2, 3, 6, 12)`),
    index('order_groups_buyer_idx').on(t.buyerId, t.createdAt),
    index('order_groups_reserved_idx')
      .on(t.reservedUntil)
      .where(sql`${t.status} = 'awaiting_payment'`),
  ],
);

/** Human-readable order numbers: OS-{year}-{six digits of this sequence}. */
export const ORDER_NUMBER_SEQUENCE = 'order_number_seq';

/**
 * Escrow orders: one per seller of a group. total_kurus is the order's share of the charged
 * amount (what escrow holds for it); the parts before discount are kept for the seller's view.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    groupId: uuid('group_id').references(() => orderGroups.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    subtotalKurus: bigint('subtotal_kurus', { mode: 'number' }).notNull().default(0),
    shippingKurus: bigint('shipping_kurus', { mode: 'number' }).notNull().default(0),
    vatKurus: bigint('vat_kurus', { mode: 'number' }).notNull().default(0),
    discountKurus: bigint('discount_kurus', { mode: 'number' }).notNull().default(0),
    totalKurus: bigint('total_kurus', { mode: 'number' }).notNull(),
    shippingAddress: jsonb('shipping_address').$type<DeliveryAddress>(),
    billingParty: jsonb('billing_party').$type<BillingParty>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The platform's commission on this order in basis points, fixed when it is paid: a later
     * change of the setting never changes a sale already made. Null until paid.
     */
    commissionBp: integer('commission_bp'),
    /**
     * The withholding (e-ticaret stopajı) rate in basis points, fixed when the order is paid like
     * commission_bp (decision 041). Null until paid.
     */
    withholdingBp: integer('withholding_bp'),
    /** Paid + escrow days: the automatic release date shown to both sides. */
    escrowEndsAt: timestamp('escrow_ends_at', { withTimezone: true }),
    cargoCompany: text('cargo_company'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveryConfirmedAt: timestamp('delivery_confirmed_at', { withTimezone: true }),
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * When the seller accepted the order ("Onayla"), or the payment time for a seller with automatic
     * approval. Shipping needs it (decision 027).
     */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Paid + 24 h for an order awaiting the seller's approval: not accepted by then, it is cancelled and refunded. */
    acceptBy: timestamp('accept_by', { withTimezone: true }),
    /** Accepted + the longest handling days of its lines + the ship grace: unshipped by then, it is cancelled and refunded. */
    shipBy: timestamp('ship_by', { withTimezone: true }),
    /** When escrow released the order's money to the seller (confirmation, the automatic release or a dispute decision). */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    /** Refunded to the buyer so far (a partial refund leaves the rest to the seller). */
    refundedKurus: bigint('refunded_kurus', { mode: 'number' }).notNull().default(0),
    /** The reminder a day before the automatic release went out (once). */
    releaseReminderSentAt: timestamp('release_reminder_sent_at', { withTimezone: true }),
    /** The seller was reminded (once) that the shipped order still has no invoice. */
    invoiceReminderSentAt: timestamp('invoice_reminder_sent_at', { withTimezone: true }),
    /** Paid out to the seller (the order is then completed). */
    payoutId: uuid('payout_id').references((): AnyPgColumn => payouts.id),
    /**
     * What the seller is owed on the order while it is pending in their account movements (in
     * escrow, or released and not paid out), as the screen shows it; null when it is not pending.
     * Written with the seller's counters (lib/seller-counters.ts), so their sum is the counter's.
     */
    sellerPendingKurus: bigint('seller_pending_kurus', { mode: 'number' }),
    /** The pending money has left escrow: released and waiting for the payout. */
    isSellerPendingReleased: boolean('seller_pending_released').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('orders_total_check', sql`${t.totalKurus} >= 0`),
    check('orders_refunded_check', sql`${t.refundedKurus} between 0 and ${t.totalKurus}`),
    check(
      'orders_status_check',
      sql`${t.status} in ('awaiting_payment', 'paid_escrow', 'shipped', 'delivery_confirmed', 'completed', 'disputed', 'refunded', 'partially_refunded', 'released', 'cancelled')`,
    ),
    index('orders_buyer_idx').on(t.buyerId, t.createdAt),
    index('orders_seller_idx').on(t.sellerId, t.createdAt),
    // The seller's orders not yet paid out (the pending account movements): few next to the paid-out ones.
    index('orders_seller_unpaid_idx')
      .on(t.sellerId, t.createdAt)
      .where(sql`${t.payoutId} is null`),
    // ... and those paid out: the paid tab's pages. With the id, in the page's order, a deep page's
    // ids are an index-only scan (issue 21: offset 9,975 read 10,000 orders' rows and sorted them).
    index('orders_seller_paid_idx')
      .on(t.sellerId, t.createdAt, t.id)
      .where(sql`${t.payoutId} is not null`),
    // The orders the seller sees; scanned backward it is the list's order (created_at desc, id desc,
    // nulls first as ORDER BY … DESC), so a deep page is an index-only scan (issue 21).
    index('orders_seller_visible_idx')
      .on(t.sellerId, t.createdAt, t.id)
      .where(sql`${t.status} <> 'awaiting_payment' and (${t.status} <> 'cancelled' or ${t.paidAt} is not null)`),
    // The seller's pending account movements, newest first: their page and a date range's sum.
    index('orders_seller_pending_idx')
      .on(t.sellerId, t.createdAt, t.id)
      .where(sql`${t.sellerPendingKurus} is not null`),
    index('orders_status_idx').on(t.status),
    index('orders_group_idx').on(t.groupId),
    index('orders_escrow_due_idx')
      .on(t.escrowEndsAt)
      .where(sql`${t.status} = 'shipped'`),
    index('orders_accept_by_idx')
      .on(t.acceptBy)
      .where(sql`${t.status} = 'paid_escrow' and ${t.acceptedAt} is null`),
    index('orders_ship_by_idx')
      .on(t.shipBy)
      .where(sql`${t.status} = 'paid_escrow'`),
  ],
);

/** Order lines: a snapshot of what was bought, at the price and VAT rate of the purchase. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    // The listing may be deleted later; the snapshot below still tells what was bought.
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    productId: uuid('product_id').references(() => catalogueProducts.id, { onDelete: 'set null' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    marka: text('marka').notNull(),
    modelKodu: text('model_kodu').notNull(),
    productName: text('product_name').notNull(),
    barcode: text('barcode'),
    thumbnailKey: text('thumbnail_key'),
    unitPriceKurus: bigint('unit_price_kurus', { mode: 'number' }).notNull(),
    /** The line's VAT rate at purchase (its category's rate then); never changed afterwards. */
    vatRateBp: integer('vat_rate_bp').notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalKurus: bigint('line_total_kurus', { mode: 'number' }).notNull(),
    /**
     * The line's share of its order's shipping and Peşin discount, and its VAT on
     * line total + shipping share − discount share (decision 039). Null on lines of orders placed
     * before per-line VAT, whose VAT is only known per order.
     */
    shippingShareKurus: bigint('shipping_share_kurus', { mode: 'number' }),
    discountShareKurus: bigint('discount_share_kurus', { mode: 'number' }),
    vatKurus: bigint('vat_kurus', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
    check(
      'order_items_amounts_check',
      sql`${t.unitPriceKurus} > 0 and ${t.lineTotalKurus} = ${t.unitPriceKurus} * ${t.quantity}`,
    ),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_listing_idx').on(t.listingId),
  ],
);

/** Every change of an order (its timeline and audit trail), written in the change's transaction. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** Null for the system (payment callback, sweeps). */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/** The dispute reasons a buyer picks from (spec: "Sorun Bildir"). */
export const disputeReasons = [
  'damaged',
  'missing_items',
  'wrong_product',
  'not_delivered',
  'counterfeit',
  'other',
] as const;

/**
 * A buyer's problem report on an order (the spec's admin_disputes). open → seller_answered →
 * (agreed | escalated) → resolved; an unanswered dispute escalates to the admin after 3 days.
 */
export const adminDisputes = pgTable(
  'admin_disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    reason: text('reason').notNull(),
    customerMessage: text('customer_message').notNull(),
    /** Storage keys of the buyer's photos (at most 3). */
    customerPhotos: jsonb('customer_photos').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('open'),
    sellerMessage: text('seller_message'),
    sellerPhotos: jsonb('seller_photos').$type<string[]>().notNull().default([]),
    /** The seller's offer to refund this much (the buyer may accept it). */
    sellerOfferKurus: bigint('seller_offer_kurus', { mode: 'number' }),
    sellerAnsweredAt: timestamp('seller_answered_at', { withTimezone: true }),
    /** The seller answers by then; otherwise the dispute goes to the admin. */
    answerDueAt: timestamp('answer_due_at', { withTimezone: true }).notNull(),
    decision: text('decision'),
    decisionKurus: bigint('decision_kurus', { mode: 'number' }),
    decisionReason: text('decision_reason'),
    restock: boolean('restock').notNull().default(false),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('admin_disputes_status_check', sql`${t.status} in ('open', 'seller_answered', 'escalated', 'resolved')`),
    check(
      'admin_disputes_reason_check',
      sql`${t.reason} in ('damaged', 'missing_items', 'wrong_product', 'not_delivered', 'counterfeit', 'other')`,
    ),
    check('admin_disputes_decision_check', sql`${t.decision} in ('full_refund', 'partial_refund', 'release')`),
    index('admin_disputes_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Calls to the payment provider that must eventually succeed (approve an order's money to its
 * seller, refund to the buyer), retried with back-off by a sweep. The ledger entry of the
 * movement is written in the job's transaction when the provider has said yes, so the ledger
 * never runs ahead of the provider.
 */
export const providerJobs = pgTable(
  'provider_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'release' | 'refund'>().notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    amountKurus: bigint('amount_kurus', { mode: 'number' }).notNull(),
    /** pending → done | failed (after the last attempt; an admin can retry). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * A refund was sent and its answer is not known yet (timeout, crash). Refunds are not
     * idempotent at the provider, so the next attempt asks the provider's refunds first.
     */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Why the job exists (confirmation, automatic release, dispute decision, ship deadline …). */
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    check('provider_jobs_kind_check', sql`${t.kind} in ('release', 'refund')`),
    check('provider_jobs_status_check', sql`${t.status} in ('pending', 'done', 'failed')`),
    check('provider_jobs_amount_check', sql`${t.amountKurus} > 0`),
    index('provider_jobs_due_idx').on(t.status, t.nextAttemptAt),
    index('provider_jobs_order_idx').on(t.orderId),
  ],
);

/** Money paid out to a seller's bank account: the sum of their released orders not yet paid out. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    amountKurus: bigint('amount_kurus', { mode: 'number' }).notNull(),
    iban: text('iban').notNull(),
    accountHolder: text('account_holder').notNull(),
    /** pending → paid | failed. */
    status: text('status').notNull().default('pending'),
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('payouts_status_check', sql`${t.status} in ('pending', 'paid', 'failed')`),
    check('payouts_amount_check', sql`${t.amountKurus} > 0`),
    index('payouts_seller_idx').on(t.sellerId, t.createdAt),
  ],
);
