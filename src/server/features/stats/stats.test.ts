import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../test/db.ts';
import { testEnv, useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { buildApp } from '../../app.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { listings } from '../../db/schema/listings.ts';
import { orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';
import { createManualClock, MANUAL_CLOCK_START } from '../../lib/clock.ts';

const at = { createdAt: MANUAL_CLOCK_START, updatedAt: MANUAL_CLOCK_START };

const listing = (over: Partial<typeof listings.$inferInsert>): typeof listings.$inferInsert => ({
  sellerId: 'seller-1',
  marka: 'Ray-Ban',
  modelKodu: 'RB2140',
  kategori: 'gunes-gozlugu',
  stock: 3,
  priceKurus: 345_000,
  ...at,
  ...over,
});

async function getStats(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/stats' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  return res.json();
}

/** A second app on the same database, with its own (empty) cache and its own clock. */
async function withNewApp<T>(
  t: TestAppHandle,
  run: (app: FastifyInstance, clock: ReturnType<typeof createManualClock>) => Promise<T>,
) {
  const clock = createManualClock();
  const app = await buildApp({ database: t.database, env: testEnv(), clock, webRoot: null });
  try {
    return await run(app, clock);
  } finally {
    await app.close();
  }
}

describeEachDatabase('GET /api/stats', (kind) => {
  const t = useTestApp(kind);

  it('reports zero for every figure on an empty database', async () => {
    expect(await getStats(t.app)).toEqual({
      activeListings: 0,
      members: 0,
      completedOrders: 0,
      escrowHeldKurus: 0,
      generatedAt: t.clock.now().toISOString(),
    });
  });

  it('counts orderable listings, members, completed orders and the money held in escrow', async () => {
    const { db } = t.database;
    await db.insert(users).values([
      { id: 'admin-1', name: 'Yönetici', email: 'admin@optistok.example', role: 'admin', ...at },
      { id: 'seller-1', name: 'Kadıköy Optik', email: 'kadikoy@optistok.example', role: 'store_owner', ...at },
      { id: 'buyer-1', name: 'Konak Optik', email: 'konak@optistok.example', role: 'store_owner', ...at },
      {
        id: 'banned-1',
        name: 'Kapalı Optik',
        email: 'kapali@optistok.example',
        role: 'store_owner',
        banned: true,
        ...at,
      },
    ]);
    await db
      .insert(listings)
      .values([
        listing({ status: 'Aktif', stock: 5 }),
        listing({ status: 'Aktif', stock: 0, modelKodu: 'RB3025' }),
        listing({ status: 'Yayında Değil', stock: 7, modelKodu: 'RB5154' }),
      ]);
    const [completed] = await db
      .insert(orders)
      .values([
        {
          orderNumber: 'SP-0001',
          buyerId: 'buyer-1',
          sellerId: 'seller-1',
          status: 'completed',
          totalKurus: 50_000,
          ...at,
        },
        {
          orderNumber: 'SP-0002',
          buyerId: 'buyer-1',
          sellerId: 'seller-1',
          status: 'paid_escrow',
          totalKurus: 12_345,
          ...at,
        },
      ])
      .returning({ id: orders.id });
    const journalId = randomUUID();
    await db.insert(ledgerEntries).values([
      { journalId, account: 'escrow', amountKurus: -12_345, orderId: completed.id, memo: 'payment held', ...at },
      { journalId, account: 'psp_clearing', amountKurus: 12_345, orderId: completed.id, memo: 'payment held', ...at },
    ]);

    // The running app still serves its cached (empty) figures; a new one reads the database.
    expect((await getStats(t.app)).activeListings).toBe(0);
    await withNewApp(t, async (app, clock) => {
      expect(await getStats(app)).toEqual({
        activeListings: 1,
        members: 2,
        completedOrders: 1,
        escrowHeldKurus: 12_345,
        generatedAt: clock.now().toISOString(),
      });
    });
  });

  it('serves the same figures for 60 seconds, then recomputes them', async () => {
    await withNewApp(t, async (app, clock) => {
      await t.database.db.insert(users).values({
        id: 'seller-cache',
        name: 'Nilüfer Optik',
        email: 'nilufer@optistok.example',
        role: 'store_owner',
        ...at,
      });
      const first = await getStats(app);
      await t.database.db.insert(listings).values(listing({ sellerId: 'seller-cache', modelKodu: 'RB4171' }));

      expect(await getStats(app)).toEqual(first);
      clock.advance(59_000);
      expect(await getStats(app)).toEqual(first);

      clock.advance(2_000);
      const fresh = await getStats(app);
      expect(fresh.activeListings).toBe(first.activeListings + 1);
      expect(fresh.generatedAt).toBe(clock.now().toISOString());
    });
  });
});
