import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { sellerReportMessages as rm } from '#shared/messages/seller-reports.tr.ts';
import type { SellerReport } from '#shared/schemas/seller-reports.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createOrderFixture, createUser, signIn } from '../../../../test/factories.ts';
import { orders } from '../../db/schema/orders.ts';
import { MANUAL_CLOCK_START } from '../../lib/clock.ts';

describeEachDatabase('seller reports', (kind) => {
  const t = useTestApp(kind);
  let seller: string;
  let otherSeller: string;

  /**
   * Known orders (fixture totals are Peşin: goods + 25 TL shipping, less 2 %, plus 20 % VAT of
   * that), "now" 15 April 2026:
   * March: A completed, 2 × 100 TL → 264,60 TL.
   * April: B shipped 500 TL → 617,40 TL, paid 31 March 21:30 UTC = 1 April 00:30 in Turkey;
   *        C cancelled after payment (refunded in full, 1.205,40 TL); D partly refunded: 147,00 − 47,00 TL.
   * Left out: an unpaid order, an order paid before the 12 months, and another seller's order.
   */
  beforeAll(async () => {
    const db = t.database.db;
    t.clock.set(new Date('2026-04-15T12:00:00Z'));
    const [buyer, me, other] = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    const add = (sellerId: string, status: string, paidAt: Date | null, lines: object[], refundedKurus = 0) =>
      createOrderFixture(db, {
        buyerId: buyer.id,
        sellerId,
        status,
        paidAt,
        createdAt: paidAt ?? MANUAL_CLOCK_START,
        lines,
      }).then(async ({ order }) => {
        if (refundedKurus) await db.update(orders).set({ refundedKurus }).where(eq(orders.id, order.id));
      });
    const rayBan = { marka: 'Ray-Ban', modelKodu: 'RB1000' };
    await add(me.id, 'completed', new Date('2026-03-10T10:00:00Z'), [
      { ...rayBan, unitPriceKurus: 10_000, quantity: 2 },
    ]);
    await add(me.id, 'shipped', new Date('2026-03-31T21:30:00Z'), [
      { marka: 'Oakley', modelKodu: 'OX1', unitPriceKurus: 50_000 },
    ]);
    await add(me.id, 'cancelled', new Date('2026-04-05T10:00:00Z'), [{ marka: 'Prada', modelKodu: 'PR1' }], 120_540);
    await add(
      me.id,
      'partially_refunded',
      new Date('2026-04-10T10:00:00Z'),
      [{ ...rayBan, unitPriceKurus: 10_000 }],
      4_700,
    );
    await add(me.id, 'awaiting_payment', null, [{ ...rayBan, quantity: 5 }]);
    await add(me.id, 'completed', new Date('2025-04-30T20:00:00Z'), [{ ...rayBan, quantity: 9 }]);
    await add(other.id, 'completed', new Date('2026-04-02T10:00:00Z'), [{ marka: 'Gucci', modelKodu: 'GG1' }]);
    [seller, otherSeller] = await Promise.all([signIn(t, me), signIn(t, other)]);
  });

  const report = async (cookie: string, query = '') => {
    const res = await callApi(t, 'GET', `/api/seller/reports${query}`, { cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SellerReport;
  };

  it('sums sales per Turkish month, averages, refund rates and best sellers exactly from the seller’s own orders', async () => {
    const r = await report(seller);
    expect(r.months.map((m) => m.month)).toEqual([
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);
    expect(r.months[0]).toEqual({
      month: '2025-05',
      orderCount: 0,
      revenueKurus: 0,
      averageOrderKurus: 0,
      paidOrderCount: 0,
      refundedOrderCount: 0,
      refundRateBp: 0,
    });
    expect(r.months.at(-2)).toEqual({
      month: '2026-03',
      orderCount: 1,
      revenueKurus: 26_460,
      averageOrderKurus: 26_460,
      paidOrderCount: 1,
      refundedOrderCount: 0,
      refundRateBp: 0,
    });
    expect(r.months.at(-1)).toEqual({
      month: '2026-04',
      orderCount: 2,
      revenueKurus: 61_740 + 10_000,
      averageOrderKurus: 35_870,
      paidOrderCount: 3,
      refundedOrderCount: 2,
      refundRateBp: 6_667,
    });
    expect(r.totals).toEqual({
      orderCount: 3,
      revenueKurus: 98_200,
      averageOrderKurus: 32_733,
      paidOrderCount: 4,
      refundedOrderCount: 2,
      refundRateBp: 5_000,
    });
    expect(r.bestSellers).toEqual([
      { productName: 'Ray-Ban RB1000', marka: 'Ray-Ban', modelKodu: 'RB1000', quantity: 3, revenueKurus: 30_000 },
      { productName: 'Oakley OX1', marka: 'Oakley', modelKodu: 'OX1', quantity: 1, revenueKurus: 50_000 },
    ]);
  });

  it('covers the months asked for, up to 24', async () => {
    const r = await report(seller, '?months=1');
    expect(r.months.map((m) => m.month)).toEqual(['2026-04']);
    expect(r.totals.orderCount).toBe(2);
    expect(r.bestSellers.map((b) => b.productName)).toEqual(['Oakley OX1', 'Ray-Ban RB1000']);
    const res = await callApi(t, 'GET', '/api/seller/reports?months=25', { cookie: seller });
    expect(res.statusCode).toBe(400);
  });

  it('shows another seller only their own orders, and a visitor nothing', async () => {
    const r = await report(otherSeller);
    expect(r.totals).toMatchObject({ orderCount: 1, paidOrderCount: 1, revenueKurus: 120_540 });
    expect(r.bestSellers.map((b) => b.productName)).toEqual(['Gucci GG1']);
    expect((await callApi(t, 'GET', '/api/seller/reports')).statusCode).toBe(401);
    expect((await callApi(t, 'GET', '/api/seller/reports.csv')).statusCode).toBe(401);
  });

  it('downloads the months as CSV: BOM, Turkish headers, lira and percentages with a decimal comma, a total row', async () => {
    const res = await callApi(t, 'GET', '/api/seller/reports.csv', { cookie: seller });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${rm.csv.fileName(12)}"`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Ay;Sipariş Sayısı;Satış Tutarı (TL);Ortalama Sipariş Tutarı (TL);Ödenen Sipariş;İade Edilen Sipariş;İade Oranı (%)',
    );
    expect(lines).toHaveLength(1 + 12 + 1 + 1);
    expect(lines[1]).toBe('2025-05;0;0,00;0,00;0;0;0,00');
    expect(lines[11]).toBe('2026-03;1;264,60;264,60;1;0;0,00');
    expect(lines[12]).toBe('2026-04;2;717,40;358,70;3;2;66,67');
    expect(lines[13]).toBe('Toplam;3;982,00;327,33;4;2;50,00');
    expect(lines[14]).toBe('');
  });
});
