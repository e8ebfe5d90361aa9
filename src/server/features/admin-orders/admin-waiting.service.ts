import { adminOrderMessages } from '#shared/messages/admin-orders.tr.ts';
import type { AdminWaitingMoney, WaitingActionResult } from '#shared/schemas/admin-orders.ts';
import type { JobName } from '#shared/schemas/jobs.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAdminAction, type AdminActionEntry } from '../../lib/audit.ts';
import type { AdminContext } from '../../lib/context.ts';
import { announceJob } from '../../lib/job-signal.ts';
import { MAX_PROVIDER_ATTEMPTS } from '../fulfilment/index.ts';
import { MAX_OUTCOME_CHECKS, MAX_VOID_ATTEMPTS } from '../payments/index.ts';
import {
  findOpenRefunds,
  findOpenVoids,
  findPayoutMismatches,
  findUnknownPayments,
  lockPayment,
  lockProviderJob,
  makeCheckDueNow,
  makeFailedProviderJobDueNow,
  makeVoidDueNow,
  markPayoutMismatchReviewed,
} from './admin-waiting.repo.ts';

const w = adminOrderMessages.waiting;

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

type ActionEntry = Omit<AdminActionEntry, 'actorId' | 'ip'>;

/**
 * One admin action on the waiting list: `change` runs in a transaction with the audit row it
 * returns, and the job that carries the row on is woken on commit (announceJob: NOTIFY is sent only
 * if the transaction commits, and every instance's listener queues the job). A refusal rolls back all.
 */
async function actOnWaitingRow(
  ctx: AdminContext,
  wake: JobName | null,
  change: (tx: Db, now: Date) => Promise<ActionEntry>,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const entry = await change(tx, now);
    await recordAdminAction(tx, { ...entry, actorId: ctx.user.id, ip: ctx.ip }, now);
    if (wake) await announceJob(tx, wake);
  });
}

/**
 * "Şimdi sor": a payment whose bank answer is unknown is asked about at the reconciliation job's
 * next run instead of at the end of its back-off. Decides nothing itself (decision 038: no button
 * overrules the provider); refused once the payment is no longer being checked.
 */
export async function checkPaymentNow(ctx: AdminContext, paymentId: string): Promise<WaitingActionResult> {
  await actOnWaitingRow(ctx, 'payment-reconciliation', async (tx, now) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new AppError('NOT_FOUND', w.errors.paymentNotFound);
    if (!(await makeCheckDueNow(tx, paymentId, now))) throw new AppError('CONFLICT', w.errors.notBeingChecked);
    return {
      action: 'payment_check_requested',
      targetType: 'payment',
      targetId: paymentId,
      details: {
        groupId: payment.groupId,
        status: payment.status,
        checkAttempts: payment.checkAttempts,
        outcomeUnknownSince: isoOrNull(payment.outcomeUnknownSince),
        previousNextCheckAt: isoOrNull(payment.nextCheckAt),
        lastCheckError: payment.lastCheckError,
      },
    };
  });
  return { message: w.actions.checkRequested };
}

/**
 * "Tekrar dene" on the void of a late capture (pending or failed): due now in the reconciliation
 * job. Its attempts are kept, so the next attempt asks the provider whether an earlier one went
 * through before voiding again, and a failed void gets one more attempt per click (decision 040).
 */
export async function retryPaymentVoid(ctx: AdminContext, paymentId: string): Promise<WaitingActionResult> {
  await actOnWaitingRow(ctx, 'payment-reconciliation', async (tx, now) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new AppError('NOT_FOUND', w.errors.paymentNotFound);
    if (!(await makeVoidDueNow(tx, paymentId, now))) throw new AppError('CONFLICT', w.errors.voidNotRetryable);
    return {
      action: 'payment_void_retried',
      targetType: 'payment',
      targetId: paymentId,
      details: {
        groupId: payment.groupId,
        amountKurus: payment.amountKurus,
        previousVoidStatus: payment.voidStatus,
        voidAttempts: payment.voidAttempts,
        previousNextAttemptAt: isoOrNull(payment.voidNextAttemptAt),
        voidLastError: payment.voidLastError,
      },
    };
  });
  return { message: w.actions.voidRetried };
}

/**
 * "Tekrar dene" on a refund or release the provider-jobs job gave up on: pending and due now, with
 * its attempts and `sent_at` kept (a refund sent without an answer is looked up before a resend).
 */
export async function retryProviderJob(ctx: AdminContext, jobId: string): Promise<WaitingActionResult> {
  await actOnWaitingRow(ctx, 'provider-jobs', async (tx, now) => {
    const job = await lockProviderJob(tx, jobId);
    if (!job) throw new AppError('NOT_FOUND', w.errors.providerJobNotFound);
    if (!(await makeFailedProviderJobDueNow(tx, jobId, now))) {
      throw new AppError('CONFLICT', w.errors.providerJobNotRetryable);
    }
    return {
      action: 'provider_job_retried',
      targetType: 'provider_job',
      targetId: jobId,
      details: {
        kind: job.kind,
        orderId: job.orderId,
        amountKurus: job.amountKurus,
        attempts: job.attempts,
        lastError: job.lastError,
        sentAt: isoOrNull(job.sentAt),
      },
    };
  });
  return { message: w.actions.providerJobRetried };
}

/**
 * "İncelendi" on a seller payout mismatch (decision 037): the admin has settled it with the
 * provider, so it leaves the list. The mismatch stays on the payment and is copied to the audit row.
 */
export async function reviewPayoutMismatch(ctx: AdminContext, paymentId: string): Promise<WaitingActionResult> {
  await actOnWaitingRow(ctx, null, async (tx, now) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new AppError('NOT_FOUND', w.errors.paymentNotFound);
    if (!(await markPayoutMismatchReviewed(tx, paymentId, ctx.user.id, now))) {
      throw new AppError('CONFLICT', w.errors.mismatchNotReviewable);
    }
    return {
      action: 'payout_mismatch_reviewed',
      targetType: 'payment',
      targetId: paymentId,
      details: { groupId: payment.groupId, payoutMismatch: payment.payoutMismatch },
    };
  });
  return { message: w.actions.mismatchReviewed };
}
