import { count, like } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../../test/db.ts';
import { openDatabase, type Db } from './client.ts';
import { listings } from './schema/listings.ts';
import { seedSteps } from './schema/seed-steps.ts';
import { users } from './schema/users.ts';
import { seedDemoData } from './seed.ts';

/** The demo data of step 0001: six stores and their listings. */
const DEMO_STEP = '0001_demo_stores_and_listings';
const DEMO_STORES = 6;
const DEMO_LISTINGS = 38;

async function counts(db: Db) {
  const [u] = await db.select({ n: count() }).from(users);
  const [l] = await db.select({ n: count() }).from(listings);
  const [s] = await db.select({ n: count() }).from(seedSteps);
  return { users: u.n, listings: l.n, seedSteps: s.n };
}

/** Any string: the seed stores the hash it is given. */
const demoPasswordHash = '$argon2id$test';

describeEachDatabase('seedDemoData', (kind) => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    // Extra pools first, then the databases they point at.
    for (const database of opened.splice(0).reverse()) await database.close();
  });
  const freshDatabase = async (): Promise<TestDatabase> => {
    const database = await createTestDatabase(kind);
    opened.push(database);
    return database;
  };

  it('fills an empty database with the demo stores and their listings and names the step it ran', async () => {
    const { db } = await freshDatabase();
    expect(await counts(db)).toEqual({ users: 0, listings: 0, seedSteps: 0 });

    const logged: unknown[] = [];
    expect(await seedDemoData(db, { demoPasswordHash, log: { info: (...args: unknown[]) => void logged.push(args) } })).toEqual([DEMO_STEP]);

    expect(await counts(db)).toEqual({ users: DEMO_STORES, listings: DEMO_LISTINGS, seedSteps: 1 });
    const stores = await db.select({ id: users.id, role: users.role }).from(users).where(like(users.email, '%@demo.optistok.local'));
    expect(stores).toHaveLength(DEMO_STORES);
    expect(stores.every((s) => s.role === 'store_owner')).toBe(true);
    const storeIds = new Set(stores.map((s) => s.id));
    const rows = await db.select({ sellerId: listings.sellerId, status: listings.status, priceKurus: listings.priceKurus }).from(listings);
    expect(rows.every((r) => storeIds.has(r.sellerId) && r.priceKurus > 0)).toBe(true);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Aktif', 'Yayında Değil']));
    expect(logged).toHaveLength(1);
  });

  it('does nothing the second time', async () => {
    const { db } = await freshDatabase();
    await seedDemoData(db, { demoPasswordHash });
    const before = await counts(db);
    expect(await seedDemoData(db, { demoPasswordHash })).toEqual([]);
    expect(await counts(db)).toEqual(before);
  });

  it('inserts the demo data once when two instances seed at the same moment', async () => {
    const database = await freshDatabase();
    let other: Db = database.db;
    if (kind === 'postgres') {
      // A second pool: the two calls really run on separate connections, like two servers.
      const second = await openDatabase({ kind: 'postgres', url: database.url!, poolSize: 2 });
      opened.push(second);
      other = second.db;
    }
    const results = await Promise.all([seedDemoData(database.db, { demoPasswordHash }), seedDemoData(other, { demoPasswordHash })]);
    expect(results.flat()).toEqual([DEMO_STEP]);
    expect(await counts(database.db)).toEqual({ users: DEMO_STORES, listings: DEMO_LISTINGS, seedSteps: 1 });
  });
});
