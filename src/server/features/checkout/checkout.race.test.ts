import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { useTestApp } from '../../../../test/app.ts';
import { createTestDatabase, describeOnPostgres, type TestDatabase } from '../../../../test/db.ts';
import { eventually } from '../../../../test/eventually.ts';
import { createCatalogueProduct, createListing, signIn } from '../../../../test/factories.ts';
import { startServer } from '../../../../test/server-process.ts';
import {
  checkoutBody,
  createMarket,
  createStore,
  deliveryAddress,
  expectLedgerInvariants,
  payWithSandbox,
  postCallback,
  postCheckout,
  reachCallbackForm,
} from '../../../../test/trading.ts';
import { ledgerEntries } from '../../db/schema/ledger.ts';
import { listings } from '../../db/schema/listings.ts';
import { orderGroups, orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { createManualClock } from '../../lib/clock.ts';
import { selectRows } from '../../db/client.ts';
import { PROVIDER_CLEARING_ACCOUNT } from '../../lib/ledger.ts';
import { expireReservations } from '../payments/payments.service.ts';

/** Runs `count` async jobs with at most `width` at a time (sign-ins hash passwords: keep the cores free). */
async function inBatches<T>(count: number, width: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await job(i);
      }
    }),
  );
  return results;
}

// Races prove something only where transactions really run side by side: PGlite serialises every
// query, so these run on PostgreSQL (CI always provides it).
describeOnPostgres('checkout', (kind) => {
  describe('races', () => {
    const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '100000' } });

    beforeEach(() => {
      t.clock.reset();
    });

    const stockOf = async (id: string) =>
      (await t.database.db.select({ stock: listings.stock }).from(listings).where(eq(listings.id, id)))[0].stock;

    it('200 buyers racing for the last unit end with one order, stock 0 and never below', async () => {
      const db = t.database.db;
      const seller = await createStore(db, 'Son Ürün Optik');
      const last = await createListing(db, seller, await createCatalogueProduct(db), { stock: 1, priceKurus: 99_900 });
      const buyers = await inBatches(200, 8, async (i) => {
        const buyer = await createStore(db, `Alıcı ${i}`);
        return { buyer, cookie: await signIn(t, buyer) };
      });
      const body = await checkoutBody(t, buyers[0].cookie, [{ listingId: last.id, quantity: 1 }]);
      const answers = await Promise.all(buyers.map((b) => postCheckout(t, b.cookie, randomUUID(), body)));
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(199);
      for (const lost of answers.filter((a) => a.statusCode === 409)) {
        expect(lost.json().error.code).toBe('CART_CHANGED');
      }
      expect(await stockOf(last.id)).toBe(0);

      const winner = answers.findIndex((a) => a.statusCode === 201);
      const placed: CheckoutResult = answers[winner].json();
      expect((await payWithSandbox(t, buyers[winner].cookie, placed.paymentUrl)).statusCode).toBe(303);
      const paid = await db.select().from(orders).where(eq(orders.sellerId, seller.id));
      expect(paid.map((o) => o.status)).toEqual(['paid_escrow']);
      expect(await stockOf(last.id)).toBe(0);
      await expectLedgerInvariants(db);
    }, 120_000);

    it('concurrent checkouts of one cart with one idempotency key create one group', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      const cookie = await signIn(t, m.buyer);
      const body = await checkoutBody(t, cookie, [
        { listingId: m.listingA.id, quantity: 1 },
        { listingId: m.listingB.id, quantity: 1 },
      ]);
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 12 }, () => postCheckout(t, cookie, key, body)));
      for (const a of answers) expect([201, 409]).toContain(a.statusCode);
      const created = answers.filter((a) => a.statusCode === 201).map((a) => a.json().groupId);
      expect(new Set(created).size).toBe(1);
      expect(await db.select().from(orderGroups).where(eq(orderGroups.buyerId, m.buyer.id))).toHaveLength(1);
      expect(await stockOf(m.listingA.id)).toBe(4);
      // Once the first answer is stored, every retry replays it.
      const replay = await postCheckout(t, cookie, key, body);
      expect(replay.json().groupId).toBe(created[0]);
    });

    it('duplicated payment callbacks capture once', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      const cookie = await signIn(t, m.buyer);
      const body = await checkoutBody(t, cookie, [
        { listingId: m.listingA.id, quantity: 2 },
        { listingId: m.listingB.id, quantity: 1 },
      ]);
      const placed: CheckoutResult = (await postCheckout(t, cookie, randomUUID(), body)).json();
      const form = await reachCallbackForm(t, cookie, placed.paymentUrl);
      const answers = await Promise.all(Array.from({ length: 10 }, () => postCallback(t, form)));
      for (const a of answers) expect(a.statusCode).toBe(303);
      expect(await db.select().from(payments).where(eq(payments.groupId, placed.groupId))).toMatchObject([
        { status: 'succeeded' },
      ]);
      const clearing = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.account, PROVIDER_CLEARING_ACCOUNT));
      expect(clearing.filter((e) => e.memo?.includes(placed.groupId))).toHaveLength(1);
      await expectLedgerInvariants(db);
    });

    it('an expired reservation returns its stock exactly once, however many sweeps run at once', async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      const cookie = await signIn(t, m.buyer);
      for (let i = 0; i < 3; i++) {
        const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
        expect((await postCheckout(t, cookie, randomUUID(), body)).statusCode).toBe(201);
      }
      expect(await stockOf(m.listingA.id)).toBe(2);
      const later = createManualClock(new Date(t.clock.now().getTime() + 16 * 60_000));
      const swept = await Promise.all(Array.from({ length: 6 }, () => expireReservations(db, later, 1)));
      const again = await expireReservations(db, later);
      expect(swept.reduce((s, n) => s + n, 0) + again).toBeGreaterThanOrEqual(3);
      expect(await stockOf(m.listingA.id)).toBe(5);
      expect(await expireReservations(db, later)).toBe(0);
      expect(await stockOf(m.listingA.id)).toBe(5);
      await expectLedgerInvariants(db);
    });

    it("a checkout that outlives its key's lease cannot commit: the request that took the key over places the one group", async () => {
      const db = t.database.db;
      const m = await createMarket(db);
      const cookie = await signIn(t, m.buyer);
      const key = randomUUID();
      const body = await checkoutBody(t, cookie, [{ listingId: m.listingA.id, quantity: 1 }]);
      const lockWaiters = async () =>
        (
          await selectRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          )
        )[0].n;
      // Another transaction holds the listing, so the first checkout waits on its row lock.
      let release!: () => void;
      const held = db.transaction(async (tx) => {
        await tx.execute(sql`select id from listings where id = ${m.listingA.id} for update`);
        await new Promise<void>((resolve) => (release = resolve));
      });
      await eventually(() => release !== undefined);
      const first = postCheckout(t, cookie, key, body);
      await eventually(async () => (await lockWaiters()) >= 1, 10_000, 'first checkout waiting on the row lock');
      // Its lease runs out while it waits; the browser's retry with the same key takes the key over.
      t.clock.advance(61_000);
      const second = postCheckout(t, cookie, key, body);
      await eventually(async () => (await lockWaiters()) >= 2, 10_000, 'second checkout waiting on the row lock');
      release();
      await held;
      const answers = await Promise.all([first, second]);
      expect(answers.map((a) => a.statusCode)).toEqual([409, 201]);
      expect(answers[0].json().error.code).toBe('REQUEST_IN_PROGRESS');
      const groups = await db.select().from(orderGroups).where(eq(orderGroups.buyerId, m.buyer.id));
      expect(groups.map((g) => g.id)).toEqual([answers[1].json<CheckoutResult>().groupId]);
      expect(await stockOf(m.listingA.id)).toBe(4);
      // The key now replays the one group.
      const again = await postCheckout(t, cookie, key, body);
      expect(again.json()).toEqual(answers[1].json());
    });
  });

  describe('survives a crash', () => {
    let database: TestDatabase;
    let dataDir: string;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'optistok-crash-'));
    });
    afterAll(async () => {
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    function start() {
      return startServer({
        DATABASE_URL: database.url!,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SEED_DEMO_DATA: 'false',
        APP_URL: 'http://127.0.0.1',
      });
    }

    it('after kill -9 between order creation and payment, a restart loses nothing and the sweep releases the stock', async () => {
      const db = database.db;
      const m = await createMarket(db);
      let server = start();
      try {
        const [, base] = await server.waitForStdout(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
        const origin = 'http://127.0.0.1';
        const signedIn = await fetch(`${base}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ email: m.buyer.email, password: m.buyer.password }),
        });
        expect(signedIn.status).toBe(200);
        const cookie = signedIn.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const quote = (await (
          await fetch(`${base}/api/cart/quote`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin, cookie },
            body: JSON.stringify({ lines: [{ listingId: m.listingA.id, quantity: 2 }], installments: 1 }),
          })
        ).json()) as { price: { chargedKurus: number } };
        const placed = await fetch(`${base}/api/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin, cookie, 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            lines: [{ listingId: m.listingA.id, quantity: 2, seenUnitPriceKurus: 40_000 }],
            shippingAddress: deliveryAddress,
            paymentMethod: 'card',
            installments: 1,
            expectedChargedKurus: quote.price.chargedKurus,
          }),
        });
        expect(placed.status).toBe(201);
        const result = (await placed.json()) as CheckoutResult;

        server.child.kill('SIGKILL');
        expect((await server.exited).signal).toBe('SIGKILL');

        server = start();
        const [, restarted] = await server.waitForStdout(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
        // Nothing was lost: the group still waits for its payment with the stock held, and the
        // buyer can still go on to pay.
        const [group] = await db.select().from(orderGroups).where(eq(orderGroups.id, result.groupId));
        expect(group.status).toBe('awaiting_payment');
        const [listing] = await db.select().from(listings).where(eq(listings.id, m.listingA.id));
        expect(listing.stock).toBe(3);
        const status = await fetch(`${restarted}/api/checkout/groups/${result.groupId}`, { headers: { cookie } });
        expect(await status.json()).toMatchObject({ status: 'awaiting_payment', paymentUrl: result.paymentUrl });

        // Fifteen minutes on, the sweep gives the stock back.
        const later = createManualClock(new Date(group.reservedUntil.getTime() + 1000));
        expect(await expireReservations(db, later)).toBe(1);
        const [after] = await db.select().from(listings).where(eq(listings.id, m.listingA.id));
        expect(after.stock).toBe(5);
        await expectLedgerInvariants(db);
      } finally {
        server.kill();
        await server.exited;
      }
    }, 90_000);
  });
});
