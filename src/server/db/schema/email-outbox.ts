import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A file to attach, read from private storage at send time. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
}

/**
 * Transactional outbox: a row per e-mail, written in the same transaction as the change that
 * causes it; the mail-delivery job sends it. Without SMTP the row itself is the dev mailbox.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
    /** True when the attachments could not be sent and the mail went out without them (and says so). */
    fallbackUsed: boolean('fallback_used').notNull().default(false),
    /** What caused the mail, e.g. 'application:<id>', for the debug page and the application response. */
    relatedTo: text('related_to'),
    /** pending → sending → sent, or back to pending with a later next_attempt_at, or failed. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A worker's claim expires here, so a crashed worker's mail is picked up again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** 'smtp' or 'dev-mailbox'. */
    transport: text('transport'),
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);
