import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** The store and notification toggles, one row per user (absent = the spec's defaults). */
export const userSettings = pgTable('user_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  autoOrderApproval: boolean('auto_order_approval').notNull().default(false),
  stockAlerts: boolean('stock_alerts').notNull().default(true),
  priceChangeNotifications: boolean('price_change_notifications').notNull().default(true),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  smsNotifications: boolean('sms_notifications').notNull().default(false),
  marketingEmails: boolean('marketing_emails').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
