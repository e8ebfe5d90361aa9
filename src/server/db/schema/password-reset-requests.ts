import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Forgot-password requests waiting for the password-reset job. The request only writes this row,
 * the same for every address; the look-up, the token and the mail happen in the job, so neither
 * the answer nor its timing tells whether the address has an account. A row is claimed for a
 * while (claimed_until) and deleted once handled: a run lost with its instance is picked up again.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    resetPageUrl: text('reset_page_url').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [index('password_reset_requests_requested_idx').on(t.requestedAt)],
);
