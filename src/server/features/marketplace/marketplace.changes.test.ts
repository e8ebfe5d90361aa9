import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { browseResultSchema, type BrowseResult } from '#shared/schemas/marketplace.ts';
import { testEnv, useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { describeEachDatabase, describeOnPostgres } from '../../../../test/db.ts';
import { createCatalogueProduct, createListing, createUser, signIn } from '../../../../test/factories.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, selectRows, type Database, type Db } from '../../db/client.ts';
import { listings } from '../../db/schema/listings.ts';

// Decision 012, amended 2026-11-29: a listing change drops only the cached results it can touch,
// on every instance, before the next request trusts them.

async function browse(app: FastifyInstance, query: string, cookie?: string): Promise<BrowseResult> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/marketplace/listings?${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return browseResultSchema.parse(res.json());
}

/** Counts and pages this instance computed so far (GET /metrics' optistok_marketplace_cache_computations_total). */
async function computations(app: FastifyInstance): Promise<number> {
  const metric = app.metrics.getSingleMetric('optistok_marketplace_cache_computations_total');
  const { values } = await metric!.get();
  return values.reduce((sum, v) => sum + v.value, 0);
}

const card = (result: BrowseResult, productId: string) => result.items.find((item) => item.productId === productId);

/** Two brands, one product each on sale, and a second Ray-Ban product whose only listing is switched off. */
async function seed(db: Db) {
  const seller = await createUser(db, { name: 'Kadıköy Optik', publicHandle: `kadikoy${Date.now()}` });
  const rayban = await createCatalogueProduct(db, { brand: 'Ray-Ban', modelCode: 'RB2140', name: 'Wayfarer' });
  const clubmaster = await createCatalogueProduct(db, { brand: 'Ray-Ban', modelCode: 'RB3016', name: 'Clubmaster' });
  const oakley = await createCatalogueProduct(db, { brand: 'Oakley', modelCode: 'OO9102', name: 'Holbrook' });
  const raybanOffer = await createListing(db, seller, rayban, { stock: 5, priceKurus: 200_000 });
  const hidden = await createListing(db, seller, clubmaster, { status: 'Yayında Değil' });
  const oakleyOffer = await createListing(db, seller, oakley, { stock: 7, priceKurus: 300_000 });
  return { seller, rayban, clubmaster, oakley, raybanOffer, hidden, oakleyOffer };
}

describeEachDatabase('marketplace caches under listing changes', (kind) => {
  const t: TestAppHandle = useTestApp(kind);
  let s: Awaited<ReturnType<typeof seed>>;
  let member: string;
  beforeAll(async () => {
    s = await seed(t.database.db);
    const buyer = await createUser(t.database.db);
    member = await signIn(t, buyer);
  });

  it('a stock change of one listing leaves unrelated cached searches alone, and is added to its own card at once', async () => {
    const { app } = t;
    expect(card(await browse(app, 'q=oakley'), s.oakley.id)?.totalStock).toBe(7);
    expect(card(await browse(app, 'q=oakley', member), s.oakley.id)?.totalStock).toBe(7);
    expect(card(await browse(app, 'q=rayban'), s.rayban.id)?.totalStock).toBe(5);
    const before = await computations(app);
    await browse(app, 'q=rayban');
    expect(await computations(app)).toBe(before);

    await t.database.db.update(listings).set({ stock: 6 }).where(eq(listings.id, s.oakleyOffer.id));
    expect(card(await browse(app, 'q=rayban'), s.rayban.id)?.totalStock).toBe(5);
    // A sale on the same side of zero: the Oakley pages are patched, nothing is computed again.
    expect(card(await browse(app, 'q=oakley'), s.oakley.id)?.totalStock).toBe(6);
    expect(card(await browse(app, 'q=oakley', member), s.oakley.id)?.totalStock).toBe(6);
    expect(await computations(app)).toBe(before);

    // Sold out: out of the in-stock filter and the lowest price, so the pages are computed again.
    await t.database.db.update(listings).set({ stock: 0 }).where(eq(listings.id, s.oakleyOffer.id));
    expect(card(await browse(app, 'q=oakley'), s.oakley.id)?.totalStock).toBe(0);
    expect(await computations(app)).toBeGreaterThan(before);
    await t.database.db.update(listings).set({ stock: 7 }).where(eq(listings.id, s.oakleyOffer.id));
    expect(card(await browse(app, 'q=oakley'), s.oakley.id)?.totalStock).toBe(7);
  });

  it("a visitor's page is kept through a price change it does not show, and a member's is computed again", async () => {
    const { app } = t;
    await browse(app, 'q=rayban');
    await browse(app, 'q=rayban', member);
    const before = await computations(app);
    await t.database.db.update(listings).set({ priceKurus: 210_000 }).where(eq(listings.id, s.raybanOffer.id));
    expect(card(await browse(app, 'q=rayban'), s.rayban.id)?.lowestPriceKurus).toBeNull();
    expect(await computations(app)).toBe(before);
    expect(card(await browse(app, 'q=rayban', member), s.rayban.id)?.lowestPriceKurus).toBe(210_000);
    expect(await computations(app)).toBeGreaterThan(before);
    await t.database.db.update(listings).set({ priceKurus: 200_000 }).where(eq(listings.id, s.raybanOffer.id));
  });

  it('an announcement of a change the page may already hold drops the page instead of counting it twice', async () => {
    const { app } = t;
    await t.database.db.update(listings).set({ stock: 9 }).where(eq(listings.id, s.oakleyOffer.id));
    // A query not cached yet: its page is computed now, from data that holds the change.
    expect(card(await browse(app, 'q=holbrook'), s.oakley.id)?.totalStock).toBe(9);
    // As if the announcement of that very change (9 → 9 from 8) came late, with a number the page's read had seen.
    const [{ version }] = await selectRows<{ version: string }>(
      t.database.db,
      sql`select last_value::text as version from marketplace_version_seq`,
    );
    const state = await selectRows<{ s: unknown }>(
      t.database.db,
      sql`select marketplace_listing_state(l) as s from listings l where l.id = ${s.oakleyOffer.id}`,
    );
    const after = state[0].s as unknown[];
    expect(after).toHaveLength(13);
    const before = [...after];
    before[9] = 8;
    await t.database.db.execute(
      sql`select pg_notify('optistok_marketplace', ${JSON.stringify({ v: Number(version), c: [[before, after]] })})`,
    );
    // A real change after it: its number makes the next request wait for it, and announcements arrive in order.
    await t.database.db.update(listings).set({ stock: 4 }).where(eq(listings.id, s.raybanOffer.id));
    expect(card(await browse(app, 'q=holbrook'), s.oakley.id)?.totalStock).toBe(9);
    await t.database.db.update(listings).set({ stock: 5 }).where(eq(listings.id, s.raybanOffer.id));
    await t.database.db.update(listings).set({ stock: 7 }).where(eq(listings.id, s.oakleyOffer.id));
  });

  it('announces a card digest that moves with the seller, the picture and the thumbnail, even when a key moves between them', async () => {
    const digest = async () => {
      const [row] = await selectRows<{ s: unknown[] }>(
        t.database.db,
        sql`select marketplace_listing_state(l) as s from listings l where l.id = ${s.oakleyOffer.id}`,
      );
      return row.s[12];
    };
    const [original] = await t.database.db.select().from(listings).where(eq(listings.id, s.oakleyOffer.id));
    const set = (fields: Partial<typeof listings.$inferInsert>) =>
      t.database.db.update(listings).set(fields).where(eq(listings.id, s.oakleyOffer.id));
    await set({ imageKey: null, thumbnailKey: 'listings/k.webp' });
    const asThumbnail = await digest();
    await set({ imageKey: 'listings/k.webp', thumbnailKey: null });
    const asPicture = await digest();
    await set({ imageKey: 'listings/k.webp', thumbnailKey: null, stock: original.stock + 1 });
    expect(await digest()).toBe(asPicture);
    expect(asPicture).toMatch(/^[0-9a-f]{8}$/);
    expect(asThumbnail).not.toBe(asPicture);
    await set({ imageKey: original.imageKey, thumbnailKey: original.thumbnailKey, stock: original.stock });
  });

  it("a price change shows in members' cards, price range and price order on the next request", async () => {
    const { app } = t;
    const cheapestFirst = async () => (await browse(app, 'sort=price_asc', member)).items.map((i) => i.productId);
    expect(await cheapestFirst()).toEqual([s.rayban.id, s.oakley.id]);
    expect((await browse(app, 'q=oakley', member)).facets.price).toEqual({ minKurus: 300_000, maxKurus: 300_000 });

    await t.database.db.update(listings).set({ priceKurus: 100_000 }).where(eq(listings.id, s.oakleyOffer.id));
    expect(await cheapestFirst()).toEqual([s.oakley.id, s.rayban.id]);
    const oakley = await browse(app, 'q=oakley', member);
    expect(card(oakley, s.oakley.id)?.lowestPriceKurus).toBe(100_000);
    expect(oakley.facets.price).toEqual({ minKurus: 100_000, maxKurus: 100_000 });
  });

  it('a listing switched on shows in every cached search that could show it: pages, totals, facets and category counts', async () => {
    const { app } = t;
    const search = await browse(app, 'q=rayban');
    expect(search.total).toBe(1);
    const category = await browse(app, 'category=gunes-gozlugu&brand=Ray-Ban');
    expect(category.items.map((i) => i.productId)).toEqual([s.rayban.id]);
    const brandsBefore = (await browse(app, 'category=gunes-gozlugu')).facets.brands;
    expect(brandsBefore.find((b) => b.id === 'Ray-Ban')?.count).toBe(1);
    const categoriesRes = await app.inject({ method: 'GET', url: '/api/marketplace/categories' });
    const categoriesBefore = categoriesRes.json<{ total: number }>().total;

    await t.database.db.update(listings).set({ status: 'Aktif' }).where(eq(listings.id, s.hidden.id));
    const after = await browse(app, 'q=rayban');
    expect(after.total).toBe(2);
    expect(card(after, s.clubmaster.id)).toBeDefined();
    expect((await browse(app, 'category=gunes-gozlugu&brand=Ray-Ban')).items).toHaveLength(2);
    expect((await browse(app, 'category=gunes-gozlugu')).facets.brands.find((b) => b.id === 'Ray-Ban')?.count).toBe(2);
    const categoriesAfter = await app.inject({ method: 'GET', url: '/api/marketplace/categories' });
    expect(categoriesAfter.json<{ total: number }>().total).toBe(categoriesBefore + 1);

    await t.database.db.update(listings).set({ status: 'Yayında Değil' }).where(eq(listings.id, s.hidden.id));
    expect((await browse(app, 'q=rayban')).total).toBe(1);
  });

  it('a write that changes nothing the buying side shows drops nothing', async () => {
    const { app } = t;
    await browse(app, 'q=oakley');
    const before = await computations(app);
    await t.database.db.execute(sql`update listings set updated_at = now()`);
    await browse(app, 'q=oakley');
    expect(await computations(app)).toBe(before);
  });
});

describeOnPostgres('marketplace caches across two instances', () => {
  const t: TestAppHandle = useTestApp('postgres');
  let second: { app: FastifyInstance; database: Database };
  let s: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    s = await seed(t.database.db);
    // Instance 2: its own pool and its own LISTEN connection on the same database.
    const database = await openDatabase({ kind: 'postgres', url: t.database.url! });
    second = { app: await buildApp({ database, env: testEnv(), clock: t.clock, webRoot: null }), database };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it("a change committed through one instance shows in the other's next answer; its unrelated entries stay cached", async () => {
    const other = second.app;
    expect(card(await browse(other, 'q=oakley'), s.oakley.id)?.totalStock).toBe(7);
    expect((await browse(other, 'q=rayban')).total).toBe(1);
    const before = await computations(other);

    // Written by instance 1's connections; instance 2 hears of it only through LISTEN, and its very next request must see it.
    await t.database.db.update(listings).set({ stock: 3 }).where(eq(listings.id, s.oakleyOffer.id));
    expect(card(await browse(other, 'q=oakley'), s.oakley.id)?.totalStock).toBe(3);
    await t.database.db.update(listings).set({ status: 'Aktif' }).where(eq(listings.id, s.hidden.id));
    expect((await browse(other, 'q=rayban')).total).toBe(2);
    await t.database.db.update(listings).set({ status: 'Yayında Değil' }).where(eq(listings.id, s.oakleyOffer.id));
    expect((await browse(other, 'q=oakley')).total).toBe(0);
    await browse(other, 'q=rayban');
    // The stock change patched Oakley's page (its counts do not read stock); the switch-on
    // recomputed Ray-Ban's page and counts, the switch-off Oakley's page and counts.
    expect(await computations(other)).toBe(before + 4);
  });
});
