import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/listings.ts';
import { orderEvents, orderItems, orders, providerJobs } from '../../db/schema/orders.ts';
import type { OrderGuard } from './order-lifecycle.table.ts';

export type NewOrderEvent = typeof orderEvents.$inferInsert;
export type NewProviderJob = typeof providerJobs.$inferInsert;
export type ProviderJobRow = typeof providerJobs.$inferSelect;
export type OrderSet = PgUpdateSetSource<typeof orders>;

/** The one place an order event (a timeline entry) is written. */
export async function insertOrderEvents(tx: Db, rows: NewOrderEvent[]): Promise<void> {
  if (rows.length > 0) await tx.insert(orderEvents).values(rows);
}

export async function insertProviderJob(tx: Db, job: NewProviderJob): Promise<ProviderJobRow> {
  const [row] = await tx.insert(providerJobs).values(job).returning();
  return row;
}

/** A verb's guard as SQL (the same condition `orderActionsFor` checks on a row). */
export function guardSql(guard: OrderGuard | undefined): SQL | undefined {
  if (guard === 'accepted') return isNotNull(orders.acceptedAt);
  if (guard === 'notAccepted') return isNull(orders.acceptedAt);
  if (guard === 'notPaidOut') return isNull(orders.payoutId);
  return undefined;
}

/** Which party's orders a person may move: the buyer's or the seller's own (others see them as missing). */
export function scopeSql(party: 'buyer' | 'seller' | null, userId: string | null): SQL | undefined {
  if (!party || !userId) return undefined;
  return eq(party === 'buyer' ? orders.buyerId : orders.sellerId, userId);
}

/**
 * Moves every order of the selection that is in one of `from` (and meets the guard) to `to`,
 * answering each moved row with the status it came from. The rows are locked first, so the
 * status read is the one replaced.
 */
export async function updateOrdersFrom(
  tx: Db,
  selection: { groupId: string } | { ids: string[] },
  rule: { from: readonly string[]; to: string; guard?: OrderGuard },
  set: OrderSet,
) {
  const where = and(
    'groupId' in selection ? eq(orders.groupId, selection.groupId) : inArray(orders.id, selection.ids),
    inArray(orders.status, [...rule.from]),
    guardSql(rule.guard),
  );
  const before = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(where).for('update');
  if (before.length === 0) return [];
  const statusOf = new Map(before.map((r) => [r.id, r.status]));
  const rows = await tx
    .update(orders)
    .set({ ...set, status: rule.to })
    .where(
      and(
        inArray(
          orders.id,
          before.map((r) => r.id),
        ),
        where,
      ),
    )
    .returning();
  return rows.map((row) => ({ row, fromStatus: statusOf.get(row.id)! }));
}

/** Returns an order's sold quantities to their listings, in listing id order (the lock order of checkout). */
export async function restockOrder(tx: Db, orderId: string, now: Date): Promise<void> {
  const lines = await tx
    .select({ listingId: orderItems.listingId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.listingId)))
    .orderBy(orderItems.listingId);
  for (const line of lines) {
    await tx
      .update(listings)
      .set({ stock: sql`${listings.stock} + ${line.quantity}`, updatedAt: now })
      .where(eq(listings.id, line.listingId!));
  }
}
