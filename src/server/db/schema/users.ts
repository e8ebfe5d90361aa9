import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Accounts and their profile. Property names follow better-auth's user model (with its admin
 * plugin's fields); `name` is the spec's full_name.
 */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('full_name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').notNull().default('user'),
  banned: boolean('banned').notNull().default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  phone: text('phone'),
  /** What other members see instead of the name (shown with "@"). */
  publicHandle: text('public_handle').unique(),
  publicSlug: text('public_slug').unique(),
  /** Set on approval or by an admin: the user must choose a new password before anything else. */
  mustResetPassword: boolean('must_reset_password').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
