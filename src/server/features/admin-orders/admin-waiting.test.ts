import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, expect, it } from 'vitest';
import { adminOrderMessages } from '#shared/messages/admin-orders.tr.ts';
import type { AdminWaitingMoney } from '#shared/schemas/admin-orders.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { testOrigin, useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { eventually } from '../../../../test/eventually.ts';
import { callApi, createUser, signIn } from '../../../../test/factories.ts';
import {
  checkoutBody,
  createMarket,
  expectLedgerInvariants,
  payWithSandbox,
  postCheckout,
  reachCallbackForm,
} from '../../../../test/trading.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { orderGroups, orders, providerJobs } from '../../db/schema/orders.ts';
import { payments, sandboxBankOperations } from '../../db/schema/payments.ts';
import { JOB_QUEUED_CHANNEL } from '../../lib/job-signal.ts';
import { ESCROW_ACCOUNT } from '../../lib/ledger.ts';
import { PaymentProviderError } from '../../lib/payments/provider-error.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import { SANDBOX_SLOW_BANK_MS } from '../../lib/payments/sandbox-books.ts';
import { MAX_PROVIDER_ATTEMPTS, runProviderJobs } from '../fulfilment/index.ts';
import { enqueueProviderJob } from '../order-lifecycle/index.ts';
import { expireReservations, MAX_VOID_ATTEMPTS, reconcilePayments } from '../payments/index.ts';
import { handlePaymentCallback, settleOutcome } from '../payments/payments.service.ts';

const w = adminOrderMessages.waiting;
/** The sandbox bank's slow card (sandbox-books.ts): its answers time out for 5 minutes, then say captured. */
const SLOW_SUCCESS_CARD = '4111111111111145';
const HOUR_MS = 60 * 60_000;

describeEachDatabase('admin actions on money waiting on the provider', (kind) => {
  const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '100000' } });
  const db = () => t.database.db;
  const deps = (provider: PaymentProvider = t.app.payments) => ({
    db: db(),
    clock: t.clock,
    provider,
    appUrl: testOrigin,
    log: t.app.log,
  });
  const jobDeps = (provider: PaymentProvider = t.app.payments) => ({
    db: db(),
    clock: t.clock,
    provider,
    log: t.app.log,
  });

  // Job wake-ups as the job runtime hears them: NOTIFY job_queued, delivered on commit.
  let wakeUps: string[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  beforeEach(async () => {
    t.clock.reset();
    unlisten ??= await t.database.listen(JOB_QUEUED_CHANNEL, { onMessage: (job) => wakeUps.push(job) });
    wakeUps = [];
  });
  // Registered after useTestApp's: runs before the database closes.
  afterAll(async () => unlisten?.());

  /** Waits until every wake-up committed so far has arrived: a marker sent last has. */
  async function flushWakeUps() {
    const marker = `marker-${randomUUID()}`;
    await t.database.sql.executeSql(`select pg_notify('${JOB_QUEUED_CHANNEL}', '${marker}')`);
    await eventually(() => wakeUps.includes(marker), 10_000, 'the marker wake-up');
  }

  /** The jobs woken by what `action` committed (checkouts and mails wake others: only these are counted). */
  async function wakeUpsDuring<T>(action: () => Promise<T>): Promise<[T, string[]]> {
    await flushWakeUps();
    wakeUps = [];
    const result = await action();
    await flushWakeUps();
    return [result, wakeUps.filter((job) => !job.startsWith('marker-'))];
  }

  const adminCookie = async () => signIn(t, await createUser(db(), { role: 'admin' }));
  const post = (url: string, cookie?: string) => callApi(t, 'POST', url, { cookie });
  const paymentOf = async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0]!;
  const paymentOfGroup = async (groupId: string) =>
    (await db().select().from(payments).where(eq(payments.groupId, groupId)))[0]!;
  const jobOf = async (id: string) => (await db().select().from(providerJobs).where(eq(providerJobs.id, id)))[0]!;
  const auditOf = (targetId: string) => db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));
  const waitingList = async (cookie: string) => {
    const res = await callApi(t, 'GET', '/api/admin/payments/waiting', { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminWaitingMoney>();
  };
  const bankOperationsOf = async (paymentId: string, operation: 'cancel' | 'refund') =>
    (
      await db()
        .select()
        .from(sandboxBankOperations)
        .where(and(eq(sandboxBankOperations.conversationId, paymentId), eq(sandboxBankOperations.kind, operation)))
    ).length;

  async function expectRefused(url: string, cookie: string, message: string) {
    const res = await post(url, cookie);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message });
  }

  /** A checkout of one unit at its bank's last page (3-D Secure done), the callback form unsent. */
  async function checkoutAtCallback(card?: string) {
    const m = await createMarket(db());
    const cookie = await signIn(t, m.buyer);
    const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
    const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
    const form = await reachCallbackForm(t, cookie, placed.paymentUrl, card);
    return { m, cookie, placed, form };
  }

  /** A checkout paid through the sandbox bank: its payment is settled, nothing waits. */
  async function paidCheckout() {
    const m = await createMarket(db());
    const cookie = await signIn(t, m.buyer);
    const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
    const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
    expect((await payWithSandbox(t, cookie, placed.paymentUrl)).statusCode).toBe(303);
    const [order] = await db().select().from(orders).where(eq(orders.groupId, placed.groupId));
    return { order: order!, payment: await paymentOfGroup(placed.groupId) };
  }

  it('is for admins only, and checks the ids it is given (Turkish 400, 404)', async () => {
    const id = randomUUID();
    const urls = [
      `/api/admin/payments/${id}/check`,
      `/api/admin/payments/${id}/void/retry`,
      `/api/admin/provider-jobs/${id}/retry`,
      `/api/admin/payments/${id}/payout-mismatch/review`,
    ];
    const member = await signIn(t, await createUser(db()));
    const admin = await adminCookie();
    const [, woken] = await wakeUpsDuring(async () => {
      for (const url of urls) await expectRefusals(url);
    });
    expect(woken).toEqual([]);
    expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id))).toEqual([]);

    async function expectRefusals(url: string) {
      expect((await post(url)).statusCode, url).toBe(401);
      expect((await post(url, member)).statusCode, url).toBe(403);
      const missing = await post(url, admin);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json().error, url).toEqual({
        code: 'NOT_FOUND',
        message: url.includes('provider-jobs') ? w.errors.providerJobNotFound : w.errors.paymentNotFound,
      });
      const invalid = await post(url.replace(id, 'not-a-uuid'), admin);
      expect(invalid.statusCode, url).toBe(400);
      expect(invalid.json().error, url).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: {
          id: url.includes('provider-jobs') ? w.errors.invalidProviderJobId : w.errors.invalidPaymentId,
        },
      });
    }
  });

  it('"Şimdi sor" has a payment with a lost bank answer asked at once instead of after its back-off, and the job settles it', async () => {
    const { placed, form } = await checkoutAtCallback(SLOW_SUCCESS_CARD);
    await handlePaymentCallback(deps(), 'sandbox', form.fields);
    const unknown = await paymentOfGroup(placed.groupId);
    expect(unknown).toMatchObject({ status: 'pending' });
    expect(unknown.nextCheckAt).not.toBeNull();
    // The provider knows nothing for a while: the payment's checks back off to 16 minutes apart.
    const neverKnows: PaymentProvider = { ...t.app.payments, retrievePayment: async () => ({ status: 'pending' }) };
    for (;;) {
      const { nextCheckAt } = await paymentOf(unknown.id);
      if (nextCheckAt!.getTime() - t.clock.now().getTime() >= 10 * 60_000) break;
      t.clock.set(nextCheckAt!);
      await reconcilePayments(deps(neverKnows));
    }
    expect(t.clock.now().getTime() - unknown.createdAt.getTime()).toBeGreaterThan(SANDBOX_SLOW_BANK_MS);
    // The bank knows by now, but the job will not ask before the back-off is over.
    expect(await reconcilePayments(deps())).toBe(0);
    const before = await paymentOf(unknown.id);
    expect(before).toMatchObject({ status: 'pending' });

    const admin = await adminCookie();
    const [res, woken] = await wakeUpsDuring(() => post(`/api/admin/payments/${unknown.id}/check`, admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: w.actions.checkRequested });
    // Due now; nothing decided by the admin's click.
    expect(await paymentOf(unknown.id)).toEqual({ ...before, nextCheckAt: t.clock.now() });
    const [audit] = await auditOf(unknown.id);
    expect(audit).toMatchObject({
      action: 'payment_check_requested',
      targetType: 'payment',
      details: {
        groupId: placed.groupId,
        status: 'pending',
        checkAttempts: before.checkAttempts,
        previousNextCheckAt: before.nextCheckAt!.toISOString(),
      },
      createdAt: t.clock.now(),
    });
    expect(woken).toEqual(['payment-reconciliation']);

    // The woken job asks the bank and books the capture.
    expect(await reconcilePayments(deps())).toBe(1);
    expect(await paymentOf(unknown.id)).toMatchObject({ status: 'succeeded', nextCheckAt: null });
    const [group] = await db().select().from(orderGroups).where(eq(orderGroups.id, placed.groupId));
    expect(group!.status).toBe('paid');
    expect((await waitingList(admin)).payments.map((p) => p.id)).not.toContain(unknown.id);
    await expectLedgerInvariants(db());

    // Settled: no longer being checked, so asking again is refused and changes nothing.
    const settled = await paymentOf(unknown.id);
    const [, wokenByRefusal] = await wakeUpsDuring(() =>
      expectRefused(`/api/admin/payments/${unknown.id}/check`, admin, w.errors.notBeingChecked),
    );
    expect(wokenByRefusal).toEqual([]);
    expect(await paymentOf(unknown.id)).toEqual(settled);
    expect(await auditOf(unknown.id)).toHaveLength(1);
  });

  it('"Tekrar dene" gives a failed void of a late capture one more attempt, which asks the bank first, and the job voids it', async () => {
    let cancelCalls = 0;
    const down: PaymentProvider = {
      ...t.app.payments,
      cancelPayment: async () => {
        cancelCalls++;
        throw new PaymentProviderError('unreachable', 'cancel timed out');
      },
    };
    // A capture that arrives after its reservation ended must be voided, and the bank is down.
    const { placed, form } = await checkoutAtCallback();
    const payment = await paymentOfGroup(placed.groupId);
    const itemIds = (await db().select().from(orders).where(eq(orders.groupId, placed.groupId))).map((o) => o.id);
    const outcome = await t.app.payments.completePayment({
      conversationId: payment.id,
      callbackBody: form.fields,
      expected: { conversationId: payment.id, amountKurus: payment.amountKurus, itemIds },
    });
    if (outcome.status !== 'succeeded') throw new Error(`expected a capture, got ${outcome.status}`);
    t.clock.advance(16 * 60_000);
    await expireReservations(db(), t.clock);
    await settleOutcome(deps(down), payment.id, placed.groupId, outcome);
    for (let i = 1; i < MAX_VOID_ATTEMPTS; i++) {
      t.clock.advance(HOUR_MS);
      await reconcilePayments(deps(down));
    }
    const failed = await paymentOf(payment.id);
    expect(failed).toMatchObject({ voidStatus: 'failed', voidAttempts: MAX_VOID_ATTEMPTS, voidNextAttemptAt: null });
    expect(cancelCalls).toBe(MAX_VOID_ATTEMPTS);

    // A payment with no void to retry is refused, and nothing changes.
    const paid = await paidCheckout();
    const admin = await adminCookie();
    await expectRefused(`/api/admin/payments/${paid.payment.id}/void/retry`, admin, w.errors.voidNotRetryable);
    expect(await paymentOf(paid.payment.id)).toEqual(paid.payment);
    expect(await auditOf(paid.payment.id)).toEqual([]);

    const url = `/api/admin/payments/${payment.id}/void/retry`;
    const [res, woken] = await wakeUpsDuring(() => post(url, admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: w.actions.voidRetried });
    // Pending and due now; the attempts are kept (the next one asks whether an earlier void went through).
    expect(await paymentOf(payment.id)).toEqual({
      ...failed,
      voidStatus: 'pending',
      voidNextAttemptAt: t.clock.now(),
    });
    expect(await auditOf(payment.id)).toEqual([
      expect.objectContaining({
        action: 'payment_void_retried',
        targetType: 'payment',
        actorId: expect.any(String),
        details: expect.objectContaining({
          previousVoidStatus: 'failed',
          voidAttempts: MAX_VOID_ATTEMPTS,
          voidLastError: 'cancel timed out',
          amountKurus: payment.amountKurus,
        }),
      }),
    ]);
    expect(woken).toEqual(['payment-reconciliation']);
    // Retrying a void already waiting for its attempt is allowed too (it just comes sooner).
    expect((await post(url, admin)).statusCode).toBe(200);

    // Still down: one attempt, failed again at once; it stays on the list.
    expect(await reconcilePayments(deps(down))).toBe(0);
    expect(cancelCalls).toBe(MAX_VOID_ATTEMPTS + 1);
    expect(await paymentOf(payment.id)).toMatchObject({ voidStatus: 'failed', voidAttempts: MAX_VOID_ATTEMPTS + 1 });
    expect((await waitingList(admin)).voids.find((v) => v.paymentId === payment.id)).toMatchObject({
      status: 'failed',
      attempts: MAX_VOID_ATTEMPTS + 1,
      needsAttention: true,
    });

    // The bank is back: retried again, the job voids it at the sandbox bank.
    expect((await post(url, admin)).statusCode).toBe(200);
    expect(await reconcilePayments(deps())).toBe(1);
    expect(await paymentOf(payment.id)).toMatchObject({ voidStatus: 'done', voidLastError: null });
    expect(await bankOperationsOf(payment.id, 'cancel')).toBe(1);
    expect((await waitingList(admin)).voids.map((v) => v.paymentId)).not.toContain(payment.id);
    expect(await auditOf(payment.id)).toHaveLength(3);

    // Done: nothing left to retry.
    const done = await paymentOf(payment.id);
    await expectRefused(url, admin, w.errors.voidNotRetryable);
    expect(await paymentOf(payment.id)).toEqual(done);
    expect(await auditOf(payment.id)).toHaveLength(3);
  });

  it('"Tekrar dene" puts a failed refund back in line with its sent mark kept, so the job looks it up and does not refund twice', async () => {
    const { order, payment } = await paidCheckout();
    await db().transaction((tx) =>
      enqueueProviderJob(tx, { kind: 'refund', orderId: order.id, amountKurus: 1_000, reason: 'test' }, t.clock.now()),
    );
    const [queued] = await db().select().from(providerJobs).where(eq(providerJobs.orderId, order.id));
    // The bank makes the refund but its answer is lost, and its refund report cannot be reached.
    let refundCalls = 0;
    const lostAndUnlisted: PaymentProvider = {
      ...t.app.payments,
      refundItem: async (input) => {
        refundCalls++;
        await t.app.payments.refundItem(input);
        throw new PaymentProviderError('unreachable', 'refund timed out');
      },
      listRefunds: async () => {
        throw new PaymentProviderError('unreachable', 'report timed out');
      },
    };
    for (let i = 0; i < MAX_PROVIDER_ATTEMPTS; i++) {
      await runProviderJobs(jobDeps(lostAndUnlisted));
      t.clock.advance(HOUR_MS);
    }
    const failed = await jobOf(queued!.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_PROVIDER_ATTEMPTS, lastError: 'report timed out' });
    expect(failed.sentAt).not.toBeNull();
    expect(refundCalls).toBe(1);
    expect(await bankOperationsOf(payment.id, 'refund')).toBe(1);

    const admin = await adminCookie();
    const url = `/api/admin/provider-jobs/${failed.id}/retry`;
    const [res, woken] = await wakeUpsDuring(() => post(url, admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: w.actions.providerJobRetried });
    // Pending, due now; attempts and sent_at as they were.
    expect(await jobOf(failed.id)).toEqual({ ...failed, status: 'pending', nextAttemptAt: t.clock.now() });
    expect(await auditOf(failed.id)).toEqual([
      expect.objectContaining({
        action: 'provider_job_retried',
        targetType: 'provider_job',
        details: {
          kind: 'refund',
          orderId: order.id,
          amountKurus: 1_000,
          attempts: MAX_PROVIDER_ATTEMPTS,
          lastError: 'report timed out',
          sentAt: failed.sentAt!.toISOString(),
        },
      }),
    ]);
    expect(woken).toEqual(['provider-jobs']);

    // Only a failed job can be retried: this one is already in line.
    const pending = await jobOf(failed.id);
    await expectRefused(url, admin, w.errors.providerJobNotRetryable);
    expect(await jobOf(failed.id)).toEqual(pending);
    expect(await auditOf(failed.id)).toHaveLength(1);

    // The report is back: the job finds the refund made and books it, without sending it again.
    const mustNotResend: PaymentProvider = {
      ...t.app.payments,
      refundItem: async () => {
        throw new Error('a refund already made must not be sent again');
      },
    };
    expect(await runProviderJobs(jobDeps(mustNotResend))).toBe(1);
    expect(await jobOf(failed.id)).toMatchObject({ status: 'done' });
    expect(await bankOperationsOf(payment.id, 'refund')).toBe(1);
    const refunded = (
      await db()
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.account, ESCROW_ACCOUNT)))
    ).filter((e) => e.amountKurus > 0);
    expect(refunded.map((e) => e.amountKurus)).toEqual([1_000]);
    expect((await waitingList(admin)).refunds.map((r) => r.id)).not.toContain(failed.id);
    await expectRefused(url, admin, w.errors.providerJobNotRetryable);
    await expectLedgerInvariants(db());
  });

  it('"İncelendi" takes a seller payout mismatch off the waiting list, once, and the audit row keeps the mismatch', async () => {
    const { placed, form } = await checkoutAtCallback();
    // The provider says it will pay the seller 1 kuruş: not the share our ledger books.
    const underpaying: PaymentProvider = {
      ...t.app.payments,
      completePayment: async (input) => {
        const outcome = await t.app.payments.completePayment(input);
        if (outcome.status !== 'succeeded') throw new Error(`expected a capture, got ${outcome.status}`);
        return {
          ...outcome,
          itemTransactions: outcome.itemTransactions.map((tx) => ({ ...tx, sellerPayoutKurus: 1 })),
        };
      },
    };
    await handlePaymentCallback(deps(underpaying), 'sandbox', form.fields);
    const payment = await paymentOfGroup(placed.groupId);
    expect(payment.payoutMismatch).toEqual([expect.objectContaining({ providerKurus: 1 })]);
    const admin = await adminCookie();
    expect((await waitingList(admin)).payoutMismatches.map((m) => m.paymentId)).toContain(payment.id);

    // A payment whose split matched has nothing to review.
    const paid = await paidCheckout();
    await expectRefused(
      `/api/admin/payments/${paid.payment.id}/payout-mismatch/review`,
      admin,
      w.errors.mismatchNotReviewable,
    );
    expect(await paymentOf(paid.payment.id)).toEqual(paid.payment);

    const url = `/api/admin/payments/${payment.id}/payout-mismatch/review`;
    const [res, woken] = await wakeUpsDuring(() => post(url, admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: w.actions.mismatchReviewed });
    const reviewed = await paymentOf(payment.id);
    const [audit] = await auditOf(payment.id);
    expect(reviewed).toEqual({
      ...payment,
      payoutMismatchReviewedAt: t.clock.now(),
      payoutMismatchReviewedBy: audit!.actorId,
    });
    expect(audit).toMatchObject({
      action: 'payout_mismatch_reviewed',
      targetType: 'payment',
      details: { groupId: placed.groupId, payoutMismatch: payment.payoutMismatch },
    });
    expect((await waitingList(admin)).payoutMismatches.map((m) => m.paymentId)).not.toContain(payment.id);
    // Nothing to run for a review.
    expect(woken).toEqual([]);

    await expectRefused(url, admin, w.errors.mismatchNotReviewable);
    expect(await paymentOf(payment.id)).toEqual(reviewed);
    expect(await auditOf(payment.id)).toHaveLength(1);
  });
});
