import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import type { AdminOrderDetail, AdminOrderList } from '#shared/schemas/admin-orders.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { DATE_FILTER_MAX_YEAR, DATE_FILTER_MIN_YEAR } from '#shared/schemas/date-filter.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createUser, signIn } from '../../../../test/factories.ts';
import { checkoutBody, createMarket, payWithSandbox, postCheckout } from '../../../../test/trading.ts';
import { selectRows } from '../../db/client.ts';
import { orders, providerJobs } from '../../db/schema/orders.ts';

type Market = Awaited<ReturnType<typeof createMarket>>;

/** Buys one unit from each of the market's two sellers through the real checkout and the sandbox bank. */
async function buyFromBoth(t: TestAppHandle, m: Market, cookie: string) {
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

async function getJson<T>(t: TestAppHandle, cookie: string, url: string): Promise<T> {
  const res = await callApi(t, 'GET', url, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
}

describeEachDatabase('admin orders desk', (kind) => {
  // Orders are placed on 20 March 2026, after every day the date filters below look at.
  const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '100000' }, clockStart: new Date('2026-03-20T09:00:00Z') });
  let m: Market;
  let adminCookie: string;
  let first: Awaited<ReturnType<typeof buyFromBoth>>;
  let second: Awaited<ReturnType<typeof buyFromBoth>>;

  beforeEach(async () => {
    t.clock.reset();
    const db = t.database.db;
    m = await createMarket(db);
    const buyerCookie = await signIn(t, m.buyer);
    first = await buyFromBoth(t, m, buyerCookie);
    second = await buyFromBoth(t, m, buyerCookie);
    adminCookie = await signIn(t, await createUser(db, { role: 'admin' }));
  });

  it('is for admins only: members get 403, visitors 401', async () => {
    const memberCookie = await signIn(t, m.buyer);
    expect((await callApi(t, 'GET', '/api/admin/orders', { cookie: memberCookie })).statusCode).toBe(403);
    expect((await callApi(t, 'GET', '/api/admin/orders')).statusCode).toBe(401);
    expect((await callApi(t, 'GET', `/api/admin/orders/${first.a.id}`, { cookie: memberCookie })).statusCode).toBe(403);
    expect((await callApi(t, 'GET', `/api/admin/orders/${first.a.id}`)).statusCode).toBe(401);
  });

  it('lists orders newest first with parties, totals and escrow held matching the ledger', async () => {
    // Both checkouts ran at the same test clock instant; the second is made a minute newer.
    const later = new Date(first.a.createdAt.getTime() + 60_000);
    await t.database.db.update(orders).set({ createdAt: later }).where(eq(orders.groupId, second.a.groupId!));
    const list = await getJson<AdminOrderList>(t, adminCookie, `/api/admin/orders?q=${m.buyer.handle}`);
    expect(list.total).toBe(4);
    const ids = list.orders.map((o) => o.id);
    expect(ids.slice(0, 2).sort()).toEqual([second.a.id, second.b.id].sort());
    expect(ids.slice(2).sort()).toEqual([first.a.id, first.b.id].sort());
    const rowA = list.orders.find((o) => o.id === first.a.id)!;
    expect(rowA).toMatchObject({
      orderNumber: first.a.orderNumber,
      status: 'paid_escrow',
      buyer: { id: m.buyer.id, handle: m.buyer.handle, name: m.buyer.name },
      seller: { id: m.sellerA.id, handle: m.sellerA.handle },
      totalKurus: first.a.totalKurus,
      refundedKurus: 0,
      escrowHeldKurus: first.a.totalKurus,
    });
    const [ledger] = await selectRows<{ held: string }>(
      t.database.db,
      sql`select coalesce(-sum(amount_kurus), 0)::text as held from ledger_entries where account = 'escrow'`,
    );
    expect(list.escrowHeldKurus).toBe(Number(ledger.held));
    expect(list.escrowHeldKurus).toBeGreaterThanOrEqual(first.a.totalKurus * 2 + first.b.totalKurus * 2);
    expect(list.statusCounts.paid_escrow).toBeGreaterThanOrEqual(4);
  });

  it('filters by order number prefix (any case), store name, handle and e-mail, and status', async () => {
    const byNumber = await getJson<AdminOrderList>(
      t,
      adminCookie,
      `/api/admin/orders?q=${first.a.orderNumber.toLowerCase()}`,
    );
    expect(byNumber.orders.map((o) => o.id)).toEqual([first.a.id]);
    const prefix = first.a.orderNumber.slice(0, -1).toLowerCase();
    const byPrefix = await getJson<AdminOrderList>(t, adminCookie, `/api/admin/orders?q=${prefix}`);
    expect(byPrefix.orders.map((o) => o.id)).toContain(first.a.id);

    const bySellerHandle = await getJson<AdminOrderList>(t, adminCookie, `/api/admin/orders?q=@${m.sellerA.handle}`);
    expect(bySellerHandle.orders.map((o) => o.id).sort()).toEqual([first.a.id, second.a.id].sort());
    const bySellerMail = await getJson<AdminOrderList>(
      t,
      adminCookie,
      `/api/admin/orders?q=${encodeURIComponent(m.sellerB.email.toUpperCase())}`,
    );
    expect(bySellerMail.orders.map((o) => o.id).sort()).toEqual([first.b.id, second.b.id].sort());
    const byName = await getJson<AdminOrderList>(
      t,
      adminCookie,
      `/api/admin/orders?q=${encodeURIComponent('satıcı a optik')}&status=paid_escrow`,
    );
    expect(byName.orders.map((o) => o.id)).toEqual(expect.arrayContaining([first.a.id, second.a.id]));
    expect(byName.orders.every((o) => o.seller.name === 'Satıcı A Optik' || o.buyer.name === 'Satıcı A Optik')).toBe(
      true,
    );

    await t.database.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, second.b.id));
    const shipped = await getJson<AdminOrderList>(
      t,
      adminCookie,
      `/api/admin/orders?q=${m.buyer.handle}&status=shipped`,
    );
    expect(shipped.orders.map((o) => o.id)).toEqual([second.b.id]);
    expect((await callApi(t, 'GET', '/api/admin/orders?status=nope', { cookie: adminCookie })).statusCode).toBe(400);
  });

  it('filters by Istanbul calendar days, both ends inclusive', async () => {
    const db = t.database.db;
    // 2026-03-09 22:30 UTC is 2026-03-10 01:30 in Istanbul (UTC+3).
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-03-09T22:30:00Z') })
      .where(eq(orders.id, first.a.id));
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-03-09T20:30:00Z') })
      .where(eq(orders.id, first.b.id));
    await db
      .update(orders)
      .set({ createdAt: new Date('2026-03-11T20:59:00Z') })
      .where(eq(orders.id, second.a.id));
    const q = `q=${m.buyer.handle}`;
    const day = await getJson<AdminOrderList>(t, adminCookie, `/api/admin/orders?${q}&from=2026-03-10&to=2026-03-10`);
    expect(day.orders.map((o) => o.id)).toEqual([first.a.id]);
    const range = await getJson<AdminOrderList>(t, adminCookie, `/api/admin/orders?${q}&from=2026-03-09&to=2026-03-11`);
    expect(range.orders.map((o) => o.id)).toEqual([second.a.id, first.a.id, first.b.id]);
    const until = await getJson<AdminOrderList>(t, adminCookie, `/api/admin/orders?${q}&to=2026-03-09`);
    expect(until.orders.map((o) => o.id)).toEqual([first.b.id]);
  });

  it('refuses impossible dates, years out of range and a range ending before it starts with a Turkish 400', async () => {
    for (const [query, message] of [
      ['from=2026-02-30', messages.dateFilter.invalid],
      ['to=2026-13-01', messages.dateFilter.invalid],
      ['from=0000-01-01', messages.dateFilter.outOfRange(DATE_FILTER_MIN_YEAR, DATE_FILTER_MAX_YEAR)],
      ['from=2026-03-11&to=2026-03-10', messages.dateFilter.rangeInvalid],
    ]) {
      const res = await callApi(t, 'GET', `/api/admin/orders?${query}`, { cookie: adminCookie });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: { code: 'VALIDATION_FAILED', message } });
    }
    // 29 February exists in a leap year only.
    expect((await getJson<AdminOrderList>(t, adminCookie, '/api/admin/orders?from=2028-02-29')).total).toBe(0);
    const leapless = await callApi(t, 'GET', '/api/admin/orders?from=2027-02-29', { cookie: adminCookie });
    expect(leapless.statusCode).toBe(400);
  });

  it('pages by 25, newest first', async () => {
    const db = t.database.db;
    const base = await db.select().from(orders).where(eq(orders.id, first.a.id));
    const { id: _id, orderNumber: _n, ...template } = base[0];
    const tag = randomUUID().slice(0, 6).toUpperCase();
    const start = Date.UTC(2020, 0, 1);
    await db.insert(orders).values(
      Array.from({ length: 27 }, (_, i) => ({
        ...template,
        orderNumber: `PG-${tag}-${String(i).padStart(3, '0')}`,
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const page1 = await getJson<AdminOrderList>(t, adminCookie, `/api/admin/orders?q=pg-${tag.toLowerCase()}`);
    expect(page1).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(page1.orders).toHaveLength(25);
    expect(page1.orders[0].orderNumber).toBe(`PG-${tag}-026`);
    const page2 = await getJson<AdminOrderList>(t, adminCookie, `/api/admin/orders?q=pg-${tag}&page=2`);
    expect(page2.orders.map((o) => o.orderNumber)).toEqual([`PG-${tag}-001`, `PG-${tag}-000`]);
  });

  it('shows one order with lines, payment, timeline, ledger lines and provider jobs; unknown id is 404', async () => {
    const db = t.database.db;
    await db.insert(providerJobs).values({
      kind: 'release',
      orderId: first.a.id,
      amountKurus: first.a.totalKurus,
      status: 'failed',
      attempts: 5,
      lastError: 'provider down',
      reason: 'test',
      nextAttemptAt: t.clock.now(),
      createdAt: t.clock.now(),
    });
    const detail = await getJson<AdminOrderDetail>(t, adminCookie, `/api/admin/orders/${first.a.id}`);
    expect(detail).toMatchObject({
      id: first.a.id,
      orderNumber: first.a.orderNumber,
      escrowHeldKurus: first.a.totalKurus,
      payment: { status: 'succeeded', installments: 1 },
      dispute: null,
    });
    expect(detail.payment!.cardLastFour).toMatch(/^\d{4}$/);
    expect(detail.lines).toEqual([
      expect.objectContaining({ quantity: 1, unitPriceKurus: 40_000, lineTotalKurus: 40_000 }),
    ]);
    expect(detail.timeline.length).toBeGreaterThan(0);
    expect(detail.timeline.some((e) => e.toStatus === 'paid_escrow')).toBe(true);
    const ledger = await selectRows<{ account: string; amount_kurus: string }>(
      db,
      sql`select account, amount_kurus::text from ledger_entries where order_id = ${first.a.id} order by id`,
    );
    expect(ledger.length).toBeGreaterThan(0);
    expect(detail.ledger.map((l) => [l.account, l.amountKurus])).toEqual(
      ledger.map((l) => [l.account, Number(l.amount_kurus)]),
    );
    expect(-detail.ledger.filter((l) => l.account === 'escrow').reduce((s, l) => s + l.amountKurus, 0)).toBe(
      detail.escrowHeldKurus,
    );
    expect(detail.providerJobs).toEqual([
      expect.objectContaining({ kind: 'release', status: 'failed', attempts: 5, lastError: 'provider down' }),
    ]);

    const missing = await callApi(t, 'GET', `/api/admin/orders/${randomUUID()}`, { cookie: adminCookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('ORDER_NOT_FOUND');
  });
});
