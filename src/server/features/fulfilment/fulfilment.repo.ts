import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/listings.ts';
import { orderEvents, orderItems, orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';

/**
 * Marks on the order what the ledger just recorded (released_at, or the refunded total) and adds
 * a timeline event, in the journal's transaction.
 */
export async function recordMoneyMoved(
  tx: Db,
  orderId: string,
  kind: 'release' | 'refund',
  amountKurus: number,
  now: Date,
) {
  const [order] = await tx
    .update(orders)
    .set(
      kind === 'release'
        ? { releasedAt: now, updatedAt: now }
        : { refundedKurus: sql`${orders.refundedKurus} + ${amountKurus}`, updatedAt: now },
    )
    .where(eq(orders.id, orderId))
    .returning({ orderNumber: orders.orderNumber, buyerId: orders.buyerId, sellerId: orders.sellerId });
  await tx.insert(orderEvents).values({
    orderId,
    actorId: null,
    action: kind === 'release' ? 'money_released' : 'money_refunded',
    details: { amountKurus },
    createdAt: now,
  });
  return order;
}

/**
 * Orders due for a sweep, locked for this transaction; rows another worker holds are skipped, so
 * instances sweep side by side. `due`: not accepted within the approval window, unshipped past their ship deadline, shipped past escrow end,
 * or shipped within a day of it and not yet reminded.
 */
export async function lockDueOrders(
  tx: Db,
  due: 'unaccepted' | 'unshipped' | 'release' | 'reminder',
  now: Date,
  limit: number,
) {
  const dayAhead = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  const where =
    due === 'unaccepted'
      ? and(eq(orders.status, 'paid_escrow'), isNull(orders.acceptedAt), lte(orders.acceptBy, now))
      : due === 'unshipped'
        ? and(eq(orders.status, 'paid_escrow'), lte(orders.shipBy, now))
        : due === 'release'
          ? and(eq(orders.status, 'shipped'), lte(orders.escrowEndsAt, now))
          : and(
              eq(orders.status, 'shipped'),
              lte(orders.escrowEndsAt, dayAhead),
              gt(orders.escrowEndsAt, now),
              isNull(orders.releaseReminderSentAt),
            );
  return tx
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      totalKurus: orders.totalKurus,
      refundedKurus: orders.refundedKurus,
    })
    .from(orders)
    .where(where)
    .orderBy(orders.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function updateOrderDeadlines(
  tx: Db,
  orderId: string,
  set: { acceptedAt?: Date; acceptBy?: Date; shipBy?: Date },
): Promise<void> {
  await tx.update(orders).set(set).where(eq(orders.id, orderId));
}

export async function markReleaseReminderSent(tx: Db, orderId: string, now: Date): Promise<void> {
  await tx.update(orders).set({ releaseReminderSentAt: now }).where(eq(orders.id, orderId));
}

export async function insertOrderEvent(tx: Db, event: typeof orderEvents.$inferInsert): Promise<void> {
  await tx.insert(orderEvents).values(event);
}

/** The lines of an order that still point at a listing, in listing id order (the lock order of checkout). */
export async function findOrderListingLines(tx: Db, orderId: string) {
  return tx
    .select({ listingId: orderItems.listingId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.listingId)))
    .orderBy(orderItems.listingId);
}

export async function returnListingStock(tx: Db, listingId: string, quantity: number, now: Date): Promise<void> {
  await tx
    .update(listings)
    .set({ stock: sql`${listings.stock} + ${quantity}`, updatedAt: now })
    .where(eq(listings.id, listingId));
}

export async function findContacts(db: Db, ids: string[]) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, handle: users.publicHandle })
    .from(users)
    .where(inArray(users.id, ids));
}

/**
 * The longest handling time (days) of each order's listings; a line whose listing was deleted
 * counts 2 days (the listings' default).
 */
export async function findLongestHandlingDays(tx: Db, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx
    .select({
      orderId: orderItems.orderId,
      days: sql<number>`max(coalesce(${listings.handlingDays}, 2))::int`,
    })
    .from(orderItems)
    .leftJoin(listings, eq(listings.id, orderItems.listingId))
    .where(inArray(orderItems.orderId, orderIds))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((r) => [r.orderId, Number(r.days)]));
}
