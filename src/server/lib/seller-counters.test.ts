import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import type { SellerOrderList } from '#shared/schemas/orders.ts';
import type { AccountMovements } from '#shared/schemas/payouts.ts';
import { useTestApp, type TestAppHandle } from '../../../test/app.ts';
import { describeEachDatabase } from '../../../test/db.ts';
import { callApi, signIn } from '../../../test/factories.ts';
import {
  checkoutBody,
  createMarket,
  expectSellerCountersExact,
  payWithSandbox,
  postCheckout,
  setAutoOrderApproval,
} from '../../../test/trading.ts';
import { selectRows } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { sellerCounters } from '../db/schema/seller-counters.ts';
import { runProviderJobs } from '../features/fulfilment/provider-jobs.service.ts';
import { runPayouts } from '../features/payouts/payouts.service.ts';
import { recountSellerCountersSql } from './seller-counters.ts';

const IBAN = 'TR330006100519786457841326';

async function getJson<T>(t: TestAppHandle, cookie: string, url: string): Promise<T> {
  const res = await callApi(t, 'GET', url, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

function expectOk(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
}

describeEachDatabase('per-seller counters (issue 21)', (kind) => {
  const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '1000000' } });

  /** A market whose two sellers accept at payment and have a payout account, and `groups` checkouts of both. */
  async function marketWithCheckouts(groups: number) {
    const db = t.database.db;
    const m = await createMarket(db, { a: { stock: 1_000 }, b: { stock: 1_000 } });
    const cookies = { buyer: await signIn(t, m.buyer), a: await signIn(t, m.sellerA), b: await signIn(t, m.sellerB) };
    for (const seller of [cookies.a, cookies.b]) {
      await setAutoOrderApproval(t, seller, true);
      const res = await callApi(t, 'PUT', '/api/account/payout-account', {
        cookie: seller,
        payload: { iban: IBAN, accountHolder: 'Ayşe Yılmaz' },
      });
      expectOk(res);
    }
    const placed: CheckoutResult[] = [];
    for (let i = 0; i < groups; i += 1) {
      const body = await checkoutBody(t, cookies.buyer, [
        { listingId: m.listingA.id, quantity: 1 + (i % 2) },
        { listingId: m.listingB.id, quantity: 1 },
      ]);
      const res = await postCheckout(t, cookies.buyer, randomUUID(), body);
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json<CheckoutResult>());
    }
    const ordersOf = async (sellerId: string) =>
      (await db.select().from(orders).where(eq(orders.sellerId, sellerId))).sort((x, y) => x.id.localeCompare(y.id));
    return { m, cookies, placed, ordersOf };
  }

  it('answers the seller’s tabs and paid-out figures from counters equal to a full count, and the backfill rebuilds them', async () => {
    const db = t.database.db;
    const { m, cookies, placed, ordersOf } = await marketWithCheckouts(4);
    // An unpaid checkout stays invisible to its sellers: nothing counted yet.
    await expectSellerCountersExact(db);
    expect((await getJson<SellerOrderList>(t, cookies.a, '/api/seller/orders')).allOrders).toBe(0);
    for (const group of placed.slice(0, 3)) {
      expect((await payWithSandbox(t, cookies.buyer, group.paymentUrl)).statusCode).toBe(303);
    }
    const [a1, a2, a3] = (await ordersOf(m.sellerA.id)).filter((o) => o.status === 'paid_escrow');
    const [b1] = (await ordersOf(m.sellerB.id)).filter((o) => o.status === 'paid_escrow');
    for (const order of [a1, a2]) {
      expectOk(
        await callApi(t, 'POST', `/api/orders/${order.id}/ship`, {
          cookie: cookies.a,
          payload: { cargoCompany: 'aras', trackingNumber: 'ARS-123456' },
        }),
      );
    }
    expectOk(await callApi(t, 'POST', `/api/orders/${a1.id}/confirm-delivery`, { cookie: cookies.buyer, payload: {} }));
    const dispute = await callApi(t, 'POST', `/api/orders/${b1.id}/dispute`, {
      cookie: cookies.buyer,
      payload: { reason: 'damaged', description: 'Çerçevelerin ikisi de kırık geldi.' },
    });
    expect(dispute.statusCode, dispute.body).toBe(201);
    await runProviderJobs({ db, clock: t.clock, provider: t.app.payments, log: t.app.log });
    const run = await runPayouts(db, t.clock, t.app.payments);
    expect(run.paid).toBe(1);
    await expectSellerCountersExact(db);

    // The list's totals, each view and status, as counted from the orders.
    const list = (query: string) => getJson<SellerOrderList>(t, cookies.a, `/api/seller/orders${query}`);
    expect(await list('')).toMatchObject({ total: 3, allOrders: 3 });
    expect(await list('?view=pending')).toMatchObject({ total: 1, allOrders: 3 });
    expect(await list('?view=completed')).toMatchObject({ total: 1, allOrders: 3 });
    expect((await list('?status=shipped')).total).toBe(1);
    expect((await list('?status=shipped&view=completed')).total).toBe(0);
    expect((await list('?status=completed&view=completed')).total).toBe(1);
    expect((await list('?status=awaiting_payment')).total).toBe(0);
    // A carrier filter is counted over the filtered orders.
    expect((await list('?cargoCompany=aras')).total).toBe(2);
    expect((await getJson<SellerOrderList>(t, cookies.b, '/api/seller/orders?status=disputed')).total).toBe(1);
    expect(a3.status).toBe('paid_escrow');

    const [paid] = await selectRows<{ count: number; kurus: string }>(
      db,
      sql`select (select count(*)::int from orders where seller_id = ${m.sellerA.id} and payout_id is not null) as count,
                 (select sum(amount_kurus)::text from payouts where seller_id = ${m.sellerA.id}) as kurus`,
    );
    const movements = await getJson<AccountMovements>(t, cookies.a, '/api/seller/account-movements?tab=paid');
    expect(movements.counts.paid).toBe(1);
    expect(paid.count).toBe(1);
    expect(movements.summary.paidKurus).toBe(Number(paid.kurus));

    // The pending side from the counters equals the sum of the rows the pending tab shows, and a
    // date range (summed over that range's orders) agrees when it takes in every order.
    const pendingTab = await getJson<AccountMovements>(
      t,
      cookies.a,
      '/api/seller/account-movements?tab=pending&pageSize=100',
    );
    expect(pendingTab.counts.pending).toBe(2);
    expect(pendingTab.rows.map((row) => row.state)).toEqual(['pending', 'pending']);
    const shown = (rows: AccountMovements['rows']) => rows.reduce((total, row) => total + row.amountPaidKurus, 0);
    expect(pendingTab.summary.pendingKurus).toBe(shown(pendingTab.rows));
    expect(pendingTab.summary.releasedKurus).toBe(shown(pendingTab.rows.filter((row) => row.isReleased)));
    const ranged = await getJson<AccountMovements>(
      t,
      cookies.a,
      '/api/seller/account-movements?tab=pending&pageSize=100&from=2020-01-01&to=2099-12-31',
    );
    expect({ counts: ranged.counts, summary: ranged.summary }).toEqual({
      counts: pendingTab.counts,
      summary: pendingTab.summary,
    });

    // The migration's backfill (the same statements the bench runs after its bulk load) rebuilds
    // them as kept, the orders' pending figures too once wiped.
    const kept = await db.select().from(sellerCounters).orderBy(sellerCounters.sellerId);
    const pendingOf = () =>
      selectRows<{ id: string; seller_pending_kurus: unknown; seller_pending_released: boolean }>(
        db,
        sql`select id, seller_pending_kurus::text, seller_pending_released from orders order by id`,
      );
    const keptPending = await pendingOf();
    // Three paid groups of two sellers, one of the six orders paid out.
    expect(keptPending.filter((o) => o.seller_pending_kurus !== null)).toHaveLength(5);
    await db.update(orders).set({ sellerPendingKurus: null, isSellerPendingReleased: false });
    await db.transaction(async (tx) => {
      for (const statement of recountSellerCountersSql) await tx.execute(sql.raw(statement));
    });
    expect(await db.select().from(sellerCounters).orderBy(sellerCounters.sellerId)).toEqual(kept);
    expect(await pendingOf()).toEqual(keptPending);
  });

  if (kind === 'postgres') {
    it('stay exact under concurrent payments of groups of two sellers and concurrent changes of one seller’s orders', async () => {
      const db = t.database.db;
      const { m, cookies, placed, ordersOf } = await marketWithCheckouts(12);
      // Each payment moves one order of each seller: every transaction updates both sellers' rows.
      const paid = await Promise.all(placed.map((group) => payWithSandbox(t, cookies.buyer, group.paymentUrl)));
      expect(paid.map((res) => res.statusCode)).toEqual(placed.map(() => 303));
      await expectSellerCountersExact(db);
      // Seller A ships half of their orders while the buyer disputes the other half, all at once.
      const ofA = await ordersOf(m.sellerA.id);
      const moves = await Promise.all(
        ofA.map((order, i) =>
          i % 2 === 0
            ? callApi(t, 'POST', `/api/orders/${order.id}/ship`, {
                cookie: cookies.a,
                payload: { cargoCompany: 'aras', trackingNumber: 'ARS-123456' },
              })
            : callApi(t, 'POST', `/api/orders/${order.id}/dispute`, {
                cookie: cookies.buyer,
                payload: { reason: 'damaged', description: 'Çerçevelerin ikisi de kırık geldi.' },
              }),
        ),
      );
      expect(moves.map((res) => res.statusCode)).toEqual(ofA.map((_, i) => (i % 2 === 0 ? 200 : 201)));
      await expectSellerCountersExact(db);
      const [counters] = await db.select().from(sellerCounters).where(eq(sellerCounters.sellerId, m.sellerA.id));
      expect(counters).toMatchObject({ paidEscrow: 0, shipped: 6, disputed: 6, pendingOrders: 12 });
      // The buyer confirms the shipped ones at once (each queues a release), then two job runners
      // and two payout runs race: releases move pending money out of escrow while payouts take it.
      const confirmed = await Promise.all(
        ofA
          .filter((_, i) => i % 2 === 0)
          .map((order) =>
            callApi(t, 'POST', `/api/orders/${order.id}/confirm-delivery`, { cookie: cookies.buyer, payload: {} }),
          ),
      );
      expect(confirmed.map((res) => res.statusCode)).toEqual(confirmed.map(() => 200));
      const deps = { db, clock: t.clock, provider: t.app.payments, log: t.app.log };
      await Promise.all([
        runProviderJobs(deps),
        runProviderJobs(deps),
        runPayouts(db, t.clock, t.app.payments),
        runPayouts(db, t.clock, t.app.payments),
      ]);
      await runPayouts(db, t.clock, t.app.payments);
      await expectSellerCountersExact(db);
      const [after] = await db.select().from(sellerCounters).where(eq(sellerCounters.sellerId, m.sellerA.id));
      // The six released orders are paid out; the six disputed ones still hold their money in escrow.
      expect(after).toMatchObject({ paidOutOrders: 6, pendingOrders: 6, pendingReleasedKurus: 0 });
    });
  }
});
