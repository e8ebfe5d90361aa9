import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { payoutMessages } from '#shared/messages/payouts.tr.ts';
import { withholdingMessages } from '#shared/messages/withholding.tr.ts';
import { applyBasisPoints, formatKurus } from '#shared/money.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import type { AccountMovements, AdminPayoutList } from '#shared/schemas/payouts.ts';
import type { WithholdingReport } from '#shared/schemas/withholding.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createUser, signIn, type TestUser } from '../../../../test/factories.ts';
import {
  approvedApplicationOf,
  checkoutBody,
  createMarket,
  expectLedgerInvariants,
  monthInIstanbul,
  payWithSandbox,
  postCheckout,
  SELLER_TAX_NUMBER,
  setAutoOrderApproval,
  setPayoutAccount,
} from '../../../../test/trading.ts';
import { platformSettings } from '../../db/schema/admin.ts';
import { emailOutbox } from '../../db/schema/email-outbox.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { orders } from '../../db/schema/orders.ts';
import { SELLER_PAYABLE_ACCOUNT, WITHHOLDING_PAYABLE_ACCOUNT } from '../../lib/ledger.ts';
import { withholdingOfRelease } from '../../lib/withholding.ts';
import { runProviderJobs } from '../fulfilment/provider-jobs.service.ts';
import { enqueueProviderJob } from '../order-lifecycle/index.ts';
import { runPayouts } from '../payouts/payouts.service.ts';

describeEachDatabase('e-ticaret stopajı (withholding)', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.reset());

  const setWithholding = (withholdingBp: number) =>
    t.database.db.update(platformSettings).set({ withholdingBp }).where(eq(platformSettings.id, 1));

  /** A market whose seller A came through an approved application (store title and tax number). */
  async function market() {
    const m = await createMarket(t.database.db);
    await approvedApplicationOf(t, m.sellerA);
    return m;
  }

  /** One paid order of seller A (quantity units of listing A). */
  async function paidOrder(m: Awaited<ReturnType<typeof market>>, quantity = 1) {
    const buyer = await signIn(t, m.buyer);
    const body = await checkoutBody(t, buyer, [{ listingId: m.listingA.id, quantity }]);
    const placed = (await postCheckout(t, buyer, randomUUID(), body)).json<CheckoutResult>();
    expect((await payWithSandbox(t, buyer, placed.paymentUrl)).statusCode).toBe(303);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.groupId, placed.groupId));
    return order;
  }

  /** Moves the order's money through the provider jobs, as releases and refunds do. */
  async function moveMoney(orderId: string, kind: 'release' | 'refund', amountKurus: number) {
    await t.database.db.transaction((tx) =>
      enqueueProviderJob(tx, { kind, orderId, amountKurus, reason: 'test' }, t.clock.now()),
    );
    expect(await runProviderJobs({ db: t.database.db, clock: t.clock, provider: t.app.payments, log: t.app.log })).toBe(
      1,
    );
  }

  async function legsOf(orderId: string, account: string) {
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId));
    return rows.filter((e) => e.account === account);
  }

  async function adminCookie() {
    const admin: TestUser = await createUser(t.database.db, { role: 'admin' });
    return signIn(t, admin);
  }

  it('a release withholds 1 % of its VAT-exclusive amount, shown to the seller, in the payout, its mail and the report', async () => {
    const db = t.database.db;
    const m = await market();
    await setAutoOrderApproval(t, await signIn(t, m.sellerA), true);
    const order = await paidOrder(m, 2);
    expect(order.withholdingBp).toBe(100);
    const base = order.totalKurus - order.vatKurus;
    const withheld = applyBasisPoints(base, 100);
    expect(withheld).toBeGreaterThan(0);

    // The real path: the seller ships, the buyer confirms, the release job books it.
    const seller = await signIn(t, m.sellerA);
    const shipped = await callApi(t, 'POST', `/api/orders/${order.id}/ship`, {
      cookie: seller,
      payload: { cargoCompany: 'aras', trackingNumber: 'ARS-123456' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const confirmed = await callApi(t, 'POST', `/api/orders/${order.id}/confirm-delivery`, {
      cookie: await signIn(t, m.buyer),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await runProviderJobs({ db, clock: t.clock, provider: t.app.payments, log: t.app.log })).toBe(1);
    const [leg] = await legsOf(order.id, WITHHOLDING_PAYABLE_ACCOUNT);
    expect(leg).toMatchObject({ amountKurus: -withheld, baseKurus: base });
    const [payable] = await legsOf(order.id, SELLER_PAYABLE_ACCOUNT);
    expect(payable.amountKurus).toBe(-(order.totalKurus - withheld));

    const movements = (
      await callApi(t, 'GET', '/api/seller/account-movements', { cookie: seller })
    ).json<AccountMovements>();
    expect(movements.rows.find((r) => r.orderId === order.id)).toMatchObject({
      orderAmountKurus: order.totalKurus,
      commissionKurus: 0,
      withholdingKurus: withheld,
      withholdingBp: 100,
      amountPaidKurus: order.totalKurus - withheld,
      isReleased: true,
    });
    const csv = await callApi(t, 'GET', '/api/seller/account-movements.csv', { cookie: seller });
    expect(csv.body).toContain('Stopaj (TL)');

    await setPayoutAccount(t, seller);
    await runPayouts(db, t.clock, t.app.payments);
    const admin = await adminCookie();
    const payouts = (await callApi(t, 'GET', '/api/admin/payouts', { cookie: admin })).json<AdminPayoutList>();
    expect(payouts.payouts.find((p) => p.sellerId === m.sellerA.id)).toMatchObject({
      amountKurus: order.totalKurus - withheld,
      withheldKurus: withheld,
    });
    const notices = await db.select().from(notifications).where(eq(notifications.userId, m.sellerA.id));
    expect(notices.find((n) => n.type === 'payout_paid')?.message).toBe(
      payoutMessages.notifications.payoutPaidBody(formatKurus(order.totalKurus - withheld), 1, formatKurus(withheld)),
    );
    // The payout mail carries it too.
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, m.sellerA.email));
    expect(mails.some((mail) => mail.text.includes(`${formatKurus(withheld)} e-ticaret stopajı`))).toBe(true);

    const month = monthInIstanbul(t.clock.now());
    const report = await callApi(t, 'GET', `/api/admin/reports/withholding?month=${month}`, { cookie: admin });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json<WithholdingReport>()).toEqual({
      month,
      rows: [
        {
          sellerId: m.sellerA.id,
          storeTitle: 'Satıcı A Optik Ltd. Şti.',
          taxNumber: SELLER_TAX_NUMBER,
          grossKurus: order.totalKurus,
          baseKurus: base,
          withheldKurus: withheld,
        },
      ],
      totals: { grossKurus: order.totalKurus, baseKurus: base, withheldKurus: withheld },
    });
    const reportCsv = await callApi(t, 'GET', `/api/admin/reports/withholding.csv?month=${month}`, { cookie: admin });
    expect(reportCsv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lira = (k: number) => `${Math.floor(k / 100)},${String(k % 100).padStart(2, '0')}`;
    expect(reportCsv.body).toBe(
      `\uFEFF${withholdingMessages.csv.header.join(';')}\r\n` +
        `Satıcı A Optik Ltd. Şti.;${SELLER_TAX_NUMBER};${lira(order.totalKurus)};${lira(base)};${lira(withheld)}\r\n` +
        `Toplam;;${lira(order.totalKurus)};${lira(base)};${lira(withheld)}\r\n`,
    );
    // Another month holds nothing.
    const empty = await callApi(t, 'GET', '/api/admin/reports/withholding?month=2020-01', { cookie: admin });
    expect(empty.json<WithholdingReport>()).toMatchObject({ rows: [], totals: { withheldKurus: 0 } });
    await expectLedgerInvariants(db);
  });

  it('a rate of 0 withholds nothing, and a rate change after payment does not change a paid order', async () => {
    const m = await market();
    await setWithholding(0);
    try {
      const untaxed = await paidOrder(m);
      expect(untaxed.withholdingBp).toBe(0);
      await setWithholding(200);
      const taxed = await paidOrder(m);
      // The admin goes back to 1 % while both are in escrow: each keeps the rate it was paid at.
      await setWithholding(100);
      await moveMoney(untaxed.id, 'release', untaxed.totalKurus);
      await moveMoney(taxed.id, 'release', taxed.totalKurus);
      expect(await legsOf(untaxed.id, WITHHOLDING_PAYABLE_ACCOUNT)).toEqual([]);
      const [payable] = await legsOf(untaxed.id, SELLER_PAYABLE_ACCOUNT);
      expect(payable.amountKurus).toBe(-untaxed.totalKurus);
      const [leg] = await legsOf(taxed.id, WITHHOLDING_PAYABLE_ACCOUNT);
      expect(leg.amountKurus).toBe(-applyBasisPoints(taxed.totalKurus - taxed.vatKurus, 200));
      await expectLedgerInvariants(t.database.db);
    } finally {
      await setWithholding(100);
    }
  });

  it('a partial refund then the release withholds exactly on what was released', async () => {
    const m = await market();
    const order = await paidOrder(m, 3);
    const refund = 12_345;
    await moveMoney(order.id, 'refund', refund);
    const released = order.totalKurus - refund;
    await moveMoney(order.id, 'release', released);
    const expected = withholdingOfRelease(
      { totalKurus: order.totalKurus, vatKurus: order.vatKurus, withholdingBp: 100 },
      0,
      released,
    );
    // The VAT-exclusive part of what was released, in proportion to the order's VAT.
    expect(expected.baseKurus).toBe(Math.round((released * (order.totalKurus - order.vatKurus)) / order.totalKurus));
    const [leg] = await legsOf(order.id, WITHHOLDING_PAYABLE_ACCOUNT);
    expect(leg).toMatchObject({ amountKurus: -expected.withholdingKurus, baseKurus: expected.baseKurus });
    expect(expected.withholdingKurus).toBeLessThanOrEqual(applyBasisPoints(order.totalKurus - order.vatKurus, 100));
    await expectLedgerInvariants(t.database.db);
  });

  it('the report is for admins only, and refuses a month that is not yyyy-MM in Turkish', async () => {
    const m = await market();
    const seller = await signIn(t, m.sellerA);
    for (const url of [
      '/api/admin/reports/withholding?month=2026-01',
      '/api/admin/reports/withholding.csv?month=2026-01',
    ]) {
      expect((await callApi(t, 'GET', url, { cookie: seller })).statusCode).toBe(403);
    }
    const admin = await adminCookie();
    for (const month of ['2026-13', '2026-1', 'ocak', '']) {
      const res = await callApi(t, 'GET', `/api/admin/reports/withholding?month=${month}`, { cookie: admin });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: withholdingMessages.monthInvalid });
    }
  });
});
