import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, providerJobs } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { PLATFORM_COMMISSION_ACCOUNT, SELLER_PAYABLE_ACCOUNT, WITHHOLDING_PAYABLE_ACCOUNT } from '../../lib/ledger.ts';

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
    .select({
      paymentId: payments.id,
      providerPaymentId: payments.providerPaymentId,
      itemTransactions: payments.itemTransactions,
    })
    .from(orders)
    .innerJoin(payments, and(eq(payments.groupId, orders.groupId), eq(payments.status, 'succeeded')))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const item = row.itemTransactions?.find((t) => t.itemId === orderId);
  return item
    ? {
        conversationId: row.paymentId,
        providerPaymentId: row.providerPaymentId,
        providerTransactionId: item.providerTransactionId,
      }
    : null;
}

/**
 * Marks a refund as sent before the provider is called (its own commit): if the answer is lost,
 * the next attempt knows to ask the provider's refunds before sending it again.
 */
export async function markRefundSent(db: Db, id: string, now: Date): Promise<void> {
  await db.update(providerJobs).set({ sentAt: now }).where(eq(providerJobs.id, id));
}

/** The provider answered no (or showed the refund never arrived): the refund was not made. */
export async function clearRefundSent(db: Db, id: string): Promise<void> {
  await db.update(providerJobs).set({ sentAt: null }).where(eq(providerJobs.id, id));
}

/** What we have booked as refunded of an order (its refund jobs recorded done). */
export async function sumBookedRefunds(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${providerJobs.amountKurus}), 0)` })
    .from(providerJobs)
    .where(and(eq(providerJobs.orderId, orderId), eq(providerJobs.kind, 'refund'), eq(providerJobs.status, 'done')));
  return Number(row?.total ?? 0);
}

export async function findProviderJobs(db: Db, orderId: string) {
  return db.select().from(providerJobs).where(eq(providerJobs.orderId, orderId));
}

/**
 * What a release books from: the rates fixed on the order at payment (null for an order never
 * paid), its total and VAT, and what earlier release journals moved out of escrow for it (the
 * credits to the seller, the commission and the withholding).
 */
export async function findOrderReleaseTerms(db: Db, orderId: string) {
  const [row] = await db
    .select({
      commissionBp: orders.commissionBp,
      withholdingBp: orders.withholdingBp,
      totalKurus: orders.totalKurus,
      vatKurus: orders.vatKurus,
      releasedKurus: sql<string>`(select coalesce(-sum(e.amount_kurus), 0) from ledger_entries e
        where e.order_id = ${orderId} and e.amount_kurus < 0
          and e.account in (${SELLER_PAYABLE_ACCOUNT}, ${PLATFORM_COMMISSION_ACCOUNT}, ${WITHHOLDING_PAYABLE_ACCOUNT}))`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ? { ...row, releasedKurus: Number(row.releasedKurus) } : undefined;
}
