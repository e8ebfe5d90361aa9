import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * A buyer's rating of the seller of one order (at most one per order), and the seller's one answer.
 * The store's average and count are read with the (seller_id, rating) index, never stored twice.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1–5 stars. */
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_length_check', sql`char_length(${t.comment}) <= 1000`),
    check('reviews_reply_length_check', sql`${t.reply} is null or char_length(${t.reply}) <= 1000`),
    // Covers the average and count per store (index-only) and the store page's newest-first list.
    index('reviews_seller_rating_idx').on(t.sellerId, t.rating),
    index('reviews_seller_created_idx').on(t.sellerId, t.createdAt),
  ],
);
