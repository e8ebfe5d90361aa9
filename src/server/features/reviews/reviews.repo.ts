import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { users } from '../../db/schema/users.ts';

const sellers = alias(users, 'sellers');
const buyers = alias(users, 'buyers');

/** The order a review is about, with its seller's store page address (for the notification's link). */
export async function findOrderForReview(db: Db, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      status: orders.status,
      sellerSlug: sellers.publicSlug,
    })
    .from(orders)
    .innerJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

const reviewColumns = {
  id: reviews.id,
  orderId: reviews.orderId,
  sellerId: reviews.sellerId,
  buyerId: reviews.buyerId,
  rating: reviews.rating,
  comment: reviews.comment,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  buyerHandle: buyers.publicHandle,
  buyerSlug: buyers.publicSlug,
};
function selectReviews(db: Db) {
  return db.select(reviewColumns).from(reviews).leftJoin(buyers, eq(buyers.id, reviews.buyerId));
}

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];

export async function findReviewByOrder(db: Db, orderId: string): Promise<ReviewRow | null> {
  const [row] = await selectReviews(db).where(eq(reviews.orderId, orderId));
  return row ?? null;
}

export async function findReview(db: Db, id: string): Promise<ReviewRow | null> {
  const [row] = await selectReviews(db).where(eq(reviews.id, id));
  return row ?? null;
}

/** Inserts the order's review; null when the order already has one (the unique order_id decides a race). */
export async function insertReview(tx: Db, values: typeof reviews.$inferInsert): Promise<string | null> {
  const [row] = await tx.insert(reviews).values(values).onConflictDoNothing().returning({ id: reviews.id });
  return row?.id ?? null;
}

/** The buyer's edit, only while the review is younger than `editableSince` allows; false otherwise. */
export async function updateOwnReview(
  tx: Db,
  input: { id: string; buyerId: string; createdAfter: Date; rating: number; comment: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(reviews)
    .set({ rating: input.rating, comment: input.comment, updatedAt: input.now })
    .where(and(eq(reviews.id, input.id), eq(reviews.buyerId, input.buyerId), gt(reviews.createdAt, input.createdAfter)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** The seller's answer, only if there is none yet (a concurrent second answer finds it set); false otherwise. */
export async function setReply(
  tx: Db,
  input: { id: string; sellerId: string; reply: string; now: Date },
): Promise<boolean> {
  const rows = await tx
    .update(reviews)
    .set({ reply: input.reply, repliedAt: input.now })
    .where(and(eq(reviews.id, input.id), eq(reviews.sellerId, input.sellerId), isNull(reviews.reply)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/**
 * Average (to one decimal, rounded half up in numeric) and count per store, read from the
 * (seller_id, rating) index alone. Stores without reviews are absent.
 */
export async function findStoreRatings(db: Db, sellerIds: string[]) {
  if (sellerIds.length === 0) return [];
  return db
    .select({
      sellerId: reviews.sellerId,
      average: sql<number>`round(avg(${reviews.rating}), 1)::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .where(inArray(reviews.sellerId, sellerIds))
    .groupBy(reviews.sellerId);
}

export async function findStoreReviews(db: Db, sellerId: string, limit: number, offset: number): Promise<ReviewRow[]> {
  return selectReviews(db)
    .where(eq(reviews.sellerId, sellerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

export async function countStoreReviews(db: Db, sellerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.sellerId, sellerId));
  return row.n;
}
