import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, providerJobs } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';

/** Payments whose provider answer is still being asked for (oldest first). */
export async function findUnknownPayments(db: Db) {
  return db
    .select()
    .from(payments)
    .where(and(isNotNull(payments.outcomeUnknownSince), isNotNull(payments.nextCheckAt)))
    .orderBy(asc(payments.outcomeUnknownSince))
    .limit(200);
}

/** Refunds not yet known to be made: waiting, sent without an answer, or failed for good. */
export async function findOpenRefunds(db: Db) {
  return db
    .select({ job: providerJobs, orderNumber: orders.orderNumber })
    .from(providerJobs)
    .innerJoin(orders, eq(orders.id, providerJobs.orderId))
    .where(and(eq(providerJobs.kind, 'refund'), inArray(providerJobs.status, ['pending', 'failed'])))
    .orderBy(asc(providerJobs.createdAt))
    .limit(200);
}

/** Payments whose provider split to the sellers differs from our books (decision 037), not yet reviewed. */
export async function findPayoutMismatches(db: Db) {
  return db
    .select()
    .from(payments)
    .where(and(isNotNull(payments.payoutMismatch), isNull(payments.payoutMismatchReviewedAt)))
    .orderBy(asc(payments.completedAt))
    .limit(200);
}

/** Voids of late captures still to do or failed for good. */
export async function findOpenVoids(db: Db) {
  return db
    .select()
    .from(payments)
    .where(inArray(payments.voidStatus, ['pending', 'failed']))
    .orderBy(asc(payments.completedAt))
    .limit(200);
}

// The admin's actions on the list (decision 040). Each is a conditional update on the row's state,
// made in the caller's transaction after the row was locked, so a sweep that moved the row on in
// the meantime makes the action refuse instead of undoing the sweep's work.

/** One payment, locked for the admin action's transaction. */
export async function lockPayment(tx: Db, id: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

/** One provider job, locked for the admin action's transaction. */
export async function lockProviderJob(tx: Db, id: string) {
  const [row] = await tx.select().from(providerJobs).where(eq(providerJobs.id, id)).for('update');
  return row ?? null;
}

/** "Şimdi sor": a payment still being checked is due now (its attempts and back-off are kept). */
export async function makeCheckDueNow(tx: Db, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ nextCheckAt: now })
    .where(and(eq(payments.id, id), isNotNull(payments.nextCheckAt)))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** "Tekrar dene" on a void: pending again and due now; its attempt count is kept (decision 040). */
export async function makeVoidDueNow(tx: Db, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ voidStatus: 'pending', voidNextAttemptAt: now })
    .where(and(eq(payments.id, id), inArray(payments.voidStatus, ['pending', 'failed'])))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * "Tekrar dene" on a failed provider job: pending and due now. `sent_at` is kept: a refund whose
 * answer was lost is looked up at the provider before it is sent again (decision 038).
 */
export async function makeFailedProviderJobDueNow(tx: Db, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(providerJobs)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(and(eq(providerJobs.id, id), eq(providerJobs.status, 'failed')))
    .returning({ id: providerJobs.id });
  return rows.length > 0;
}

/** "İncelendi": the payment's payout mismatch is settled by an admin; the mismatch itself is kept. */
export async function markPayoutMismatchReviewed(tx: Db, id: string, adminId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(payments)
    .set({ payoutMismatchReviewedAt: now, payoutMismatchReviewedBy: adminId })
    .where(and(eq(payments.id, id), isNotNull(payments.payoutMismatch), isNull(payments.payoutMismatchReviewedAt)))
    .returning({ id: payments.id });
  return rows.length > 0;
}
