import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { FLOOR_QUERIES } from '../scripts/bench/settings.ts';
import { useTestApp, type TestAppHandle } from './app.ts';
import { describeOnPostgres } from './db.ts';
import { callApi, signIn } from './factories.ts';
import { QUERIES_PER_PURCHASE } from '../scripts/bench/trading.ts';
import { checkoutBody, createMarket, payWithSandbox, postCheckout } from './trading.ts';

/**
 * The bench judges each member route against a bare route running as many PostgreSQL queries
 * (scripts/bench/settings.ts FLOOR_QUERIES). Those numbers are counted here, so a route that
 * gains or loses a query fails this test instead of leaving the bench comparing the wrong floor.
 */
const query = pg.Client.prototype.query;
let counted = 0;
afterEach(() => {
  pg.Client.prototype.query = query;
});

/** The queries `run` sends to PostgreSQL, counted at pg's Client.query. */
async function counting<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }> {
  counted = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    counted += 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    return { result: await run(), queries: counted };
  } finally {
    pg.Client.prototype.query = query;
  }
}

/** The queries one call runs, after a first call has warmed the session and settings caches. */
async function queriesOf(call: () => Promise<{ statusCode: number; body: string }>): Promise<number> {
  const warm = await call();
  expect(warm.statusCode, warm.body).toBe(200);
  const { result: res, queries } = await counting(call);
  expect(res.statusCode, res.body).toBe(200);
  return queries;
}

describeOnPostgres('queries per call of the bench’s member routes', (kind) => {
  const t: TestAppHandle = useTestApp(kind);

  it('match the floors the bench compares them with', async () => {
    const m = await createMarket(t.database.db);
    const buyer = await signIn(t, m.buyer);
    const seller = await signIn(t, m.sellerA);
    const lines = [
      { listingId: m.listingA.id, quantity: 1 },
      { listingId: m.listingB.id, quantity: 1 },
    ];
    const placed = await postCheckout(t, buyer, randomUUID(), await checkoutBody(t, buyer, lines));
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await payWithSandbox(t, buyer, (placed.json() as CheckoutResult).paymentUrl)).statusCode).toBe(303);

    const counts = {
      quote: await queriesOf(() =>
        callApi(t, 'POST', '/api/cart/quote', { cookie: buyer, payload: { lines, installments: 1 } }),
      ),
      notifications: await queriesOf(() => callApi(t, 'GET', '/api/notifications', { cookie: seller })),
      sellerOrders: await queriesOf(() => callApi(t, 'GET', '/api/seller/orders', { cookie: seller })),
      accountMovements: await queriesOf(() => callApi(t, 'GET', '/api/seller/account-movements', { cookie: seller })),
    };
    expect(counts).toEqual(FLOOR_QUERIES);
  });
});

describeOnPostgres('queries of a paid checkout', (kind) => {
  const t: TestAppHandle = useTestApp(kind);

  /** The queries of one purchase as the bench makes it (7 requests), after a first one warmed the caches. */
  async function purchaseQueries(buyer: string, lines: { listingId: string; quantity: number }[]) {
    const purchase = async () => {
      const body = await checkoutBody(t, buyer, lines);
      const { result, queries } = await counting(async () => {
        const placed = await postCheckout(t, buyer, randomUUID(), body);
        expect(placed.statusCode, placed.body).toBe(201);
        return payWithSandbox(t, buyer, (placed.json() as CheckoutResult).paymentUrl);
      });
      expect(result.statusCode, result.body).toBe(303);
      return queries;
    };
    await purchase();
    return purchase();
  }

  it('stay at the bench’s count, and a second seller adds none (the callback works for all sellers at once)', async () => {
    const m = await createMarket(t.database.db, { a: { stock: 10 }, b: { stock: 10 } });
    const buyer = await signIn(t, m.buyer);
    const oneSeller = await purchaseQueries(buyer, [{ listingId: m.listingA.id, quantity: 1 }]);
    const twoSellers = await purchaseQueries(buyer, [
      { listingId: m.listingA.id, quantity: 1 },
      { listingId: m.listingB.id, quantity: 1 },
    ]);
    expect({ oneSeller, twoSellers }).toEqual({ oneSeller: QUERIES_PER_PURCHASE, twoSellers: QUERIES_PER_PURCHASE });
  });
});
