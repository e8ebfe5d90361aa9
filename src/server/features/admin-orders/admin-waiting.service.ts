import type { AdminWaitingMoney } from '#shared/schemas/admin-orders.ts';
import type { AdminContext } from '../../lib/context.ts';
import { MAX_PROVIDER_ATTEMPTS } from '../fulfilment/index.ts';
import { MAX_OUTCOME_CHECKS, MAX_VOID_ATTEMPTS } from '../payments/index.ts';
import { findOpenRefunds, findOpenVoids, findPayoutMismatches, findUnknownPayments } from './admin-waiting.repo.ts';

const iso = (value: Date) => value.toISOString();
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * GET /api/admin/payments/waiting: what waits on the payment provider (decision 038), each with its
 * age and attempts, so an admin sees a lost bank answer or a void that keeps failing.
 */
export async function getWaitingMoney(ctx: AdminContext): Promise<AdminWaitingMoney> {
  const [unknown, refunds, voids, mismatched] = await Promise.all([
    findUnknownPayments(ctx.db),
    findOpenRefunds(ctx.db),
    findOpenVoids(ctx.db),
    findPayoutMismatches(ctx.db),
  ]);
  return {
    payments: unknown.map((p) => ({
      id: p.id,
      groupId: p.groupId,
      amountKurus: p.amountKurus,
      status: p.status as 'pending' | 'succeeded' | 'failed',
      unknownSince: iso(p.outcomeUnknownSince!),
      checkAttempts: p.checkAttempts,
      nextCheckAt: isoOrNull(p.nextCheckAt),
      needsAttention: p.checkAttempts >= MAX_OUTCOME_CHECKS,
    })),
    refunds: refunds.map(({ job, orderNumber }) => ({
      id: job.id,
      orderId: job.orderId,
      orderNumber,
      amountKurus: job.amountKurus,
      status: job.status as 'pending' | 'failed',
      isSent: job.sentAt !== null,
      attempts: job.attempts,
      createdAt: iso(job.createdAt),
      nextAttemptAt: iso(job.nextAttemptAt),
      lastError: job.lastError,
      needsAttention: job.status === 'failed' || job.attempts >= MAX_PROVIDER_ATTEMPTS,
    })),
    voids: voids.map((p) => ({
      paymentId: p.id,
      groupId: p.groupId,
      amountKurus: p.amountKurus,
      status: p.voidStatus as 'pending' | 'failed',
      attempts: p.voidAttempts,
      capturedAt: isoOrNull(p.completedAt),
      nextAttemptAt: isoOrNull(p.voidNextAttemptAt),
      lastError: p.voidLastError,
      needsAttention: p.voidStatus === 'failed' || p.voidAttempts >= MAX_VOID_ATTEMPTS,
    })),
    payoutMismatches: mismatched.flatMap((p) =>
      (p.payoutMismatch ?? []).map((m) => ({ paymentId: p.id, ...m, capturedAt: isoOrNull(p.completedAt) })),
    ),
  };
}
