import { orderPath, sellerOrderPath } from '#shared/site-paths.ts';
import type { FastifyBaseLogger } from 'fastify';
import { notificationMessages } from '#shared/messages/notifications.tr.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { applyBasisPoints } from '#shared/money.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { postRefund, postRelease } from '../../lib/ledger.ts';
import { withholdingOfRelease } from '../../lib/withholding.ts';
import { countSellerMoney } from '../../lib/seller-counters.ts';
import { PaymentProviderError } from '../../lib/payments/provider-error.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import { formatKurus } from '#shared/money.ts';
import { notify } from '../notifications/index.ts';
import { recordOrderEvents } from '../order-lifecycle/index.ts';
import { getPlatformSettings } from '../platform-settings/index.ts';
import { recordMoneyMoved } from './fulfilment.repo.ts';
import {
  claimDueProviderJobs,
  clearRefundSent,
  findOrderReleaseTerms,
  findOrderPaymentItem,
  markProviderJobDone,
  markRefundSent,
  rescheduleProviderJob,
  sumBookedRefunds,
  type ProviderJobRow,
} from './provider-jobs.repo.ts';

/** A worker's lease on a claimed job; a job of a crashed worker is claimed again after it. */
const LEASE_MS = 2 * 60_000;
/** Attempts before a job is marked failed (an admin then looks at it); back-off 30 s, 1 min, 2 min … */
export const MAX_PROVIDER_ATTEMPTS = 8;
const BASE_BACKOFF_MS = 30_000;
/**
 * How long a refund sent without an answer may take to show in the provider's report: until then
 * "not refunded" may only mean "not listed yet", and sending again could refund twice.
 */
export const REFUND_REPORT_LAG_MS = 10 * 60_000;

/** A sent refund the report does not show yet: asked again at `retryAt`, not sent again before it. */
class RefundNotListedYet extends Error {
  constructor(readonly retryAt: Date) {
    super(`refund sent but not listed by the provider yet; asking again at ${retryAt.toISOString()}`);
  }
}

export interface ProviderJobDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}

/**
 * One sweep of due jobs: each calls the provider outside any transaction, then, once the provider
 * has said yes, writes the ledger journal in the transaction that marks the job done. So the ledger
 * never runs ahead of the provider. A failure is retried with back-off; after the last attempt the
 * job is marked failed and logged. Returns how many jobs were done.
 *
 * Refunds are not idempotent at the provider: each is marked sent before the call, and a refund
 * whose answer was lost (timeout, crash) is looked up in the provider's refunds before it is sent
 * again, so it is made and booked once (decision 038).
 */
export async function runProviderJobs(deps: ProviderJobDeps, limit = 20): Promise<number> {
  const now = deps.clock.now();
  const jobs = await claimDueProviderJobs(deps.db, now, LEASE_MS, limit);
  let done = 0;
  for (const job of jobs) {
    try {
      await callProvider(deps, job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RefundNotListedYet) {
        // Waiting on the provider's report is not a failed attempt of ours.
        await rescheduleProviderJob(deps.db, job.id, {
          status: 'pending',
          nextAttemptAt: error.retryAt,
          lastError: message,
        });
        continue;
      }
      const last = job.attempts >= MAX_PROVIDER_ATTEMPTS;
      (last ? deps.log.error : deps.log.warn).call(
        deps.log,
        { jobId: job.id, kind: job.kind, orderId: job.orderId, attempt: job.attempts, err: error },
        last ? 'provider job failed for good' : 'provider job failed; will retry',
      );
      await rescheduleProviderJob(deps.db, job.id, {
        status: last ? 'failed' : 'pending',
        nextAttemptAt: new Date(deps.clock.now().getTime() + BASE_BACKOFF_MS * 2 ** (job.attempts - 1)),
        lastError: message.slice(0, 500),
      });
      continue;
    }
    const recorded = await deps.db.transaction(async (tx) => {
      if (!(await markProviderJobDone(tx, job.id, deps.clock.now()))) return false;
      await recordMovement(tx, job, deps.clock.now());
      return true;
    });
    if (recorded) done++;
  }
  return done;
}

async function callProvider(deps: ProviderJobDeps, job: ProviderJobRow): Promise<void> {
  const item = await findOrderPaymentItem(deps.db, job.orderId);
  if (!item) throw new Error(`order ${job.orderId} has no captured payment item`);
  const base = {
    conversationId: item.conversationId,
    providerTransactionId: item.providerTransactionId,
    ip: '127.0.0.1',
  };
  if (job.kind === 'release') return deps.provider.approveItem(base);
  if (job.sentAt) {
    // An earlier attempt's answer is unknown: did the provider make that refund?
    if (!item.providerPaymentId) throw new Error(`order ${job.orderId} has no provider payment id`);
    const refunds = await deps.provider.listRefunds({
      conversationId: item.conversationId,
      providerPaymentId: item.providerPaymentId,
    });
    const atProvider = refunds.find((r) => r.providerTransactionId === item.providerTransactionId)?.refundedKurus ?? 0;
    // What the provider refunded beyond what we have booked is this refund's (one refund of an
    // order is in flight at a time in practice; see the decision for the limits of this).
    if (atProvider - (await sumBookedRefunds(deps.db, job.orderId)) >= job.amountKurus) return;
    const listedBy = new Date(job.sentAt.getTime() + REFUND_REPORT_LAG_MS);
    if (deps.clock.now() < listedBy) throw new RefundNotListedYet(listedBy);
  }
  await markRefundSent(deps.db, job.id, deps.clock.now());
  try {
    await deps.provider.refundItem({ ...base, amountKurus: job.amountKurus });
  } catch (error) {
    // A clear "no" from the provider: nothing was refunded, the next attempt may simply send it.
    // Anything else (timeout, unreadable answer) leaves it sent: the next attempt asks first.
    if (error instanceof PaymentProviderError && error.reason !== 'unreachable') await clearRefundSent(deps.db, job.id);
    throw error;
  }
}

/** The ledger side of a job the provider has carried out, and the news for the side that gets the money. */
async function recordMovement(tx: Db, job: ProviderJobRow, now: Date): Promise<void> {
  let sellerKurus = 0;
  if (job.kind === 'release') {
    const terms = await findOrderReleaseTerms(tx, job.orderId);
    if (!terms) throw new Error(`order ${job.orderId} not found`);
    // The rates fixed on the order when it was paid, not today's settings (migration 0020 fixed the
    // commission on orders paid before; today's rate only if that found no settings row). An order
    // paid before withholding existed (null) has none.
    const commissionBp = terms.commissionBp ?? (await getPlatformSettings(tx)).commissionBp;
    const commissionKurus = applyBasisPoints(job.amountKurus, commissionBp);
    const { baseKurus, withholdingKurus } = withholdingOfRelease(
      { totalKurus: terms.totalKurus, vatKurus: terms.vatKurus, withholdingBp: terms.withholdingBp ?? 0 },
      terms.releasedKurus,
      job.amountKurus,
    );
    sellerKurus = job.amountKurus - commissionKurus - withholdingKurus;
    await postRelease(
      tx,
      { orderId: job.orderId, amountKurus: job.amountKurus, commissionKurus, withholdingKurus, baseKurus },
      `released to seller (${job.reason})`,
      now,
    );
  } else {
    await postRefund(
      tx,
      { orderId: job.orderId, amountKurus: job.amountKurus },
      `refunded to buyer (${job.reason})`,
      now,
    );
  }
  const order = await recordMoneyMoved(tx, job.orderId, job.kind, job.amountKurus, now);
  if (!order) return;
  await recordOrderEvents(tx, [
    {
      orderId: job.orderId,
      actorId: null,
      action: job.kind === 'release' ? 'money_released' : 'money_refunded',
      details: { amountKurus: job.amountKurus },
      createdAt: now,
    },
  ]);
  const e = notificationMessages.events;
  await notify(
    tx,
    [
      job.kind === 'release'
        ? {
            userId: order.sellerId,
            type: 'money_released',
            title: e.moneyReleasedTitle,
            message: e.moneyReleasedBody(order.orderNumber, formatKurus(sellerKurus)),
            relatedId: job.orderId,
            actionUrl: sellerOrderPath(job.orderId),
            actionText: tradingMessages.notifications.orderAction,
          }
        : {
            userId: order.buyerId,
            type: 'order_refunded',
            title: e.refundedTitle,
            message: e.refundedBody(order.orderNumber, formatKurus(job.amountKurus)),
            relatedId: job.orderId,
            actionUrl: orderPath(job.orderId),
            actionText: tradingMessages.notifications.orderAction,
          },
    ],
    now,
  );
  // Last, as every counters write: the seller's pending figures follow the money that moved (a
  // refund lowers it; a release moves it from escrow to released), in the same transaction.
  await countSellerMoney(tx, [job.orderId]);
}
