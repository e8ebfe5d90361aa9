import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * A conversation between two stores about one subject: a listing (started from an offer) or an
 * order (started by its buyer or seller). The pair is stored ordered (store_a_id < store_b_id), so
 * (pair, subject) is unique whoever asks first: asking again reopens the same thread.
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeAId: text('store_a_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeBId: text('store_b_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'listing:<id>' or 'order:<id>': the uniqueness key, kept even if the listing is deleted. */
    subjectKey: text('subject_key').notNull(),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id),
    startedBy: text('started_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null until the first message: an empty thread is in nobody's list. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Byte order (COLLATE "C"), the order JavaScript's < gives ids; a locale collation would disagree on case.
    check('message_threads_pair_check', sql`${t.storeAId} collate "C" < ${t.storeBId} collate "C"`),
    uniqueIndex('message_threads_subject_idx').on(t.storeAId, t.storeBId, t.subjectKey),
    index('message_threads_a_idx').on(t.storeAId, t.lastMessageAt),
    index('message_threads_b_idx').on(t.storeBId, t.lastMessageAt),
    index('message_threads_order_idx').on(t.orderId),
  ],
);

/** One message of a thread; read_at is set when the other store opens the thread (the read receipt). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** Private storage keys of the re-encoded image attachments (at most three). */
    attachmentKeys: text('attachment_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('messages_body_check', sql`char_length(${t.body}) between 1 and 2000`),
    index('messages_thread_idx').on(t.threadId, t.createdAt),
    index('messages_unread_idx')
      .on(t.threadId, t.senderId)
      .where(sql`${t.readAt} is null`),
  ],
);
