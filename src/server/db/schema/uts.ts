import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orderItems, orders } from './orders.ts';

/**
 * ÜTS (Ürün Takip Sistemi) transfer data: per shipped unit group of a tracked order line, what the
 * seller's "verme bildirimi" and the buyer's "alma bildirimi" need (decision 044). Written in the
 * ship transaction; never changed afterwards.
 */
export const utsTransfers = pgTable(
  'uts_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderItems.id),
    /** GTIN-14 (ÜTS "ürün numarası"), left-padded with zeros. */
    gtin: text('gtin').notNull(),
    /** Lot/batch number (GS1 AI 10). */
    lot: text('lot'),
    /** Serial number (GS1 AI 21); a serial row is one unit. */
    serial: text('serial'),
    /** Son kullanma tarihi (GS1 AI 17). */
    expiry: date('expiry', { mode: 'string' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('uts_transfers_quantity_check', sql`${t.quantity} >= 1`),
    check('uts_transfers_lot_or_serial_check', sql`${t.lot} is not null or ${t.serial} is not null`),
    check('uts_transfers_serial_one_check', sql`${t.serial} is null or ${t.quantity} = 1`),
    check('uts_transfers_gtin_check', sql`${t.gtin} ~ '^[0-9]{14}$'`),
    index('uts_transfers_order_idx').on(t.orderId),
  ],
);

/** Whether each side has told ÜTS about an order's transfer (the seller "verme", the buyer "alma"). */
export const utsNotifications = pgTable('uts_notifications', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id),
  utsSellerNotifiedAt: timestamp('uts_seller_notified_at', { withTimezone: true }),
  utsBuyerNotifiedAt: timestamp('uts_buyer_notified_at', { withTimezone: true }),
});
