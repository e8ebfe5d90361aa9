import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';

/**
 * The provider's answer to a payment is unknown (both the authorisation and the query timed out):
 * the reconciliation sweep asks it again from `nextCheckAt`. A payment the expiry sweep or the
 * buyer closed meanwhile is still watched, since the card may have been charged (the capture is
 * then voided). A payment with a known capture is left alone.
 */
export async function markOutcomeUnknown(db: Db, id: string, now: Date, message: string | null): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({
      outcomeUnknownSince: sql`coalesce(${payments.outcomeUnknownSince}, ${now.toISOString()}::timestamptz)`,
      nextCheckAt: now,
      lastCheckError: message?.slice(0, 500) ?? null,
    })
    .where(
      and(eq(payments.id, id), inArray(payments.status, ['pending', 'failed']), isNull(payments.providerPaymentId)),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Claims unknown payments due for a check; each claim pushes `nextCheckAt` a lease ahead, so a
 * crashed sweep's payment is asked again after it, and SKIP LOCKED lets instances claim side by side.
 */
export async function claimUnknownPayments(db: Db, now: Date, leaseMs: number, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(isNotNull(payments.nextCheckAt), lte(payments.nextCheckAt, now)))
      .orderBy(asc(payments.nextCheckAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(payments)
      .set({ nextCheckAt: new Date(now.getTime() + leaseMs), checkAttempts: sql`${payments.checkAttempts} + 1` })
      .where(
        inArray(
          payments.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** The provider still does not know: ask again at `nextCheckAt`. */
export async function rescheduleCheck(db: Db, id: string, nextCheckAt: Date, error: string): Promise<void> {
  await db
    .update(payments)
    .set({ nextCheckAt, lastCheckError: error.slice(0, 500) })
    .where(and(eq(payments.id, id), isNotNull(payments.nextCheckAt)));
}

/** The provider answered and the answer is recorded: no more checks. */
export async function endChecks(db: Db, id: string): Promise<void> {
  await db.update(payments).set({ nextCheckAt: null, lastCheckError: null }).where(eq(payments.id, id));
}

/** A late capture must be voided: recorded in the capture's transaction, before the provider is called. */
export async function requestVoid(tx: Db, id: string, now: Date, leaseMs: number): Promise<void> {
  // The first attempt follows at once in the caller; the lease keeps the sweep off it meanwhile.
  await tx
    .update(payments)
    .set({ voidStatus: 'pending', voidAttempts: 1, voidNextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(and(eq(payments.id, id), isNull(payments.voidStatus)));
}

/** Claims due voids (lease and SKIP LOCKED as for checks). */
export async function claimDueVoids(db: Db, now: Date, leaseMs: number, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.voidStatus, 'pending'), lte(payments.voidNextAttemptAt, now)))
      .orderBy(asc(payments.voidNextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(payments)
      .set({
        voidNextAttemptAt: new Date(now.getTime() + leaseMs),
        voidAttempts: sql`${payments.voidAttempts} + 1`,
      })
      .where(
        inArray(
          payments.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function recordVoidResult(
  db: Db,
  id: string,
  values: { voidStatus: 'pending' | 'done' | 'failed'; voidNextAttemptAt: Date | null; voidLastError: string | null },
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, voidLastError: values.voidLastError?.slice(0, 500) ?? null })
    .where(and(eq(payments.id, id), eq(payments.voidStatus, 'pending')));
}

/** The provider's seller payouts that differ from our books (decision 037), for the admin. */
export async function recordPayoutMismatch(
  db: Db,
  id: string,
  mismatch: { orderId: string; expectedKurus: number; providerKurus: number }[],
): Promise<void> {
  await db.update(payments).set({ payoutMismatch: mismatch }).where(eq(payments.id, id));
}
