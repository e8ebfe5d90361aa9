import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Idempotency keys of state-changing requests (POST /api/checkout). The first request with a key
 * claims it (in_flight); its answer is stored (done) and replayed for the same key and body.
 * A claim left by a crashed request expires at locked_until and may be taken over.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the canonical request body: a different body with the same key is refused. */
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull().default('in_flight'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    /**
     * Which request holds the claim (a fresh random value per claim and per take-over): only the
     * holder may store the answer, so a request that outlived its lease cannot commit a second group.
     */
    claimToken: text('claim_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    check('idempotency_keys_status_check', sql`${t.status} in ('in_flight', 'done')`),
  ],
);
