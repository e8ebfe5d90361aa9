import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, providerJobs } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';

export type ProviderJobRow = typeof providerJobs.$inferSelect;

/**
 * Claims due jobs for this worker: each claim is a lease (locked_until), so a crashed worker's job
 * is picked up again, and SKIP LOCKED lets many instances claim side by side.
 */
export async function claimDueProviderJobs(db: Db, now: Date, leaseMs: number, limit: number) {
  const due = db
    .select({ id: providerJobs.id })
    .from(providerJobs)
    .where(
      and(
        eq(providerJobs.status, 'pending'),
        lte(providerJobs.nextAttemptAt, now),
        or(isNull(providerJobs.lockedUntil), lte(providerJobs.lockedUntil, now)),
      ),
    )
    .orderBy(providerJobs.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(providerJobs)
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), attempts: sql`${providerJobs.attempts} + 1` })
    .where(inArray(providerJobs.id, due))
    .returning();
}

/** pending → done, once: of two workers that both reached the provider, one records the movement. */
export async function markProviderJobDone(tx: Db, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(providerJobs)
    .set({ status: 'done', doneAt: now, lockedUntil: null, lastError: null })
    .where(and(eq(providerJobs.id, id), eq(providerJobs.status, 'pending')))
    .returning({ id: providerJobs.id });
  return rows.length > 0;
}

export async function rescheduleProviderJob(
  db: Db,
  id: string,
  values: { status: 'pending' | 'failed'; nextAttemptAt: Date; lastError: string },
): Promise<void> {
  await db
    .update(providerJobs)
    .set({ ...values, lockedUntil: null })
    .where(and(eq(providerJobs.id, id), eq(providerJobs.status, 'pending')));
}

/** The captured payment of the order's group and the provider's transaction id for this order. */
export async function findOrderPaymentItem(db: Db, orderId: string) {
  const [row] = await db
    .select({ paymentId: payments.id, itemTransactions: payments.itemTransactions })
    .from(orders)
    .innerJoin(payments, and(eq(payments.groupId, orders.groupId), eq(payments.status, 'succeeded')))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const item = row.itemTransactions?.find((t) => t.itemId === orderId);
  return item ? { conversationId: row.paymentId, providerTransactionId: item.providerTransactionId } : null;
}

export async function findProviderJobs(db: Db, orderId: string) {
  return db.select().from(providerJobs).where(eq(providerJobs.orderId, orderId));
}

/** The commission rate fixed on the order at payment (basis points); null for an order never paid. */
export async function findOrderCommissionBp(db: Db, orderId: string): Promise<number | null> {
  const [row] = await db.select({ commissionBp: orders.commissionBp }).from(orders).where(eq(orders.id, orderId));
  return row?.commissionBp ?? null;
}
