import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
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

/** Payments whose provider split to the sellers differs from our books (decision 037). */
export async function findPayoutMismatches(db: Db) {
  return db
    .select()
    .from(payments)
    .where(isNotNull(payments.payoutMismatch))
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
