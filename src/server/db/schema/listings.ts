import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A seller's offer (the spec's "products"); the catalogue link and listing details come with the catalogue. */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marka: text('marka').notNull(),
    modelKodu: text('model_kodu').notNull(),
    kategori: text('kategori').notNull(),
    altKategori: text('alt_kategori'),
    /** durum: 'Aktif' or 'Yayında Değil'. */
    status: text('status').notNull().default('Aktif'),
    stock: integer('stock').notNull(),
    priceKurus: bigint('price_kurus', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('listings_status_check', sql`${t.status} in ('Aktif', 'Yayında Değil')`),
    check('listings_stock_check', sql`${t.stock} >= 0`),
    check('listings_price_check', sql`${t.priceKurus} > 0`),
    index('listings_seller_idx').on(t.sellerId, t.createdAt),
    index('listings_status_idx').on(t.status),
  ],
);
