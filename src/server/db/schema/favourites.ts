import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { catalogueProducts } from './catalogue.ts';
import { users } from './users.ts';

/** A member's favourite catalogue products (a heart on a card favours the product, not one offer). */
export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => catalogueProducts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index('favourites_user_created_idx').on(t.userId, t.createdAt),
  ],
);
