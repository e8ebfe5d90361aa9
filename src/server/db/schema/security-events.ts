import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SecurityEventType } from '#shared/security-log.ts';
import { users } from './users.ts';

/** Security log: sign-ins, password changes, CSP violations and other security-relevant events. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').$type<SecurityEventType>().notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('security_events_user_idx').on(t.userId, t.createdAt),
    index('security_events_type_idx').on(t.type, t.createdAt),
  ],
);
