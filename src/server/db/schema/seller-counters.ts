import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Per seller: how many of their orders they see in each status (an order counts once paid; see
 * lib/seller-counters.ts) and what was paid out to them. Kept in the transaction of every change
 * it counts, so the seller panel reads one row instead of counting 100,000 orders (decision 047).
 * The view seller_counters_recount (migration 0029) is the same figures counted from the tables.
 */
export const sellerCounters = pgTable('seller_counters', {
  sellerId: text('seller_id')
    .primaryKey()
    .references(() => users.id),
  paidEscrow: integer('paid_escrow').notNull().default(0),
  shipped: integer('shipped').notNull().default(0),
  deliveryConfirmed: integer('delivery_confirmed').notNull().default(0),
  completed: integer('completed').notNull().default(0),
  disputed: integer('disputed').notNull().default(0),
  refunded: integer('refunded').notNull().default(0),
  partiallyRefunded: integer('partially_refunded').notNull().default(0),
  released: integer('released').notNull().default(0),
  /** Cancelled after payment (an order cancelled unpaid was never the seller's). */
  cancelled: integer('cancelled').notNull().default(0),
  /** Orders paid out (payout_id set) and the payouts' sum. */
  paidOutOrders: integer('paid_out_orders').notNull().default(0),
  paidOutKurus: bigint('paid_out_kurus', { mode: 'number' }).notNull().default(0),
  /**
   * The pending account movements: orders whose money is in escrow or released and not yet paid
   * out, and what the seller will get of it (the sum of orders.seller_pending_kurus), of which
   * released. Migration 0030.
   */
  pendingOrders: integer('pending_orders').notNull().default(0),
  pendingKurus: bigint('pending_kurus', { mode: 'number' }).notNull().default(0),
  pendingReleasedKurus: bigint('pending_released_kurus', { mode: 'number' }).notNull().default(0),
});
