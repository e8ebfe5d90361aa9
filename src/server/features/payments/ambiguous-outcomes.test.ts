import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import type { AdminWaitingMoney } from '#shared/schemas/admin-orders.ts';
import type { CheckoutGroupStatus, CheckoutResult } from '#shared/schemas/checkout.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createUser, signIn } from '../../../../test/factories.ts';
import {
  checkoutBody,
  createMarket,
  expectLedgerInvariants,
  payWithSandbox,
  postCheckout,
  reachCallbackForm,
} from '../../../../test/trading.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { listings } from '../../db/schema/listings.ts';
import { orderGroups, orders, providerJobs } from '../../db/schema/orders.ts';
import { payments, sandboxBankOperations } from '../../db/schema/payments.ts';
import { ESCROW_ACCOUNT } from '../../lib/ledger.ts';
import { PaymentProviderError } from '../../lib/payments/provider-error.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import { SANDBOX_SLOW_BANK_MS } from '../../lib/payments/sandbox-books.ts';
import { REFUND_REPORT_LAG_MS, runProviderJobs } from '../fulfilment/provider-jobs.service.ts';
import { enqueueProviderJob } from '../order-lifecycle/index.ts';
import {
  AUTHORISATION_WINDOW_MS,
  expireReservations,
  handlePaymentCallback,
  MAX_OUTCOME_CHECKS,
  MAX_VOID_ATTEMPTS,
  reconcilePayments,
  settleOutcome,
} from './payments.service.ts';

/** The sandbox bank's "slow" cards (sandbox-books.ts): authorisation and queries time out for 5 minutes. */
const SLOW_SUCCESS_CARD = '4111111111111145';
const SLOW_DECLINE_CARD = '4111111111111152';

describeEachDatabase('ambiguous provider outcomes', (kind) => {
  const t = useTestApp(kind);

  beforeEach(() => {
    t.clock.reset();
  });

  const db = () => t.database.db;
  const deps = (provider: PaymentProvider = t.app.payments) => ({
    db: db(),
    clock: t.clock,
    provider,
    appUrl: 'http://localhost:3000',
    log: t.app.log,
  });
  const stockOf = async (id: string) =>
    (await db().select({ stock: listings.stock }).from(listings).where(eq(listings.id, id)))[0]!.stock;
  const paymentOf = async (groupId: string) =>
    (await db().select().from(payments).where(eq(payments.groupId, groupId)))[0]!;
  /** What the sandbox bank was asked to do with a payment (approve, refund, cancel). */
  const bankOperationsOf = async (paymentId: string) =>
    (
      await db()
        .select({ kind: sandboxBankOperations.kind })
        .from(sandboxBankOperations)
        .where(eq(sandboxBankOperations.conversationId, paymentId))
    ).map((o) => o.kind);
  const groupOf = async (groupId: string) =>
    (await db().select().from(orderGroups).where(eq(orderGroups.id, groupId)))[0]!;

  /** A checkout of 2 units paid with `card`; the bank's answer to the callback is lost for a slow card. */
  async function checkoutPaidWith(card: string) {
    const m = await createMarket(db());
    const cookie = await signIn(t, m.buyer);
    const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 2 }]);
    const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
    const callback = await payWithSandbox(t, cookie, placed.paymentUrl, card);
    expect(callback.statusCode).toBe(303);
    return { m, cookie, placed };
  }

  it('keeps a payment whose authorisation and query both timed out pending, with its stock held past the reservation, and tells the buyer the bank is being asked', async () => {
    const { m, cookie, placed } = await checkoutPaidWith(SLOW_SUCCESS_CARD);
    const payment = await paymentOf(placed.groupId);
    expect(payment).toMatchObject({ status: 'pending', failureCode: null });
    expect(payment.outcomeUnknownSince).not.toBeNull();
    expect(await stockOf(m.listingA.id)).toBe(3);

    const status = (
      await callApi(t, 'GET', `/api/checkout/groups/${placed.groupId}`, { cookie })
    ).json<CheckoutGroupStatus>();
    expect(status).toMatchObject({ status: 'awaiting_payment', isCheckingWithBank: true, paymentUrl: null });
    // The buyer cannot give it up (the card may be charged) nor pay it a second time.
    const cancel = await callApi(t, 'POST', `/api/checkout/groups/${placed.groupId}/cancel`, { cookie });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toEqual({ code: 'REQUEST_IN_PROGRESS', message: tm.checkout.cancelWhileChecking });

    // The 15-minute reservation runs out: the stock is not given back while the answer is unknown.
    t.clock.advance(4 * 60_000);
    await expireReservations(db(), t.clock);
    expect((await groupOf(placed.groupId)).status).toBe('awaiting_payment');
    expect(await stockOf(m.listingA.id)).toBe(3);
    // The bank still does not know: the sweep asks, finds nothing, and asks again later.
    expect(await reconcilePayments(deps())).toBe(0);
    expect(await paymentOf(placed.groupId)).toMatchObject({ status: 'pending', checkAttempts: 1 });

    // Later the bank knows it captured: the sweep books it, after the reservation, as usual.
    t.clock.advance(20 * 60_000);
    await expireReservations(db(), t.clock);
    expect(await reconcilePayments(deps())).toBe(1);
    expect(await paymentOf(placed.groupId)).toMatchObject({ status: 'succeeded', nextCheckAt: null });
    expect((await groupOf(placed.groupId)).status).toBe('paid');
    const paidOrders = await db().select().from(orders).where(eq(orders.groupId, placed.groupId));
    expect(paidOrders.map((o) => o.status)).toEqual(['paid_escrow']);
    expect(await stockOf(m.listingA.id)).toBe(3);
    // Settled once: another sweep finds nothing.
    expect(await reconcilePayments(deps())).toBe(0);
    const held = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, paidOrders[0]!.id), eq(ledgerEntries.account, ESCROW_ACCOUNT)));
    expect(held).toHaveLength(1);
    await expectLedgerInvariants(db());
  });

  it('fails a payment the bank later says it declined, and gives the stock back', async () => {
    const { m, placed } = await checkoutPaidWith(SLOW_DECLINE_CARD);
    expect(await stockOf(m.listingA.id)).toBe(3);
    t.clock.advance(SANDBOX_SLOW_BANK_MS + 1);
    expect(await reconcilePayments(deps())).toBe(1);
    expect(await paymentOf(placed.groupId)).toMatchObject({ status: 'failed', failureCode: 'declined' });
    expect((await groupOf(placed.groupId)).status).toBe('payment_failed');
    expect(await stockOf(m.listingA.id)).toBe(5);
    await expectLedgerInvariants(db());
  });

  it('keeps asking a provider that never knows, and shows the payment to admins once the checks are used up', async () => {
    const { placed } = await checkoutPaidWith(SLOW_SUCCESS_CARD);
    const neverKnows: PaymentProvider = { ...t.app.payments, retrievePayment: async () => ({ status: 'pending' }) };
    for (let i = 0; i < MAX_OUTCOME_CHECKS; i++) {
      await reconcilePayments(deps(neverKnows));
      t.clock.advance(2 * 60 * 60_000);
    }
    const payment = await paymentOf(placed.groupId);
    expect(payment).toMatchObject({ status: 'pending', checkAttempts: MAX_OUTCOME_CHECKS });
    // Still asked, every 6 hours: a late answer settles it without anyone's help.
    expect(payment.nextCheckAt!.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(6 * 60 * 60_000);
    const admin = await signIn(t, await createUser(db(), { role: 'admin' }));
    const waiting = (
      await callApi(t, 'GET', '/api/admin/payments/waiting', { cookie: admin })
    ).json<AdminWaitingMoney>();
    expect(waiting.payments.find((p) => p.id === payment.id)).toMatchObject({
      status: 'pending',
      checkAttempts: MAX_OUTCOME_CHECKS,
      needsAttention: true,
    });
    t.clock.advance(6 * 60 * 60_000);
    expect(await reconcilePayments(deps())).toBe(1);
    expect((await paymentOf(placed.groupId)).status).toBe('succeeded');
  });

  it('voids the capture of a payment whose answer was lost while its reservation ran out', async () => {
    const m = await createMarket(db());
    const cookie = await signIn(t, m.buyer);
    const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
    const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
    const form = await reachCallbackForm(t, cookie, placed.paymentUrl, SLOW_SUCCESS_CARD);
    // The expiry sweep ends the reservation while the callback waits on the bank, which then times out.
    const racing: PaymentProvider = {
      ...t.app.payments,
      completePayment: async (input) => {
        const outcome = await t.app.payments.completePayment(input);
        t.clock.advance(16 * 60_000);
        await expireReservations(db(), t.clock);
        return outcome;
      },
    };
    await handlePaymentCallback(deps(racing), 'sandbox', form.fields);
    const payment = await paymentOf(placed.groupId);
    expect(payment).toMatchObject({ status: 'failed', failureCode: 'abandoned' });
    expect(payment.nextCheckAt).not.toBeNull();
    expect(await stockOf(m.listingA.id)).toBe(5);
    // The card may be charged: the sweep still asks, finds the capture, and voids it.
    expect(await reconcilePayments(deps())).toBe(1);
    expect(await paymentOf(placed.groupId)).toMatchObject({
      status: 'failed',
      failureCode: 'reservation_expired',
      voidStatus: 'done',
      nextCheckAt: null,
    });
    expect(await bankOperationsOf(payment.id)).toEqual(['cancel']);
    expect((await groupOf(placed.groupId)).status).toBe('expired');
    await expectLedgerInvariants(db());
  });

  it('retries a failing void of a late capture in the reconciliation job, shows it to admins, and marks it failed after the last attempt', async () => {
    const adminUser = await createUser(db(), { role: 'admin' });
    // Signed in at each look: the test's clock moves days, past a session's life.
    const waitingVoid = async (paymentId: string) =>
      (await callApi(t, 'GET', '/api/admin/payments/waiting', { cookie: await signIn(t, adminUser) }))
        .json<AdminWaitingMoney>()
        .voids.find((v) => v.paymentId === paymentId);
    let cancels = 0;
    const failingCancel = (failures: number): PaymentProvider => ({
      ...t.app.payments,
      cancelPayment: async (input) => {
        cancels++;
        if (cancels <= failures) throw new PaymentProviderError('unreachable', 'cancel timed out');
        return t.app.payments.cancelPayment(input);
      },
    });

    /** A capture recorded after its group expired: settleOutcome must void it. */
    async function lateCapture(provider: PaymentProvider) {
      const m = await createMarket(db());
      const cookie = await signIn(t, m.buyer);
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
      const form = await reachCallbackForm(t, cookie, placed.paymentUrl);
      const payment = await paymentOf(placed.groupId);
      const itemIds = (await db().select().from(orders).where(eq(orders.groupId, placed.groupId))).map((o) => o.id);
      const outcome = await t.app.payments.completePayment({
        conversationId: payment.id,
        callbackBody: form.fields,
        expected: { conversationId: payment.id, amountKurus: payment.amountKurus, itemIds },
      });
      if (outcome.status !== 'succeeded') throw new Error(`expected a capture, got ${outcome.status}`);
      t.clock.advance(16 * 60_000);
      await expireReservations(db(), t.clock);
      await settleOutcome(deps(provider), payment.id, placed.groupId, outcome);
      return payment.id;
    }

    // Fails twice, then the bank answers: the job retries with back-off until it is voided.
    cancels = 0;
    const flaky = failingCancel(2);
    const first = await lateCapture(flaky);
    const [recorded] = await db().select().from(payments).where(eq(payments.id, first));
    expect(recorded).toMatchObject({ voidStatus: 'pending', voidAttempts: 1, voidLastError: 'cancel timed out' });
    expect(await waitingVoid(first)).toMatchObject({ status: 'pending', attempts: 1, needsAttention: false });
    expect(await reconcilePayments(deps(flaky))).toBe(0); // not due yet (30 s back-off)
    t.clock.advance(30_000);
    expect(await reconcilePayments(deps(flaky))).toBe(0); // second failure
    t.clock.advance(60_000);
    expect(await reconcilePayments(deps(flaky))).toBe(1);
    const [voided] = await db().select().from(payments).where(eq(payments.id, first));
    expect(voided).toMatchObject({ voidStatus: 'done', voidAttempts: 3 });
    expect(await waitingVoid(first)).toBeUndefined();
    expect(await bankOperationsOf(first)).toEqual(['cancel']);

    // The bank voids it but the answer is lost: the retry asks first and does not void again
    // (iyzico refuses a second cancel).
    let lostCancels = 0;
    const lostAnswer: PaymentProvider = {
      ...t.app.payments,
      cancelPayment: async (input) => {
        lostCancels++;
        await t.app.payments.cancelPayment(input);
        throw new PaymentProviderError('unreachable', 'cancel timed out');
      },
    };
    const third = await lateCapture(lostAnswer);
    expect((await db().select().from(payments).where(eq(payments.id, third)))[0]).toMatchObject({
      voidStatus: 'pending',
    });
    t.clock.advance(30_000);
    expect(await reconcilePayments(deps(lostAnswer))).toBe(1);
    expect(lostCancels).toBe(1);
    expect((await db().select().from(payments).where(eq(payments.id, third)))[0]).toMatchObject({
      voidStatus: 'done',
    });

    // Never answers: failed after the last attempt, and still on the admin's list.
    cancels = 0;
    const down = failingCancel(Number.POSITIVE_INFINITY);
    const second = await lateCapture(down);
    for (let i = 0; i < MAX_VOID_ATTEMPTS; i++) {
      t.clock.advance(24 * 60 * 60_000);
      await reconcilePayments(deps(down));
    }
    const [failed] = await db().select().from(payments).where(eq(payments.id, second));
    expect(failed).toMatchObject({ voidStatus: 'failed', voidAttempts: MAX_VOID_ATTEMPTS, voidNextAttemptAt: null });
    expect(await waitingVoid(second)).toMatchObject({ status: 'failed', needsAttention: true });
  });

  /** A checkout of 1 unit whose 3-D Secure is done: the form the bank's page posts to our callback. */
  async function checkoutAtCallback() {
    const m = await createMarket(db());
    const cookie = await signIn(t, m.buyer);
    const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
    const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
    const form = await reachCallbackForm(t, cookie, placed.paymentUrl);
    return { m, placed, form };
  }

  it('fails a payment the provider never authorised once our lost authorisation can no longer be in flight, and gives the stock back', async () => {
    const { m, placed, form } = await checkoutAtCallback();
    // Our authorisation call is lost on its way (the bank never captures) and the query times out.
    const lostOnTheWay: PaymentProvider = {
      ...t.app.payments,
      completePayment: async () => ({ status: 'unknown', providerMessage: 'Authorisation and query timed out' }),
    };
    await handlePaymentCallback(deps(lostOnTheWay), 'sandbox', form.fields);
    expect(await paymentOf(placed.groupId)).toMatchObject({ status: 'pending' });
    expect(await stockOf(m.listingA.id)).toBe(4);

    // "Not authorised" right after the timeout may only mean the call is still on its way: wait.
    expect(await reconcilePayments(deps())).toBe(0);
    expect(await paymentOf(placed.groupId)).toMatchObject({ status: 'pending', checkAttempts: 1 });
    t.clock.advance(16 * 60_000);
    await expireReservations(db(), t.clock);
    expect(await stockOf(m.listingA.id)).toBe(4);

    // Past the window nothing can capture it any more: failed, the stock is back, nothing booked.
    t.clock.advance(AUTHORISATION_WINDOW_MS);
    expect(await reconcilePayments(deps())).toBe(1);
    expect(await paymentOf(placed.groupId)).toMatchObject({
      status: 'failed',
      failureCode: 'provider_error',
      nextCheckAt: null,
    });
    expect((await groupOf(placed.groupId)).status).toBe('payment_failed');
    expect(await stockOf(m.listingA.id)).toBe(5);
    expect(await reconcilePayments(deps())).toBe(0);
    await expectLedgerInvariants(db());
  });

  it('keeps a payment whose answer cannot be verified pending, asks again, and books the capture the provider then confirms', async () => {
    const { m, placed, form } = await checkoutAtCallback();
    // The bank captures, but the answer we get back is not verifiable (say, a bad signature).
    const garbled: PaymentProvider = {
      ...t.app.payments,
      completePayment: async (input) => {
        await t.app.payments.completePayment(input);
        return { status: 'unverified', reason: 'Invalid response signature', voidProviderPaymentId: null };
      },
      retrievePayment: async () => ({
        status: 'unverified',
        reason: 'Invalid response signature',
        voidProviderPaymentId: null,
      }),
    };
    await handlePaymentCallback(deps(garbled), 'sandbox', form.fields);
    const payment = await paymentOf(placed.groupId);
    expect(payment).toMatchObject({ status: 'pending', lastCheckError: 'Invalid response signature' });
    expect(payment.outcomeUnknownSince).not.toBeNull();
    expect(await stockOf(m.listingA.id)).toBe(4);
    // Asked again, still unverifiable: not a failure (the card is charged), asked again later.
    expect(await reconcilePayments(deps(garbled))).toBe(0);
    expect(await paymentOf(placed.groupId)).toMatchObject({ status: 'pending', checkAttempts: 1 });
    expect((await groupOf(placed.groupId)).status).toBe('awaiting_payment');
    // A verifiable answer books the capture.
    t.clock.advance(60_000);
    expect(await reconcilePayments(deps())).toBe(1);
    expect(await paymentOf(placed.groupId)).toMatchObject({ status: 'succeeded', nextCheckAt: null });
    expect((await groupOf(placed.groupId)).status).toBe('paid');
    await expectLedgerInvariants(db());
  });

  it('voids a capture of our basket that is not what we asked, fails the checkout and books nothing', async () => {
    const { m, placed, form } = await checkoutAtCallback();
    const payment = await paymentOf(placed.groupId);
    const mischarged: PaymentProvider = {
      ...t.app.payments,
      completePayment: async (input) => {
        const captured = await t.app.payments.completePayment(input);
        if (captured.status !== 'succeeded') throw new Error(`expected a capture, got ${captured.status}`);
        return {
          status: 'unverified',
          reason: 'Payment does not match ours: amount',
          voidProviderPaymentId: captured.providerPaymentId,
        };
      },
    };
    await handlePaymentCallback(deps(mischarged), 'sandbox', form.fields);
    expect(await paymentOf(placed.groupId)).toMatchObject({
      status: 'failed',
      failureCode: 'provider_error',
      voidStatus: 'done',
      nextCheckAt: null,
    });
    expect(await bankOperationsOf(payment.id)).toEqual(['cancel']);
    expect((await groupOf(placed.groupId)).status).toBe('payment_failed');
    expect(await stockOf(m.listingA.id)).toBe(5);
    const [order] = await db().select().from(orders).where(eq(orders.groupId, placed.groupId));
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order!.id))).toEqual([]);
    expect(order!.status).toBe('cancelled');
    await expectLedgerInvariants(db());
  });

  it('lets only admins see what waits on the provider', async () => {
    const member = await signIn(t, await createUser(db()));
    expect((await callApi(t, 'GET', '/api/admin/payments/waiting')).statusCode).toBe(401);
    expect((await callApi(t, 'GET', '/api/admin/payments/waiting', { cookie: member })).statusCode).toBe(403);
  });

  describe('refunds', () => {
    /** A paid order (sandbox, success card) and the sandbox's refund operations of its payment. */
    async function paidOrder() {
      const m = await createMarket(db());
      const cookie = await signIn(t, m.buyer);
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
      await payWithSandbox(t, cookie, placed.paymentUrl);
      const [order] = await db().select().from(orders).where(eq(orders.groupId, placed.groupId));
      const payment = await paymentOf(placed.groupId);
      await db().transaction((tx) =>
        enqueueProviderJob(
          tx,
          { kind: 'refund', orderId: order!.id, amountKurus: 1_000, reason: 'test' },
          t.clock.now(),
        ),
      );
      const refundsAtBank = async () =>
        (
          await db()
            .select()
            .from(sandboxBankOperations)
            .where(and(eq(sandboxBankOperations.conversationId, payment.id), eq(sandboxBankOperations.kind, 'refund')))
        ).length;
      const refundEntries = async () =>
        (
          await db()
            .select()
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.orderId, order!.id), eq(ledgerEntries.account, ESCROW_ACCOUNT)))
        ).filter((e) => e.amountKurus > 0);
      return { order: order!, refundsAtBank, refundEntries };
    }

    const jobDeps = (provider: PaymentProvider) => ({ db: db(), clock: t.clock, provider, log: t.app.log });
    const jobOf = async (orderId: string) =>
      (await db().select().from(providerJobs).where(eq(providerJobs.orderId, orderId)))[0]!;

    it('does not send again a refund that timed out but was made, and books it once', async () => {
      const { order, refundsAtBank, refundEntries } = await paidOrder();
      let calls = 0;
      const lostAnswer: PaymentProvider = {
        ...t.app.payments,
        refundItem: async (input) => {
          calls++;
          await t.app.payments.refundItem(input);
          // The bank made the refund; its answer never reached us.
          if (calls === 1) throw new PaymentProviderError('unreachable', 'refund timed out');
        },
      };
      expect(await runProviderJobs(jobDeps(lostAnswer))).toBe(0);
      const waiting = await jobOf(order.id);
      expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
      expect(waiting.sentAt).not.toBeNull();
      expect(await refundEntries()).toEqual([]);
      const admin = await signIn(t, await createUser(db(), { role: 'admin' }));
      const listed = (
        await callApi(t, 'GET', '/api/admin/payments/waiting', { cookie: admin })
      ).json<AdminWaitingMoney>();
      expect(listed.refunds.find((r) => r.id === waiting.id)).toMatchObject({
        orderNumber: order.orderNumber,
        amountKurus: 1_000,
        isSent: true,
        attempts: 1,
      });

      t.clock.advance(30_000);
      expect(await runProviderJobs(jobDeps(lostAnswer))).toBe(1);
      expect(calls).toBe(1);
      expect(await refundsAtBank()).toBe(1);
      expect(await jobOf(order.id)).toMatchObject({ status: 'done' });
      expect((await refundEntries()).map((e) => e.amountKurus)).toEqual([1_000]);
      const [after] = await db().select().from(orders).where(eq(orders.id, order.id));
      expect(after!.refundedKurus).toBe(1_000);
      await expectLedgerInvariants(db());
    });

    it('sends again a refund that timed out before it reached the bank, once the report has had time to list it', async () => {
      const { order, refundsAtBank, refundEntries } = await paidOrder();
      let calls = 0;
      const neverArrived: PaymentProvider = {
        ...t.app.payments,
        refundItem: async (input) => {
          calls++;
          if (calls === 1) throw new PaymentProviderError('unreachable', 'refund timed out');
          return t.app.payments.refundItem(input);
        },
      };
      expect(await runProviderJobs(jobDeps(neverArrived))).toBe(0);
      expect(await refundsAtBank()).toBe(0);
      const sent = await jobOf(order.id);
      expect(sent.sentAt).not.toBeNull();
      // Not listed yet may mean not listed *yet*: not sent again before the report's lag is over.
      t.clock.advance(30_000);
      expect(await runProviderJobs(jobDeps(neverArrived))).toBe(0);
      expect(calls).toBe(1);
      expect((await jobOf(order.id)).nextAttemptAt).toEqual(new Date(sent.sentAt!.getTime() + REFUND_REPORT_LAG_MS));
      t.clock.advance(REFUND_REPORT_LAG_MS);
      expect(await runProviderJobs(jobDeps(neverArrived))).toBe(1);
      expect(calls).toBe(2);
      expect(await refundsAtBank()).toBe(1);
      expect((await refundEntries()).map((e) => e.amountKurus)).toEqual([1_000]);
      await expectLedgerInvariants(db());
    });

    it('does not send again a refund the provider made but lists only after a delay', async () => {
      const { order, refundsAtBank, refundEntries } = await paidOrder();
      let calls = 0;
      let isListed = false;
      const laggingReport: PaymentProvider = {
        ...t.app.payments,
        refundItem: async (input) => {
          calls++;
          await t.app.payments.refundItem(input);
          if (calls === 1) throw new PaymentProviderError('unreachable', 'refund timed out');
        },
        listRefunds: async (input) =>
          isListed
            ? t.app.payments.listRefunds(input)
            : (await t.app.payments.listRefunds(input)).map((r) => ({ ...r, refundedKurus: 0 })),
      };
      expect(await runProviderJobs(jobDeps(laggingReport))).toBe(0);
      t.clock.advance(30_000);
      expect(await runProviderJobs(jobDeps(laggingReport))).toBe(0);
      expect(calls).toBe(1);
      isListed = true;
      t.clock.advance(REFUND_REPORT_LAG_MS);
      expect(await runProviderJobs(jobDeps(laggingReport))).toBe(1);
      expect(calls).toBe(1);
      expect(await refundsAtBank()).toBe(1);
      expect(await jobOf(order.id)).toMatchObject({ status: 'done' });
      expect((await refundEntries()).map((e) => e.amountKurus)).toEqual([1_000]);
      await expectLedgerInvariants(db());
    });

    it('sends again at once a refund the provider clearly refused (nothing was made)', async () => {
      const { order } = await paidOrder();
      let calls = 0;
      const refusesOnce: PaymentProvider = {
        ...t.app.payments,
        listRefunds: async () => {
          throw new Error('must not be asked: the refusal was clear');
        },
        refundItem: async (input) => {
          calls++;
          if (calls === 1) throw new PaymentProviderError('rejected', 'system error, try again');
          return t.app.payments.refundItem(input);
        },
      };
      expect(await runProviderJobs(jobDeps(refusesOnce))).toBe(0);
      expect((await jobOf(order.id)).sentAt).toBeNull();
      t.clock.advance(30_000);
      expect(await runProviderJobs(jobDeps(refusesOnce))).toBe(1);
    });
  });
});
