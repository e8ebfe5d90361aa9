import { and, eq, gt, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/listings.ts';
import { orderItems, orders } from '../../db/schema/orders.ts';

/** Marks on the order what the ledger just recorded (released_at, or the refunded total), in the journal's transaction. */
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
  return order;
}

/**
 * A shipped order's escrow end as a SET value: the later of the end fixed at payment (created +
 * escrow days) and `notBefore` (shipped + inspection days), so the buyer always has the inspection
 * period with the goods (decision 034).
 */
export function escrowEndNotBefore(notBefore: Date): SQL<Date> {
  return sql<Date>`greatest(${orders.escrowEndsAt}, ${notBefore.toISOString()}::timestamptz)`;
}

/**
 * Orders due for a sweep, locked for this transaction; rows another worker holds are skipped, so
 * instances sweep side by side. `due`: not accepted within the approval window, unshipped past their
 * ship deadline, shipped past escrow end (the date the ship moved to shipped + inspection days), or
 * shipped within a day of it and not yet reminded.
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
          ? // escrow_ends_at of a shipped order is at least shipped + inspection days (set by the ship).
            and(eq(orders.status, 'shipped'), isNotNull(orders.shippedAt), lte(orders.escrowEndsAt, now))
          : and(
              eq(orders.status, 'shipped'),
              lte(orders.escrowEndsAt, dayAhead),
              gt(orders.escrowEndsAt, now),
              isNull(orders.releaseReminderSentAt),
            );
  return (
    tx
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
      // Seller order: each transition of the sweep then takes its seller's counters row in the
      // ascending order every other writer uses (lib/seller-counters.ts), so they cannot deadlock.
      .orderBy(orders.sellerId, orders.id)
      .limit(limit)
      .for('update', { skipLocked: true })
  );
}

export async function updateOrderDeadlines(
  tx: Db,
  orderIds: string[],
  set: { acceptedAt?: Date; acceptBy?: Date; shipBy?: Date },
): Promise<void> {
  await tx.update(orders).set(set).where(inArray(orders.id, orderIds));
}

export async function markReleaseReminderSent(tx: Db, orderId: string, now: Date): Promise<void> {
  await tx.update(orders).set({ releaseReminderSentAt: now }).where(eq(orders.id, orderId));
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
