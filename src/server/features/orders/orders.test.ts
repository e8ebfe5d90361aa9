import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '#shared/messages.tr.ts';
import { DATE_FILTER_MAX_YEAR, DATE_FILTER_MIN_YEAR } from '#shared/schemas/date-filter.ts';
import type { BuyerOrderDetail, BuyerOrderList, SellerOrderDetail, SellerOrderList } from '#shared/schemas/orders.ts';
import type { SellerDashboard } from '#shared/schemas/listings.ts';
import type { SellerReport } from '#shared/schemas/seller-reports.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { callApi, createOrderFixture, createUser, fixtureAddress, signIn } from '../../../../test/factories.ts';
import { orders } from '../../db/schema/orders.ts';

interface Member {
  id: string;
  cookie: string;
  handle: string;
}

let handleCounter = 0;
async function member(t: TestAppHandle, withHandle = true): Promise<Member> {
  handleCounter += 1;
  const handle = `optik${process.pid}x${handleCounter}${Math.floor(Math.random() * 1e6)}`;
  const user = await createUser(t.database.db, withHandle ? { publicHandle: handle } : {});
  return { id: user.id, cookie: await signIn(t, user), handle };
}

const day = 86_400_000;

async function get<T>(t: TestAppHandle, cookie: string, url: string): Promise<T> {
  const res = await callApi(t, 'GET', url, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describeEachDatabase('orders', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.reset());

  describe('the buyer’s list', () => {
    let buyer: Member;
    let seller: Member;
    let ids: string[];

    beforeAll(async () => {
      t.clock.reset();
      buyer = await member(t);
      seller = await member(t);
      const now = t.clock.now().getTime();
      ids = [];
      for (let i = 0; i < 5; i++) {
        const { order } = await createOrderFixture(t.database.db, {
          buyerId: buyer.id,
          sellerId: seller.id,
          createdAt: new Date(now - (10 - i) * day),
          lines: [
            { marka: 'Ray-Ban', modelKodu: `RB${i}`, unitPriceKurus: 10_000, quantity: 2 },
            { marka: 'Oakley', modelKodu: `OO${i}`, unitPriceKurus: 5_000 },
          ],
          trackingNumber: i === 4 ? 'ARAS123' : null,
          cargoCompany: i === 4 ? 'aras' : null,
        });
        ids.push(order.id);
      }
    });

    it('lists only the buyer’s own orders, newest first, each with its lines and the seller’s @handle', async () => {
      const other = await member(t);
      await createOrderFixture(t.database.db, { buyerId: other.id, sellerId: seller.id });
      const list = await get<BuyerOrderList>(t, buyer.cookie, '/api/orders?page=1&pageSize=10');
      expect(list.total).toBe(5);
      expect(list.orders.map((o) => o.id)).toEqual([...ids].reverse());
      const newest = list.orders[0];
      expect(newest).toMatchObject({
        status: 'paid_escrow',
        sellerHandle: seller.handle,
        trackingNumber: 'ARAS123',
        cargoCompany: 'aras',
        subtotalKurus: 25_000,
      });
      expect(newest.escrowEndsAt).not.toBeNull();
      expect(newest.items.map((l) => [l.marka, l.modelKodu, l.quantity, l.lineTotalKurus])).toEqual([
        ['Ray-Ban', 'RB4', 2, 20_000],
        ['Oakley', 'OO4', 1, 5_000],
      ]);
      const otherList = await get<BuyerOrderList>(t, other.cookie, '/api/orders');
      expect(otherList.orders.map((o) => o.id)).not.toContain(ids[0]);
      expect(otherList.total).toBe(1);
    });

    it('pages through the orders', async () => {
      const page2 = await get<BuyerOrderList>(t, buyer.cookie, '/api/orders?page=2&pageSize=2');
      expect(page2).toMatchObject({ total: 5, page: 2, pageSize: 2 });
      expect(page2.orders.map((o) => o.id)).toEqual([ids[2], ids[1]]);
      const page3 = await get<BuyerOrderList>(t, buyer.cookie, '/api/orders?page=3&pageSize=2');
      expect(page3.orders.map((o) => o.id)).toEqual([ids[0]]);
    });

    it('refuses a page size above 50', async () => {
      const res = await callApi(t, 'GET', '/api/orders?pageSize=51', { cookie: buyer.cookie });
      expect(res.statusCode).toBe(400);
    });

    it('refuses visitors', async () => {
      expect((await callApi(t, 'GET', '/api/orders')).statusCode).toBe(401);
    });
  });

  describe('unpaid and cancelled orders', () => {
    it('shows an unpaid order while its group waits for payment, and hides it once expired or cancelled unpaid', async () => {
      const buyer = await member(t);
      const seller = await member(t);
      const now = t.clock.now();
      const waiting = await createOrderFixture(t.database.db, {
        buyerId: buyer.id,
        sellerId: seller.id,
        status: 'awaiting_payment',
        createdAt: new Date(now.getTime() - 60_000),
        reservedUntil: new Date(now.getTime() + 14 * 60_000),
      });
      // The sweep has not run yet, but the reservation is over.
      await createOrderFixture(t.database.db, {
        buyerId: buyer.id,
        sellerId: seller.id,
        status: 'awaiting_payment',
        createdAt: new Date(now.getTime() - 20 * 60_000),
        reservedUntil: new Date(now.getTime() - 5 * 60_000),
      });
      const cancelled = await createOrderFixture(t.database.db, {
        buyerId: buyer.id,
        sellerId: seller.id,
        status: 'cancelled',
        groupStatus: 'expired',
      });
      const list = await get<BuyerOrderList>(t, buyer.cookie, '/api/orders');
      expect(list.orders.map((o) => o.id)).toEqual([waiting.order.id]);
      expect(list.total).toBe(1);
      expect(list.orders[0]).toMatchObject({ status: 'awaiting_payment', paidAt: null, escrowEndsAt: null });
      const res = await callApi(t, 'GET', `/api/orders/${cancelled.order.id}`, { cookie: buyer.cookie });
      expect(res.statusCode).toBe(404);

      t.clock.advance(15 * 60_000);
      expect((await get<BuyerOrderList>(t, buyer.cookie, '/api/orders')).total).toBe(0);
    });
  });

  describe('the buyer’s order detail', () => {
    it('has the address, instalments, the card brand and last four, and the timeline in order', async () => {
      const buyer = await member(t);
      const seller = await member(t);
      const created = new Date(t.clock.now().getTime() - day);
      const { order } = await createOrderFixture(t.database.db, {
        buyerId: buyer.id,
        sellerId: seller.id,
        lines: [{ unitPriceKurus: 104_999 }],
        installments: 3,
        createdAt: created,
        card: { brand: 'MASTER_CARD', lastFour: '0008' },
        events: [
          {
            action: 'paid',
            fromStatus: 'awaiting_payment',
            toStatus: 'paid_escrow',
            createdAt: new Date(created.getTime() + 1000),
          },
          { action: 'created', fromStatus: null, toStatus: 'awaiting_payment', createdAt: created },
        ],
      });
      const detail = await get<BuyerOrderDetail>(t, buyer.cookie, `/api/orders/${order.id}`);
      expect(detail).toMatchObject({
        id: order.id,
        orderNumber: order.orderNumber,
        sellerHandle: seller.handle,
        installments: 3,
        // The group's card charge, ₺1.289,99 (₺1.049,99 + ₺25,00 shipping + 20 % VAT of both, no Peşin
        // discount): equal months, the last carrying the leftover kuruş.
        installmentAmounts: [42_999, 42_999, 43_001],
        cardBrand: 'MASTER_CARD',
        cardLastFour: '0008',
        shippingAddress: fixtureAddress,
      });
      expect(detail).toMatchObject({
        subtotalKurus: 104_999,
        shippingKurus: 2_500,
        discountKurus: 0,
        vatKurus: 21_500,
        totalKurus: 128_999,
      });
      expect(detail.events.map((e) => e.action)).toEqual(['created', 'paid']);
      // The line carries its rate and the VAT of its goods and its shipping share, as at checkout.
      expect(detail.items).toHaveLength(1);
      expect(detail.items[0]).toMatchObject({ vatRateBp: 2000, vatKurus: 21_500 });
    });

    it('answers 404 ORDER_NOT_FOUND for another member’s order, the same as for an unknown one', async () => {
      const buyer = await member(t);
      const stranger = await member(t);
      const { order } = await createOrderFixture(t.database.db, { buyerId: buyer.id, sellerId: stranger.id });
      const foreign = await callApi(t, 'GET', `/api/orders/${order.id}`, { cookie: stranger.cookie });
      const unknown = await callApi(t, 'GET', '/api/orders/7d1c2b0e-4f7a-4c39-9a55-2f1d7f0c9e11', {
        cookie: stranger.cookie,
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(unknown.json());
      expect(foreign.json<{ error: { code: string } }>().error.code).toBe('ORDER_NOT_FOUND');
    });
  });

  describe('the seller’s orders', () => {
    let seller: Member;
    let buyer: Member;
    let anonymousBuyer: Member;
    const o: Record<string, { id: string; orderNumber: string }> = {};

    beforeAll(async () => {
      t.clock.reset();
      seller = await member(t);
      buyer = await member(t);
      anonymousBuyer = await member(t, false);
      const other = await member(t);
      const add = async (
        key: string,
        status: string,
        createdAt: string,
        extra: Partial<Parameters<typeof createOrderFixture>[1]> = {},
      ) => {
        const { order } = await createOrderFixture(t.database.db, {
          buyerId: buyer.id,
          sellerId: seller.id,
          status,
          createdAt: new Date(createdAt),
          ...extra,
        });
        o[key] = order;
      };
      await add('paid', 'paid_escrow', '2026-03-10T10:00:00Z', {
        lines: [{ modelKodu: 'A1' }, { modelKodu: 'A2' }, { modelKodu: 'A3' }],
      });
      // 00:30 on 1 March in Istanbul.
      await add('shippedAras', 'shipped', '2026-02-28T21:30:00Z', { cargoCompany: 'aras', trackingNumber: 'AR1' });
      // 23:30 on 28 February in Istanbul.
      await add('confirmed', 'delivery_confirmed', '2026-02-28T20:30:00Z', {
        cargoCompany: 'mng',
        trackingNumber: 'M1',
      });
      await add('completed', 'completed', '2026-02-01T10:00:00Z', { buyerId: anonymousBuyer.id });
      await add('released', 'released', '2026-01-01T10:00:00Z');
      await add('unpaid', 'awaiting_payment', '2026-03-11T10:00:00Z', {
        reservedUntil: new Date(t.clock.now().getTime() + 600_000),
      });
      await add('cancelled', 'cancelled', '2026-03-12T10:00:00Z');
      await createOrderFixture(t.database.db, {
        buyerId: buyer.id,
        sellerId: other.id,
        createdAt: new Date('2026-03-10T11:00:00Z'),
      });
    });

    const list = (query = '') => get<SellerOrderList>(t, seller.cookie, `/api/seller/orders${query}`);
    const orderIds = (l: SellerOrderList) => [...new Set(l.rows.map((r) => r.orderId))];

    it('lists one row per line of the seller’s paid orders only, newest first, buyers as @handle', async () => {
      const all = await list();
      expect(all.allOrders).toBe(5);
      expect(all.total).toBe(5);
      expect(orderIds(all)).toEqual([o.paid.id, o.shippedAras.id, o.confirmed.id, o.completed.id, o.released.id]);
      expect(all.rows).toHaveLength(7);
      expect(all.rows.slice(0, 3).map((r) => r.line.modelKodu)).toEqual(['A1', 'A2', 'A3']);
      expect(all.rows[0]).toMatchObject({
        orderNumber: o.paid.orderNumber,
        buyerHandle: buyer.handle,
        status: 'paid_escrow',
      });
      expect(all.rows.find((r) => r.orderId === o.completed.id)?.buyerHandle).toBeNull();
      // Nothing of the buyer but the handle leaves the server.
      expect(JSON.stringify(all)).not.toContain(buyer.id);
    });

    it('paginates by order, never splitting an order’s lines', async () => {
      const first = await list('?page=1&pageSize=2');
      expect(orderIds(first)).toEqual([o.paid.id, o.shippedAras.id]);
      expect(first.rows).toHaveLength(4);
      expect(first).toMatchObject({ total: 5, allOrders: 5, page: 1, pageSize: 2 });
      const third = await list('?page=3&pageSize=2');
      expect(orderIds(third)).toEqual([o.released.id]);
    });

    it('filters by status and by the pending and completed views', async () => {
      expect(orderIds(await list('?status=shipped'))).toEqual([o.shippedAras.id]);
      const pending = await list('?view=pending');
      expect(orderIds(pending)).toEqual([o.paid.id]);
      expect(pending.allOrders).toBe(5);
      expect(orderIds(await list('?view=completed'))).toEqual([o.confirmed.id, o.completed.id, o.released.id]);
      // An awaiting_payment filter still shows nothing: unpaid orders are not the seller's yet.
      expect((await list('?status=awaiting_payment')).total).toBe(0);
    });

    it('splits the paid orders by the seller’s approval: "Satıcı Onayı Bekleniyor" and "Ödeme Alındı" never overlap', async () => {
      const owner = await member(t);
      const paid = (createdAt: string, acceptedAt?: null) =>
        createOrderFixture(t.database.db, {
          buyerId: buyer.id,
          sellerId: owner.id,
          status: 'paid_escrow',
          createdAt: new Date(createdAt),
          acceptedAt,
        });
      const { order: awaiting } = await paid('2026-03-12T10:00:00Z', null);
      const { order: approved } = await paid('2026-03-11T10:00:00Z');
      await createOrderFixture(t.database.db, { buyerId: buyer.id, sellerId: owner.id, status: 'shipped' });
      const ownList = (query: string) => get<SellerOrderList>(t, owner.cookie, `/api/seller/orders${query}`);

      const toApprove = await ownList('?status=awaiting_acceptance');
      expect(orderIds(toApprove)).toEqual([awaiting.id]);
      expect(toApprove).toMatchObject({ total: 1, allOrders: 3 });
      expect(toApprove.rows[0]).toMatchObject({ status: 'paid_escrow', awaitingAcceptance: true });
      const approvedOnly = await ownList('?status=paid_escrow');
      expect(orderIds(approvedOnly)).toEqual([approved.id]);
      expect(approvedOnly).toMatchObject({ total: 1, allOrders: 3 });
      expect(approvedOnly.rows[0].awaitingAcceptance).toBe(false);
      // The pending view ("Bekleyen Siparişler") still holds both; other views and filters narrow it.
      expect(await ownList('?view=pending')).toMatchObject({ total: 2 });
      expect(await ownList('?view=completed&status=awaiting_acceptance')).toMatchObject({ total: 0, rows: [] });
      expect((await ownList('?status=awaiting_acceptance&from=2026-03-12')).total).toBe(1);
      expect((await ownList('?status=awaiting_acceptance&to=2026-03-11')).total).toBe(0);
      const refused = await callApi(t, 'GET', '/api/seller/orders?status=awaiting', { cookie: owner.cookie });
      expect(refused.statusCode).toBe(400);
    });

    it('filters by Turkish calendar days, both ends inclusive', async () => {
      expect(orderIds(await list('?from=2026-03-01'))).toEqual([o.paid.id, o.shippedAras.id]);
      expect(orderIds(await list('?to=2026-02-28'))).toEqual([o.confirmed.id, o.completed.id, o.released.id]);
      expect(orderIds(await list('?from=2026-02-28&to=2026-02-28'))).toEqual([o.confirmed.id]);
      expect(orderIds(await list('?from=2026-03-10&to=2026-03-10'))).toEqual([o.paid.id]);
    });

    it('refuses impossible dates, years out of range and a range ending before it starts with a Turkish 400', async () => {
      for (const [query, message] of [
        ['from=2026-02-30', messages.dateFilter.invalid],
        ['to=2026-02-30', messages.dateFilter.invalid],
        ['from=0000-01-01', messages.dateFilter.outOfRange(DATE_FILTER_MIN_YEAR, DATE_FILTER_MAX_YEAR)],
        ['to=2101-01-01', messages.dateFilter.outOfRange(DATE_FILTER_MIN_YEAR, DATE_FILTER_MAX_YEAR)],
        ['from=2026-03-10&to=2026-02-28', messages.dateFilter.rangeInvalid],
      ]) {
        const res = await callApi(t, 'GET', `/api/seller/orders?${query}`, { cookie: seller.cookie });
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toMatchObject({ error: { code: 'VALIDATION_FAILED', message } });
      }
    });

    it('filters by cargo company, combined with the other filters', async () => {
      expect(orderIds(await list('?cargoCompany=aras'))).toEqual([o.shippedAras.id]);
      expect(orderIds(await list('?cargoCompany=mng&from=2026-02-28'))).toEqual([o.confirmed.id]);
      expect((await list('?cargoCompany=ptt')).rows).toEqual([]);
      expect(
        (await callApi(t, 'GET', '/api/seller/orders?cargoCompany=ups', { cookie: seller.cookie })).statusCode,
      ).toBe(400);
    });

    it('shows a seller none of another seller’s lines', async () => {
      const stranger = await member(t);
      const res = await get<SellerOrderList>(t, stranger.cookie, '/api/seller/orders');
      expect(res).toMatchObject({ rows: [], total: 0, allOrders: 0 });
    });

    it('gives the seller an order’s detail with the delivery address, and 404 to anyone else', async () => {
      const detail = await get<SellerOrderDetail>(t, seller.cookie, `/api/seller/orders/${o.paid.id}`);
      expect(detail).toMatchObject({
        orderNumber: o.paid.orderNumber,
        buyerHandle: buyer.handle,
        shippingAddress: fixtureAddress,
      });
      expect(detail.items).toHaveLength(3);
      const byBuyer = await callApi(t, 'GET', `/api/seller/orders/${o.paid.id}`, { cookie: buyer.cookie });
      expect(byBuyer.statusCode).toBe(404);
      const unpaid = await callApi(t, 'GET', `/api/seller/orders/${o.unpaid.id}`, { cookie: seller.cookie });
      expect(unpaid.statusCode).toBe(404);
    });
  });

  describe('the seller dashboard figures', () => {
    it('count paid orders and later states, never unpaid, cancelled or refunded ones; pending is paid_escrow', async () => {
      t.clock.set(new Date('2026-03-15T10:00:00Z'));
      const seller = await member(t);
      const buyer = await member(t);
      const add = (status: string, lines: number, createdAt: string) =>
        createOrderFixture(t.database.db, {
          buyerId: buyer.id,
          sellerId: seller.id,
          status,
          createdAt: new Date(createdAt),
          reservedUntil: new Date('2026-03-15T10:10:00Z'),
          lines: [{ unitPriceKurus: lines }],
        });
      // Peşin totals: (price + 25 TL shipping) × 0.98, plus 20 % VAT of that; 10 000 → 14 700, 100 000 → 120 540.
      await add('paid_escrow', 10_000, '2026-03-10T10:00:00Z');
      await add('shipped', 10_000, '2026-03-02T10:00:00Z');
      await add('completed', 100_000, '2026-02-10T10:00:00Z');
      await add('disputed', 100_000, '2026-03-03T10:00:00Z');
      await add('awaiting_payment', 100_000, '2026-03-15T09:59:00Z');
      await add('cancelled', 100_000, '2026-03-14T10:00:00Z');
      await add('refunded', 100_000, '2026-03-13T10:00:00Z');
      const dashboard = await get<SellerDashboard>(t, seller.cookie, '/api/listings/mine/dashboard');
      // A disputed order is a sale until a refund takes money back (as in the seller reports).
      expect(dashboard).toMatchObject({
        totalOrders: 4,
        pendingOrders: 1,
        totalRevenueKurus: 14_700 + 14_700 + 120_540 + 120_540,
        monthlyRevenueKurus: 14_700 + 14_700 + 120_540,
      });
      expect(dashboard.recentOrders.map((r) => r.status)).toEqual(['paid_escrow', 'disputed', 'shipped', 'completed']);
      expect(dashboard.recentOrders.map((r) => r.awaitingAcceptance)).toEqual([false, false, false, false]);
      // A paid order the seller has not approved says so on the dashboard too.
      await createOrderFixture(t.database.db, {
        buyerId: buyer.id,
        sellerId: seller.id,
        status: 'paid_escrow',
        acceptedAt: null,
        createdAt: new Date('2026-03-11T10:00:00Z'),
      });
      const after = await get<SellerDashboard>(t, seller.cookie, '/api/listings/mine/dashboard');
      expect(after.recentOrders[0]).toMatchObject({ status: 'paid_escrow', awaitingAcceptance: true });
    });

    it('count a partly refunded, paid-out order at its total less the refund, the same as the seller reports', async () => {
      t.clock.set(new Date('2026-03-15T10:00:00Z'));
      const seller = await member(t);
      const buyer = await member(t);
      const add = (status: string, unitPriceKurus: number, paidAt: string, refundedKurus = 0) =>
        createOrderFixture(t.database.db, {
          buyerId: buyer.id,
          sellerId: seller.id,
          status,
          createdAt: new Date(paidAt),
          lines: [{ unitPriceKurus }],
        }).then(({ order }) => t.database.db.update(orders).set({ refundedKurus }).where(eq(orders.id, order.id)));
      // Peşin totals: (price + 25 TL shipping) × 0.98, plus 20 % VAT of that: 100 000 → 120 540, 10 000 → 14 700.
      await add('released', 100_000, '2026-03-05T10:00:00Z', 30_000);
      await add('partially_refunded', 10_000, '2026-02-05T10:00:00Z', 4_300);
      await add('completed', 10_000, '2026-03-06T10:00:00Z');
      const dashboard = await get<SellerDashboard>(t, seller.cookie, '/api/listings/mine/dashboard');
      const report = await get<SellerReport>(t, seller.cookie, '/api/seller/reports?months=3');
      expect(dashboard).toMatchObject({
        totalOrders: 3,
        totalRevenueKurus: 120_540 - 30_000 + 14_700 - 4_300 + 14_700,
        monthlyRevenueKurus: 120_540 - 30_000 + 14_700,
      });
      expect(report.totals.revenueKurus).toBe(dashboard.totalRevenueKurus);
      expect(report.months.find((m) => m.month === '2026-03')?.revenueKurus).toBe(dashboard.monthlyRevenueKurus);
    });
  });
});
