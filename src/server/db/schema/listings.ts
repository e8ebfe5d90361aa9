import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { catalogueProducts } from './catalogue.ts';
import { users } from './users.ts';

/** A seller's offer of a catalogue product (the spec's "products"). */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The catalogue product offered; null only for rows made before the catalogue existed. */
    productId: uuid('product_id').references(() => catalogueProducts.id, { onDelete: 'restrict' }),
    // marka, model_kodu, kategori and alt_kategori are copied from the catalogue when the listing is saved.
    marka: text('marka').notNull(),
    modelKodu: text('model_kodu').notNull(),
    kategori: text('kategori').notNull(),
    altKategori: text('alt_kategori'),
    renk: text('renk').notNull().default('Standart'),
    /** durum: 'Aktif' or 'Yayında Değil'. */
    status: text('status').notNull().default('Aktif'),
    stock: integer('stock').notNull(),
    priceKurus: bigint('price_kurus', { mode: 'number' }).notNull(),
    /** miat: expiry date of lens and solution goods. */
    miad: date('miad', { mode: 'string' }),
    /** When the seller was told the miat is within 30 days (once per listing; a new miat clears it). */
    miadNotifiedAt: timestamp('miad_notified_at', { withTimezone: true }),
    /** When the seller was told the miat has passed and the listing no longer sells (once per listing; a new miat clears it). */
    miadExpiredNotifiedAt: timestamp('miad_expired_notified_at', { withTimezone: true }),
    handlingDays: smallint('handling_days').notNull().default(2),
    minOrderQty: integer('min_order_qty').notNull().default(1),
    /** Optional discount in whole percent; the price shown is fiyat × (1 − discount/100). */
    discountPercent: smallint('discount_percent'),
    isPromoted: boolean('is_promoted').notNull().default(false),
    /** Storage keys of the re-encoded cover image and its thumbnail. */
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('listings_status_check', sql`${t.status} in ('Aktif', 'Yayında Değil')`),
    check('listings_stock_check', sql`${t.stock} >= 0`),
    check('listings_price_check', sql`${t.priceKurus} > 0`),
    check('listings_handling_days_check', sql`${t.handlingDays} between 1 and 30`),
    check('listings_min_order_check', sql`${t.minOrderQty} >= 1`),
    check('listings_discount_check', sql`${t.discountPercent} between 1 and 90`),
    index('listings_seller_idx').on(t.sellerId, t.createdAt),
    index('listings_status_idx').on(t.status),
    index('listings_product_idx').on(t.productId),
    index('listings_category_idx').on(t.kategori, t.altKategori),
  ],
);

/** Every change to a listing (created, updated, activated, deactivated, deleted), written in the change's transaction. */
export const listingEvents = pgTable(
  'listing_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key: the history outlives a deleted listing.
    listingId: uuid('listing_id').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('listing_events_listing_idx').on(t.listingId, t.createdAt)],
);
