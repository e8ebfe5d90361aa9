import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { applyBasisPoints } from '#shared/money.ts';
import type { AdminWaitingMoney } from '#shared/schemas/admin-orders.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createUser, signIn } from '../../../../test/factories.ts';
import { checkoutBody, createMarket, postCheckout, reachCallbackForm } from '../../../../test/trading.ts';
import type { Db } from '../../db/client.ts';
import { platformSettings } from '../../db/schema/admin.ts';
import { orders } from '../../db/schema/orders.ts';
import { payments, sandboxBankPayments } from '../../db/schema/payments.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import { handlePaymentCallback } from './payments.service.ts';

async function setRates(db: Db, rates: { commissionBp: number; withholdingBp: number }, now: Date) {
  await db
    .insert(platformSettings)
    .values({ id: 1, ...rates, updatedAt: now })
    .onConflictDoUpdate({ target: platformSettings.id, set: rates });
}

describeEachDatabase("the seller's share at the provider (decision 037)", (kind) => {
  const t = useTestApp(kind);
  const db = () => t.database.db;
  beforeEach(() => t.clock.reset());

  it('fixes the commission and withholding when the payment starts, sends that share, and shows the admin a provider split that differs from our books', async () => {
    await setRates(db(), { commissionBp: 250, withholdingBp: 100 }, t.clock.now());
    const m = await createMarket(db());
    const cookie = await signIn(t, m.buyer);
    const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
    const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
    const form = await reachCallbackForm(t, cookie, placed.paymentUrl);
    const [order] = await db().select().from(orders).where(eq(orders.groupId, placed.groupId));
    // Less our 2.5 % and the 1 % withholding on the VAT-exclusive total (decision 041), as a
    // whole release books them.
    const share =
      order!.totalKurus -
      applyBasisPoints(order!.totalKurus, 250) -
      applyBasisPoints(order!.totalKurus - order!.vatKurus, 100);

    // The bank was asked to pay the seller its share, not the whole order.
    const [payment] = await db().select().from(payments).where(eq(payments.groupId, placed.groupId));
    const [bank] = await db()
      .select()
      .from(sandboxBankPayments)
      .where(eq(sandboxBankPayments.conversationId, payment!.id));
    expect(bank!.items).toEqual([{ itemId: order!.id, priceKurus: order!.totalKurus, sellerShareKurus: share }]);

    // The admin raises both rates while the buyer is on the bank page: the order keeps 2.5 % and
    // 1 %, and starting the payment again (another tab) sends the same share, not one at 10 % and 5 %.
    await setRates(db(), { commissionBp: 1000, withholdingBp: 500 }, t.clock.now());
    const again = await callApi(t, 'GET', placed.paymentUrl, { cookie });
    expect(again.statusCode, again.body).toBe(303);
    const pages = await db()
      .select()
      .from(sandboxBankPayments)
      .where(eq(sandboxBankPayments.conversationId, payment!.id));
    expect(pages.flatMap((p) => p.items.map((item) => item.sellerShareKurus))).toEqual(pages.map(() => share));
    // The provider says it will pay the seller the whole order: our commission would be lost.
    const overpaying: PaymentProvider = {
      ...t.app.payments,
      completePayment: async (input) => {
        const outcome = await t.app.payments.completePayment(input);
        if (outcome.status !== 'succeeded') throw new Error(`expected a capture, got ${outcome.status}`);
        return {
          ...outcome,
          itemTransactions: outcome.itemTransactions.map((tx) => ({ ...tx, sellerPayoutKurus: order!.totalKurus })),
        };
      },
    };
    const deps = { db: db(), clock: t.clock, provider: overpaying, appUrl: 'http://localhost:3000', log: t.app.log };
    await handlePaymentCallback(deps, 'sandbox', form.fields);

    const [paid] = await db().select().from(orders).where(eq(orders.id, order!.id));
    expect(paid).toMatchObject({ status: 'paid_escrow', commissionBp: 250, withholdingBp: 100 });
    const [settled] = await db().select().from(payments).where(eq(payments.id, payment!.id));
    expect(settled).toMatchObject({
      status: 'succeeded',
      payoutMismatch: [{ orderId: order!.id, expectedKurus: share, providerKurus: order!.totalKurus }],
    });
    const admin = await createUser(db(), { role: 'admin' });
    const waiting = await callApi(t, 'GET', '/api/admin/payments/waiting', { cookie: await signIn(t, admin) });
    expect(waiting.json<AdminWaitingMoney>().payoutMismatches).toEqual([
      {
        paymentId: payment!.id,
        orderId: order!.id,
        expectedKurus: share,
        providerKurus: order!.totalKurus,
        capturedAt: expect.any(String),
      },
    ]);
  });

  it('records no mismatch when the provider pays no sub-merchants (the sandbox)', async () => {
    const m = await createMarket(db());
    const cookie = await signIn(t, m.buyer);
    const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
    const placed = (await postCheckout(t, cookie, randomUUID(), body)).json<CheckoutResult>();
    const form = await reachCallbackForm(t, cookie, placed.paymentUrl);
    const deps = {
      db: db(),
      clock: t.clock,
      provider: t.app.payments,
      appUrl: 'http://localhost:3000',
      log: t.app.log,
    };
    await handlePaymentCallback(deps, 'sandbox', form.fields);
    const [payment] = await db().select().from(payments).where(eq(payments.groupId, placed.groupId));
    expect(payment).toMatchObject({ status: 'succeeded', payoutMismatch: null });
  });
});
