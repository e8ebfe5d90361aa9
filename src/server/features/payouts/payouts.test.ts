import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { payoutMessages as pm } from '#shared/messages/payouts.tr.ts';
import { applyBasisPoints } from '#shared/money.ts';
import type { AccountMovements, AdminPayoutList, PayoutAccount } from '#shared/schemas/payouts.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { DATE_FILTER_MAX_YEAR, DATE_FILTER_MIN_YEAR } from '#shared/schemas/date-filter.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { MANUAL_CLOCK_START } from '../../lib/clock.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createUser, signIn, type TestUser } from '../../../../test/factories.ts';
import {
  checkoutBody,
  createMarket,
  expectLedgerInvariants,
  payWithSandbox,
  postCheckout,
  SELLER_IBAN,
  setPayoutAccount,
} from '../../../../test/trading.ts';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { platformSettings } from '../../db/schema/admin.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { orderEvents, orders, payouts } from '../../db/schema/orders.ts';
import { sellerPaymentAccounts } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { postRefund, postRelease, SELLER_PAYABLE_ACCOUNT } from '../../lib/ledger.ts';
import { countSellerMoves } from '../../lib/seller-counters.ts';
import { runPayouts } from './payouts.service.ts';

const sandbox = { name: 'sandbox' as const };

/** Buys one unit from each of the market's two sellers through the real checkout and the sandbox bank. */
async function buyFromBoth(t: TestAppHandle, m: Awaited<ReturnType<typeof createMarket>>, cookie: string) {
  const body = await checkoutBody(t, cookie, [
    { listingId: m.listingA.id, quantity: 1 },
    { listingId: m.listingB.id, quantity: 1 },
  ]);
  const placed = await postCheckout(t, cookie, randomUUID(), body);
  expect(placed.statusCode, placed.body).toBe(201);
  const result: CheckoutResult = placed.json();
  expect((await payWithSandbox(t, cookie, result.paymentUrl)).statusCode).toBe(303);
  const rows = await t.database.db.select().from(orders).where(eq(orders.groupId, result.groupId));
  return {
    a: rows.find((o) => o.sellerId === m.sellerA.id)!,
    b: rows.find((o) => o.sellerId === m.sellerB.id)!,
  };
}

/**
 * Stands in for the release flow (written in parallel): escrow releases the order's money to the
 * seller with `postRelease` (after an optional partial refund with `postRefund`) and the order
 * moves to its released status, in one transaction.
 */
async function releaseForTest(
  db: Db,
  orderId: string,
  now: Date,
  opts: { commissionBp?: number; refundKurus?: number } = {},
) {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    const refund = opts.refundKurus ?? 0;
    if (refund > 0) await postRefund(tx, { orderId, amountKurus: refund }, 'test partial refund', now);
    const amount = order.totalKurus - refund;
    await postRelease(
      tx,
      {
        orderId,
        amountKurus: amount,
        commissionKurus: applyBasisPoints(amount, opts.commissionBp ?? 0),
        withholdingKurus: 0,
        baseKurus: 0,
      },
      'test release',
      now,
    );
    const status = refund > 0 ? 'partially_refunded' : 'delivery_confirmed';
    await tx
      .update(orders)
      .set({ status, releasedAt: now, refundedKurus: refund, updatedAt: now })
      .where(eq(orders.id, orderId));
    // Counted as the lifecycle and the provider jobs would have: the account movements read the counters.
    await countSellerMoves(tx, [
      { orderId, sellerId: order.sellerId, before: order, after: { status, paidAt: order.paidAt } },
    ]);
  });
}

async function setCommission(db: Db, commissionBp: number) {
  await db.insert(platformSettings).values({ id: 1, commissionBp, updatedAt: MANUAL_CLOCK_START }).onConflictDoUpdate({
    target: platformSettings.id,
    set: { commissionBp },
  });
}

async function getJson<T>(t: TestAppHandle, cookie: string, url: string): Promise<T> {
  const res = await callApi(t, 'GET', url, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

async function payableBalance(db: Db, orderId: string): Promise<number> {
  const [row] = await selectRows<{ balance: string }>(
    db,
    sql`select coalesce(-sum(amount_kurus), 0)::text as balance from ledger_entries
         where account = ${SELLER_PAYABLE_ACCOUNT} and order_id = ${orderId}`,
  );
  return Number(row.balance);
}

describeEachDatabase('payouts', (kind) => {
  const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '100000' } });
  beforeEach(async () => {
    t.clock.reset();
    await setCommission(t.database.db, 0);
  });

  describe('the payout account', () => {
    it('is the member’s own: empty at first, saved without spaces, unseen by others', async () => {
      const owner = await createUser(t.database.db);
      const other = await createUser(t.database.db);
      const ownerCookie = await signIn(t, owner);
      const otherCookie = await signIn(t, other);
      expect(await getJson<PayoutAccount>(t, ownerCookie, '/api/account/payout-account')).toEqual({
        iban: null,
        accountHolder: null,
      });
      await setPayoutAccount(t, ownerCookie, 'TR33 0006 1005 1978 6457 8413 26');
      expect(await getJson<PayoutAccount>(t, ownerCookie, '/api/account/payout-account')).toEqual({
        iban: SELLER_IBAN,
        accountHolder: 'Ayşe Yılmaz',
      });
      const [stored] = await t.database.db
        .select()
        .from(sellerPaymentAccounts)
        .where(eq(sellerPaymentAccounts.userId, owner.id));
      expect(stored.iban).toBe(SELLER_IBAN);
      expect(await getJson<PayoutAccount>(t, otherCookie, '/api/account/payout-account')).toEqual({
        iban: null,
        accountHolder: null,
      });
      expect((await callApi(t, 'GET', '/api/account/payout-account')).statusCode).toBe(401);
    });

    it('refuses an IBAN with wrong check digits, with the Turkish message, and keeps the old one', async () => {
      const owner = await createUser(t.database.db);
      const cookie = await signIn(t, owner);
      await setPayoutAccount(t, cookie);
      const res = await callApi(t, 'PUT', '/api/account/payout-account', {
        cookie,
        payload: { iban: 'TR340006100519786457841326', accountHolder: 'Ayşe Yılmaz' },
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(pm.account.ibanCheck);
      const foreign = await callApi(t, 'PUT', '/api/account/payout-account', {
        cookie,
        payload: { iban: 'DE89370400440532013000', accountHolder: 'Ayşe Yılmaz' },
      });
      expect(foreign.statusCode).toBe(400);
      expect((await getJson<PayoutAccount>(t, cookie, '/api/account/payout-account')).iban).toBe(SELLER_IBAN);
    });
  });

  describe('account movements and payouts', () => {
    it('shows escrow and released money as pending, from the ledger, with commission and a partial refund', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      const buyerCookie = await signIn(t, m.buyer);
      const sellerCookie = await signIn(t, m.sellerA);
      // The rate in force at payment is the orders' (a later change does not touch them).
      await setCommission(db, 1000);
      const first = await buyFromBoth(t, m, buyerCookie);
      const second = await buyFromBoth(t, m, buyerCookie);
      const third = await buyFromBoth(t, m, buyerCookie);
      await setCommission(db, 2000);
      await releaseForTest(db, second.a.id, t.clock.now(), { commissionBp: 1000 });
      await releaseForTest(db, third.a.id, t.clock.now(), { commissionBp: 1000, refundKurus: 10_000 });
      await expectLedgerInvariants(db);

      const view = await getJson<AccountMovements>(t, sellerCookie, '/api/seller/account-movements');
      expect(view.tab).toBe('pending');
      expect(view.counts).toEqual({ pending: 3, paid: 0 });
      const byId = new Map(view.rows.map((p) => [p.orderId, p]));
      expect([...byId.keys()].sort()).toEqual([first.a.id, second.a.id, third.a.id].sort());
      // In escrow: what the seller will get at the order's commission (10 %, not today's 20 %).
      const inEscrow = first.a.totalKurus;
      // and less the 1 % withholding its release will book on the VAT-exclusive amount (decision 041).
      const withheld = applyBasisPoints(inEscrow - first.a.vatKurus, 100);
      expect(byId.get(first.a.id)).toMatchObject({
        status: 'paid_escrow',
        buyerHandle: m.buyer.handle,
        orderAmountKurus: inEscrow,
        refundedKurus: 0,
        commissionKurus: applyBasisPoints(inEscrow, 1000),
        withholdingKurus: withheld,
        amountPaidKurus: inEscrow - applyBasisPoints(inEscrow, 1000) - withheld,
        paidAt: null,
        state: 'pending',
      });
      expect(byId.get(first.a.id)!.escrowEndsAt).not.toBeNull();
      const released = second.a.totalKurus;
      expect(byId.get(second.a.id)).toMatchObject({
        status: 'delivery_confirmed',
        commissionKurus: applyBasisPoints(released, 1000),
        amountPaidKurus: released - applyBasisPoints(released, 1000),
      });
      const rest = third.a.totalKurus - 10_000;
      expect(byId.get(third.a.id)).toMatchObject({
        status: 'partially_refunded',
        refundedKurus: 10_000,
        commissionKurus: applyBasisPoints(rest, 1000),
        amountPaidKurus: rest - applyBasisPoints(rest, 1000),
      });
      const pendingSum = view.rows.reduce((s, p) => s + p.amountPaidKurus, 0);
      // Of it, the two released orders' part has left escrow and waits for the payout.
      const releasedSum = [second.a.id, third.a.id].reduce((s, id) => s + byId.get(id)!.amountPaidKurus, 0);
      expect(view.summary).toEqual({ pendingKurus: pendingSum, releasedKurus: releasedSum, paidKurus: 0, count: 3 });
      expect(
        view.rows
          .filter((r) => r.isReleased)
          .map((r) => r.orderId)
          .sort(),
      ).toEqual([second.a.id, third.a.id].sort());

      // Seller B sees only their own orders.
      const viewB = await getJson<AccountMovements>(t, await signIn(t, m.sellerB), '/api/seller/account-movements');
      expect(viewB.rows.map((p) => p.orderId).sort()).toEqual([first.b.id, second.b.id, third.b.id].sort());

      // Paid out: the released two move to the paid tab with the payout date; escrow stays pending.
      await setPayoutAccount(t, sellerCookie);
      t.clock.advance(60_000);
      const run = await runPayouts(db, t.clock, sandbox);
      expect(run.paid).toBeGreaterThanOrEqual(1);
      const after = await getJson<AccountMovements>(t, sellerCookie, '/api/seller/account-movements');
      expect(after.rows.map((p) => p.orderId)).toEqual([first.a.id]);
      expect(after.counts).toEqual({ pending: 1, paid: 2 });
      const paidTab = await getJson<AccountMovements>(t, sellerCookie, '/api/seller/account-movements?tab=paid');
      expect(paidTab.tab).toBe('paid');
      expect(paidTab.rows.map((p) => p.orderId).sort()).toEqual([second.a.id, third.a.id].sort());
      for (const p of paidTab.rows) {
        expect(p.status).toBe('completed');
        expect(p.paidAt).toBe(t.clock.now().toISOString());
      }
      const paidSum = byId.get(second.a.id)!.amountPaidKurus + byId.get(third.a.id)!.amountPaidKurus;
      const summaryAfter = {
        pendingKurus: byId.get(first.a.id)!.amountPaidKurus,
        releasedKurus: 0,
        paidKurus: paidSum,
        count: 3,
      };
      expect(after.summary).toEqual(summaryAfter);
      expect(paidTab.summary).toEqual(summaryAfter);
      // With a range the paid figure is summed order by order; the same here (all three are in it).
      const today = t.clock.now().toISOString().slice(0, 10);
      const ranged = await getJson<AccountMovements>(
        t,
        sellerCookie,
        `/api/seller/account-movements?tab=paid&from=2026-01-01&to=${today}`,
      );
      expect(ranged.summary).toEqual(summaryAfter);
      // One row a page: newest first, the second page holds the other.
      const pages = await Promise.all(
        [1, 2, 3].map((page) =>
          getJson<AccountMovements>(t, sellerCookie, `/api/seller/account-movements?tab=paid&pageSize=1&page=${page}`),
        ),
      );
      expect(pages.map((p) => p.rows.length)).toEqual([1, 1, 0]);
      expect(pages.flatMap((p) => p.rows.map((r) => r.orderId)).sort()).toEqual([second.a.id, third.a.id].sort());
      expect(pages[2].counts).toEqual({ pending: 1, paid: 2 });
      await expectLedgerInvariants(db);
    });

    it('filters by the order date in Turkish calendar days, both ends inclusive', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      const buyerCookie = await signIn(t, m.buyer);
      const sellerCookie = await signIn(t, m.sellerA);
      const early = await buyFromBoth(t, m, buyerCookie);
      const late = await buyFromBoth(t, m, buyerCookie);
      // 2026-03-09 23:30 in Istanbul (UTC+3) is still the 9th there, the 10th nowhere.
      await db
        .update(orders)
        .set({ createdAt: new Date('2026-03-09T20:30:00Z') })
        .where(eq(orders.id, early.a.id));
      await db
        .update(orders)
        .set({ createdAt: new Date('2026-03-09T21:30:00Z') })
        .where(eq(orders.id, late.a.id));
      const ids = async (query: string) =>
        (await getJson<AccountMovements>(t, sellerCookie, `/api/seller/account-movements${query}`)).rows.map(
          (p) => p.orderId,
        );
      expect(await ids('?from=2026-03-09&to=2026-03-09')).toEqual([early.a.id]);
      expect(await ids('?from=2026-03-10&to=2026-03-10')).toEqual([late.a.id]);
      expect((await ids('?from=2026-03-09&to=2026-03-10')).sort()).toEqual([early.a.id, late.a.id].sort());
      expect(await ids('?from=2026-03-11')).toEqual([]);
      const bad = await callApi(t, 'GET', '/api/seller/account-movements?from=2026-03-10&to=2026-03-09', {
        cookie: sellerCookie,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: messages.dateFilter.rangeInvalid },
      });
    });

    it('refuses impossible dates and years out of range with a Turkish 400, the CSV statement too', async () => {
      const sellerCookie = await signIn(t, (await createMarket(t.database.db)).sellerA);
      const outOfRange = messages.dateFilter.outOfRange(DATE_FILTER_MIN_YEAR, DATE_FILTER_MAX_YEAR);
      for (const path of ['/api/seller/account-movements', '/api/seller/account-movements.csv']) {
        for (const [query, message] of [
          ['from=2026-02-30', messages.dateFilter.invalid],
          ['to=2026-04-31', messages.dateFilter.invalid],
          ['from=0000-01-01', outOfRange],
          ['from=1999-12-31&to=2026-03-10', outOfRange],
        ]) {
          const res = await callApi(t, 'GET', `${path}?${query}`, { cookie: sellerCookie });
          expect(res.statusCode, `${path}?${query}`).toBe(400);
          expect(res.json(), `${path}?${query}`).toMatchObject({ error: { code: 'VALIDATION_FAILED', message } });
        }
      }
    });

    it('downloads the statement as CSV: BOM, Turkish headers, dd.MM.yyyy dates, lira with a decimal comma', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      const buyerCookie = await signIn(t, m.buyer);
      const sellerCookie = await signIn(t, m.sellerA);
      const bought = await buyFromBoth(t, m, buyerCookie);
      await db
        .update(orders)
        .set({ createdAt: new Date('2026-03-09T21:30:00Z') })
        .where(eq(orders.id, bought.a.id));
      const res = await callApi(t, 'GET', '/api/seller/account-movements.csv?from=2026-03-10&to=2026-03-10', {
        cookie: sellerCookie,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="hesap-hareketleri-2026-03-10-2026-03-10.csv"',
      );
      const bytes = res.rawPayload;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe(pm.csv.header.join(';'));
      const cells = lines[1].split(';');
      const total = bought.a.totalKurus;
      expect(cells[0]).toBe(bought.a.orderNumber);
      expect(cells[1]).toBe('10.03.2026');
      expect(cells[2]).toBe(m.buyer.handle);
      expect(cells[3]).toBe(pm.movements.statusPending);
      expect(cells[4]).toBe(`${Math.floor(total / 100)},${String(total % 100).padStart(2, '0')}`);
      expect(cells[5]).toBe('0,00');
      expect(cells[9]).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(cells[10]).toBe('');
      expect(lines.slice(2)).toEqual(['']);
      // A buyer without a public handle shows as "Bilinmiyor" (null in the JSON, for the page to word).
      await db.update(users).set({ publicHandle: null }).where(eq(users.id, m.buyer.id));
      const unnamed = await callApi(t, 'GET', '/api/seller/account-movements.csv?from=2026-03-10&to=2026-03-10', {
        cookie: sellerCookie,
      });
      expect(unnamed.body.split('\r\n')[1].split(';')[2]).toBe(pm.movements.unknownBuyer);
      const json = await getJson<AccountMovements>(t, sellerCookie, '/api/seller/account-movements?from=2026-03-10');
      expect(json.rows[0].buyerHandle).toBeNull();
      // Another seller's statement holds none of it.
      const other = await callApi(t, 'GET', '/api/seller/account-movements.csv', {
        cookie: await signIn(t, m.sellerB),
      });
      expect(other.body).not.toContain(bought.a.orderNumber);
    });

    it('a payout run pays each released order once, completes it, and a second run changes nothing', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      const buyerCookie = await signIn(t, m.buyer);
      await setPayoutAccount(t, await signIn(t, m.sellerA));
      const one = await buyFromBoth(t, m, buyerCookie);
      const two = await buyFromBoth(t, m, buyerCookie);
      await releaseForTest(db, one.a.id, t.clock.now());
      await releaseForTest(db, two.a.id, t.clock.now(), { refundKurus: 5_000 });

      await runPayouts(db, t.clock, sandbox);
      await runPayouts(db, t.clock, sandbox);
      const rows = await db.select().from(payouts).where(eq(payouts.sellerId, m.sellerA.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        amountKurus: one.a.totalKurus + two.a.totalKurus - 5_000,
        iban: SELLER_IBAN,
        accountHolder: 'Ayşe Yılmaz',
        status: 'paid',
        providerReference: 'sandbox-bank',
      });
      expect(rows[0].paidAt).toEqual(t.clock.now());
      for (const id of [one.a.id, two.a.id]) {
        const [order] = await db.select().from(orders).where(eq(orders.id, id));
        expect(order).toMatchObject({ status: 'completed', payoutId: rows[0].id, completedAt: t.clock.now() });
        expect(await payableBalance(db, id)).toBe(0);
        const events = await db
          .select()
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, id), eq(orderEvents.action, 'paid_out')));
        expect(events).toHaveLength(1);
        expect(events[0].toStatus).toBe('completed');
      }
      expect(events(await db.select().from(notifications).where(eq(notifications.userId, m.sellerA.id)))).toContain(
        'payout_paid',
      );
      // Orders still in escrow are not paid out.
      const [unreleased] = await db.select().from(orders).where(eq(orders.id, one.b.id));
      expect(unreleased.payoutId).toBeNull();
      await expectLedgerInvariants(db);
      // The invariants see a payout that disagrees with its orders' ledger.
      await db
        .update(payouts)
        .set({ amountKurus: rows[0].amountKurus + 1 })
        .where(eq(payouts.id, rows[0].id));
      await expect(expectLedgerInvariants(db)).rejects.toThrow();
      await db.update(payouts).set({ amountKurus: rows[0].amountKurus }).where(eq(payouts.id, rows[0].id));
    });

    it('with iyzico the payout mirrors the marketplace’s own transfer', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      await setPayoutAccount(t, await signIn(t, m.sellerA));
      const bought = await buyFromBoth(t, m, await signIn(t, m.buyer));
      await releaseForTest(db, bought.a.id, t.clock.now());
      const run = await runPayouts(db, t.clock, { name: 'iyzico' });
      const [row] = await db.select().from(payouts).where(eq(payouts.id, run.payoutIds[0]));
      expect(row).toMatchObject({ sellerId: m.sellerA.id, status: 'paid', providerReference: 'iyzico-marketplace' });
    });

    it('a seller without an IBAN is asked for it at the first sale, and sees released money waiting for it', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      const sellerB = await signIn(t, m.sellerB);
      const bought = await buyFromBoth(t, m, await signIn(t, m.buyer));
      const asked = () =>
        db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, m.sellerB.id), eq(notifications.type, 'payout_iban_missing')));
      // Asked at the sale itself, before any release or payout run.
      expect(await asked()).toMatchObject([{ message: pm.notifications.ibanMissingBody }]);
      const movements = async () =>
        (await callApi(t, 'GET', '/api/seller/account-movements', { cookie: sellerB })).json<AccountMovements>();
      const inEscrow = await movements();
      expect(inEscrow.payoutAccountMissing).toBe(true);
      expect(inEscrow.rows.find((r) => r.orderId === bought.b.id)).toMatchObject({
        state: 'pending',
        isReleased: false,
      });
      expect(inEscrow.summary.releasedKurus).toBe(0);

      await releaseForTest(db, bought.b.id, t.clock.now());
      await runPayouts(db, t.clock, sandbox);
      const released = await movements();
      const row = released.rows.find((r) => r.orderId === bought.b.id)!;
      expect(row).toMatchObject({ state: 'pending', isReleased: true });
      expect(released.summary.releasedKurus).toBe(row.amountPaidKurus);
      expect(await asked()).toHaveLength(1);

      await setPayoutAccount(t, sellerB);
      expect((await movements()).payoutAccountMissing).toBe(false);
    });

    it('a seller without an IBAN is skipped and told so once, then paid once the SELLER_IBAN is set', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      const bought = await buyFromBoth(t, m, await signIn(t, m.buyer));
      await releaseForTest(db, bought.b.id, t.clock.now());
      await runPayouts(db, t.clock, sandbox);
      await runPayouts(db, t.clock, sandbox);
      const told = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, m.sellerB.id), eq(notifications.type, 'payout_iban_missing')));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        title: pm.notifications.ibanMissingTitle,
        actionUrl: '/dashboard?tab=transactions',
      });
      expect(await db.select().from(payouts).where(eq(payouts.sellerId, m.sellerB.id))).toEqual([]);
      const [waiting] = await db.select().from(orders).where(eq(orders.id, bought.b.id));
      expect(waiting.status).toBe('delivery_confirmed');

      await setPayoutAccount(t, await signIn(t, m.sellerB));
      await runPayouts(db, t.clock, sandbox);
      expect(await db.select().from(payouts).where(eq(payouts.sellerId, m.sellerB.id))).toHaveLength(1);
      await expectLedgerInvariants(db);
    });

    it('admins run payouts and list them; members may not', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      const sellerCookie = await signIn(t, m.sellerA);
      await setPayoutAccount(t, sellerCookie);
      const bought = await buyFromBoth(t, m, await signIn(t, m.buyer));
      await releaseForTest(db, bought.a.id, t.clock.now());
      expect((await callApi(t, 'POST', '/api/admin/payouts/run', { cookie: sellerCookie })).statusCode).toBe(403);
      expect((await callApi(t, 'GET', '/api/admin/payouts', { cookie: sellerCookie })).statusCode).toBe(403);
      const admin: TestUser = await createUser(db, { role: 'admin' });
      const adminCookie = await signIn(t, admin);
      const run = await callApi(t, 'POST', '/api/admin/payouts/run', { cookie: adminCookie });
      expect(run.statusCode, run.body).toBe(200);
      expect(run.json().paid).toBeGreaterThanOrEqual(1);
      const list = await getJson<AdminPayoutList>(t, adminCookie, '/api/admin/payouts');
      const mine = list.payouts.find((p) => p.sellerId === m.sellerA.id);
      expect(mine).toMatchObject({
        amountKurus: bought.a.totalKurus,
        orderCount: 1,
        status: 'paid',
        iban: SELLER_IBAN,
      });
    });
  });

  if (kind === 'postgres') {
    it('concurrent payout runs pay each seller once', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      await setPayoutAccount(t, await signIn(t, m.sellerA));
      await setPayoutAccount(t, await signIn(t, m.sellerB));
      const buyerCookie = await signIn(t, m.buyer);
      const one = await buyFromBoth(t, m, buyerCookie);
      const two = await buyFromBoth(t, m, buyerCookie);
      for (const o of [one.a, one.b, two.a, two.b]) await releaseForTest(db, o.id, t.clock.now());
      const runs = await Promise.all(Array.from({ length: 8 }, () => runPayouts(db, t.clock, sandbox)));
      expect(runs.reduce((n, r) => n + r.payoutIds.length, 0)).toBeGreaterThanOrEqual(2);
      for (const seller of [m.sellerA, m.sellerB]) {
        const rows = await db.select().from(payouts).where(eq(payouts.sellerId, seller.id));
        expect(rows).toHaveLength(1);
      }
      const paidOut = await db.select().from(orders).where(eq(orders.groupId, one.a.groupId!));
      expect(paidOut.every((o) => o.status === 'completed')).toBe(true);
      await expectLedgerInvariants(db);
    });
  }
});

function events(rows: { type: string }[]): string[] {
  return rows.map((r) => r.type);
}
