import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { catalogueProducts } from '../../db/schema/catalogue.ts';
import { listings } from '../../db/schema/listings.ts';
import { messages, messageThreads } from '../../db/schema/messages.ts';
import { adminDisputes, orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';

export type ThreadRow = typeof messageThreads.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

export async function findThread(db: Db, id: string): Promise<ThreadRow | undefined> {
  const [row] = await db.select().from(messageThreads).where(eq(messageThreads.id, id));
  return row;
}

export async function findThreadBySubject(
  db: Db,
  pair: { storeAId: string; storeBId: string },
  subjectKey: string,
): Promise<ThreadRow | undefined> {
  const [row] = await db
    .select()
    .from(messageThreads)
    .where(
      and(
        eq(messageThreads.storeAId, pair.storeAId),
        eq(messageThreads.storeBId, pair.storeBId),
        eq(messageThreads.subjectKey, subjectKey),
      ),
    );
  return row;
}

/** Inserts the thread unless the pair already has one about the subject (two first asks at once make one). */
export async function insertThreadIfAbsent(db: Db, values: typeof messageThreads.$inferInsert): Promise<void> {
  await db.insert(messageThreads).values(values).onConflictDoNothing();
}

export async function findListingSeller(db: Db, listingId: string) {
  const [row] = await db
    .select({ id: listings.id, sellerId: listings.sellerId })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row;
}

const orderSubject = {
  id: orders.id,
  buyerId: orders.buyerId,
  sellerId: orders.sellerId,
  orderNumber: orders.orderNumber,
  status: orders.status,
  totalKurus: orders.totalKurus,
};

export async function findOrderSubject(db: Db, orderId: string) {
  const [row] = await db.select(orderSubject).from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function findOrderSubjects(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db.select(orderSubject).from(orders).where(inArray(orders.id, orderIds));
}

export async function hasDispute(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db.select({ id: adminDisputes.id }).from(adminDisputes).where(eq(adminDisputes.orderId, orderId));
  return row !== undefined;
}

export async function findListingSubjects(db: Db, listingIds: string[]) {
  if (listingIds.length === 0) return [];
  return db
    .select({
      id: listings.id,
      productId: listings.productId,
      marka: listings.marka,
      modelKodu: listings.modelKodu,
      productName: catalogueProducts.name,
      thumbnailKey: listings.thumbnailKey,
      priceKurus: listings.priceKurus,
      discountPercent: listings.discountPercent,
    })
    .from(listings)
    .leftJoin(catalogueProducts, eq(catalogueProducts.id, listings.productId))
    .where(inArray(listings.id, listingIds));
}

export async function findHandles(db: Db, ids: string[]) {
  return db.select({ id: users.id, handle: users.publicHandle }).from(users).where(inArray(users.id, ids));
}

const unreadFor = (userId: string) => and(isNull(messages.readAt), ne(messages.senderId, userId));

/** The member's threads that have a message, newest activity first, with their unread counts. */
export async function findThreadsOf(db: Db, userId: string, limit: number) {
  const unread = db
    .select({ threadId: messages.threadId, n: count().as('n') })
    .from(messages)
    .where(unreadFor(userId))
    .groupBy(messages.threadId)
    .as('unread');
  return db
    .select({ thread: messageThreads, unreadCount: sql<number>`coalesce(${unread.n}, 0)::int` })
    .from(messageThreads)
    .leftJoin(unread, eq(unread.threadId, messageThreads.id))
    .where(
      and(
        or(eq(messageThreads.storeAId, userId), eq(messageThreads.storeBId, userId)),
        isNotNull(messageThreads.lastMessageAt),
      ),
    )
    .orderBy(desc(messageThreads.lastMessageAt))
    .limit(limit);
}

/** The newest message of each thread. */
export async function findLastMessages(db: Db, threadIds: string[]): Promise<MessageRow[]> {
  if (threadIds.length === 0) return [];
  return db
    .selectDistinctOn([messages.threadId])
    .from(messages)
    .where(inArray(messages.threadId, threadIds))
    .orderBy(messages.threadId, desc(messages.createdAt), desc(messages.id));
}

export async function findMessages(db: Db, threadId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(eq(messages.threadId, threadId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
}

export async function insertMessage(db: Db, values: typeof messages.$inferInsert): Promise<MessageRow> {
  const [row] = await db.insert(messages).values(values).returning();
  await db
    .update(messageThreads)
    .set({ lastMessageAt: values.createdAt })
    .where(eq(messageThreads.id, values.threadId));
  return row;
}

/** Marks the other store's unread messages of a thread read; returns how many changed. */
export async function markThreadRead(db: Db, threadId: string, readerId: string, now: Date): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ readAt: now })
    .where(and(eq(messages.threadId, threadId), unreadFor(readerId)))
    .returning({ id: messages.id });
  return rows.length;
}

/** Unread messages from other stores across the member's threads. */
export async function countUnreadMessages(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .where(and(or(eq(messageThreads.storeAId, userId), eq(messageThreads.storeBId, userId)), unreadFor(userId)));
  return row?.n ?? 0;
}

/** Whether a message of the thread references this stored attachment. */
export async function isThreadAttachment(db: Db, threadId: string, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.threadId, threadId), sql`${key} = any(${messages.attachmentKeys})`));
  return row !== undefined;
}
