import { count, eq, like } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { isValidGtin } from '#shared/barcode.ts';
import { categories, isContactLens, requiresExpiry } from '#shared/categories.ts';
import { isExpiryAcceptable } from '#shared/dates.ts';
import { isFrameCategory } from '#shared/schemas/catalogue.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../../test/db.ts';
import { catalogueSearchText } from '../lib/turkish-search.ts';
import { openDatabase, type Db } from './client.ts';
import { catalogueProducts } from './schema/catalogue.ts';
import { listings } from './schema/listings.ts';
import { seedSteps } from './schema/seed-steps.ts';
import { users } from './schema/users.ts';
import { demoStores, seedDemoData } from './seed.ts';

/** Step 0001: six stores and their listings; step 0002: the catalogue, more listings and two proposals. */
const DEMO_STEP = '0001_demo_stores_and_listings';
const CATALOGUE_STEP = '0002_catalogue_and_listings';
const DEMO_STORES = 6;
const FIRST_LISTINGS = 38;
const DEMO_LISTINGS = FIRST_LISTINGS + 150;
const CATALOGUE_PRODUCTS = 328;
const PROPOSALS = 2;

async function counts(db: Db) {
  const [u] = await db.select({ n: count() }).from(users);
  const [l] = await db.select({ n: count() }).from(listings);
  const [c] = await db.select({ n: count() }).from(catalogueProducts);
  const [s] = await db.select({ n: count() }).from(seedSteps);
  return { users: u.n, listings: l.n, products: c.n, seedSteps: s.n };
}

const seeded = { users: DEMO_STORES, listings: DEMO_LISTINGS, products: CATALOGUE_PRODUCTS + PROPOSALS, seedSteps: 2 };

/** Any string: the seed stores the hash it is given. */
const demoPasswordHash = '$argon2id$test';
const now = new Date('2026-01-15T09:00:00Z');

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

  it('fills an empty database with the demo stores, the catalogue and the listings and names the steps it ran', async () => {
    const { db } = await freshDatabase();
    expect(await counts(db)).toEqual({ users: 0, listings: 0, products: 0, seedSteps: 0 });

    const logged: unknown[] = [];
    expect(
      await seedDemoData(db, { demoPasswordHash, now, log: { info: (...args: unknown[]) => void logged.push(args) } }),
    ).toEqual([DEMO_STEP, CATALOGUE_STEP]);

    expect(await counts(db)).toEqual(seeded);
    const stores = await db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(like(users.email, '%@demo.optistok.local'));
    expect(stores).toHaveLength(DEMO_STORES);
    expect(stores.every((s) => s.role === 'store_owner')).toBe(true);
    const storeIds = new Set(stores.map((s) => s.id));
    const rows = await db.select().from(listings);
    expect(rows.every((r) => storeIds.has(r.sellerId) && r.priceKurus > 0)).toBe(true);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Aktif', 'Yayında Değil']));
    expect(new Set(rows.map((r) => r.sellerId))).toEqual(storeIds);
    expect(logged).toHaveLength(2);
  });

  it('seeds a realistic catalogue: every category and subcategory, valid unique barcodes, measures where they apply', async () => {
    const { db } = await freshDatabase();
    await seedDemoData(db, { demoPasswordHash, now });
    const products = await db.select().from(catalogueProducts).where(eq(catalogueProducts.status, 'approved'));
    expect(products.length).toBeGreaterThanOrEqual(320);

    for (const category of categories) {
      expect(
        products.some((p) => p.category === category.id),
        category.id,
      ).toBe(true);
      for (const sub of category.subcategories)
        expect(
          products.some((p) => p.category === category.id && p.subcategory === sub.id),
          `${category.id}/${sub.id}`,
        ).toBe(true);
    }
    expect(products.every((p) => p.barcode !== null && isValidGtin(p.barcode))).toBe(true);
    expect(new Set(products.map((p) => p.barcode)).size).toBe(products.length);
    expect(products.every((p) => p.searchText === catalogueSearchText(p))).toBe(true);
    for (const p of products) {
      const frame = isFrameCategory(p.category);
      expect(
        [p.eyeSizeMm, p.bridgeMm, p.templeMm].every((m) => (m !== null) === frame),
        p.name,
      ).toBe(true);
      const lens = isContactLens(p.category, p.subcategory);
      expect(
        [p.baseCurveMm, p.diameterMm].every((m) => (m !== null) === lens),
        p.name,
      ).toBe(true);
    }
    for (const brand of [
      'Ray-Ban',
      'Oakley',
      'Persol',
      'Vogue',
      'Prada',
      'Gucci',
      'Tom Ford',
      'Carrera',
      'Police',
      'Emporio Armani',
      'Silhouette',
      'Lindberg',
      'Miraflex',
      'Nano Vista',
      'Acuvue',
      'Bausch + Lomb',
      'Alcon',
      'CooperVision',
      'Essilor',
      'Zeiss',
      'Hoya',
      'Rodenstock',
      'Opti-Free',
      'Renu',
      'Topcon',
      'Nidek',
      'Huvitz',
    ]) {
      expect(
        products.some((p) => p.brand === brand),
        brand,
      ).toBe(true);
    }
    expect(products.map((p) => p.name)).toContain('Ray-Ban RB2140 Wayfarer Güneş Gözlüğü 50 mm Siyah');

    const proposals = await db.select().from(catalogueProducts).where(eq(catalogueProducts.status, 'pending'));
    expect(proposals).toHaveLength(PROPOSALS);
    const storeIds = new Set(demoStores.map((s) => s.id));
    expect(proposals.every((p) => p.proposedBy !== null && storeIds.has(p.proposedBy) && isValidGtin(p.barcode!))).toBe(
      true,
    );
  });

  it('links every listing to its catalogue product, with the product’s fields, and dates every lens and solution listing', async () => {
    const { db } = await freshDatabase();
    await seedDemoData(db, { demoPasswordHash, now });
    const rows = await db
      .select({ listing: listings, product: catalogueProducts })
      .from(listings)
      .leftJoin(catalogueProducts, eq(catalogueProducts.id, listings.productId));
    expect(rows).toHaveLength(DEMO_LISTINGS);
    for (const { listing, product } of rows) {
      expect(product, `${listing.marka} ${listing.modelKodu}`).not.toBeNull();
      expect([listing.marka, listing.modelKodu, listing.kategori, listing.altKategori]).toEqual([
        product!.brand,
        product!.modelCode,
        product!.category,
        product!.subcategory,
      ]);
      expect(product!.status).toBe('approved');
      if (requiresExpiry(listing.kategori, listing.altKategori))
        expect(listing.miad !== null && isExpiryAcceptable(listing.miad, now), listing.modelKodu).toBe(true);
      else expect(listing.miad).toBeNull();
    }
    const listed = rows.map((r) => r.listing);
    expect(listed.some((l) => l.stock === 0)).toBe(true);
    expect(listed.some((l) => l.discountPercent !== null)).toBe(true);
    expect(listed.some((l) => l.isPromoted)).toBe(true);
    expect(listed.filter((l) => l.status === 'Yayında Değil').length).toBeGreaterThan(2);
    // Popular products are offered by several stores at different prices, each store once.
    const wayfarer = rows
      .filter((r) => r.product!.name === 'Ray-Ban RB2140 Wayfarer Güneş Gözlüğü 50 mm Siyah')
      .map((r) => r.listing);
    expect(new Set(wayfarer.map((l) => l.sellerId)).size).toBe(DEMO_STORES);
    expect(wayfarer).toHaveLength(DEMO_STORES);
    expect(new Set(wayfarer.map((l) => l.priceKurus)).size).toBeGreaterThan(1);
    const pairs = listed.map((l) => `${l.sellerId}|${l.productId}`);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('seeds the same catalogue and listing terms on every database', async () => {
    const terms = async () => {
      const { db } = await freshDatabase();
      await seedDemoData(db, { demoPasswordHash, now });
      const rows = await db
        .select({
          seller: listings.sellerId,
          barcode: catalogueProducts.barcode,
          price: listings.priceKurus,
          stock: listings.stock,
          miad: listings.miad,
        })
        .from(listings)
        .innerJoin(catalogueProducts, eq(catalogueProducts.id, listings.productId));
      return rows.map((r) => JSON.stringify(r)).sort();
    };
    expect(await terms()).toEqual(await terms());
  });

  it('adds the catalogue to a database seeded by the earlier release, leaving out a demo store deleted meanwhile', async () => {
    const { db } = await freshDatabase();
    // The earlier release knew step 0001 only: hold step 0002 back with its marker, then release it.
    await db.insert(seedSteps).values({ name: CATALOGUE_STEP });
    expect(await seedDemoData(db, { demoPasswordHash, now })).toEqual([DEMO_STEP]);
    await db.delete(seedSteps).where(eq(seedSteps.name, CATALOGUE_STEP));
    const gone = demoStores[0].id;
    await db.delete(users).where(eq(users.id, gone));

    expect(await seedDemoData(db, { demoPasswordHash, now })).toEqual([CATALOGUE_STEP]);
    const rows = await db.select().from(listings);
    expect(rows.every((l) => l.sellerId !== gone && l.productId !== null)).toBe(true);
    const proposals = await db.select().from(catalogueProducts).where(eq(catalogueProducts.status, 'pending'));
    expect(proposals.every((p) => p.proposedBy !== gone)).toBe(true);
    expect(proposals.length).toBeGreaterThan(0);
  });

  it('does nothing the second time', async () => {
    const { db } = await freshDatabase();
    await seedDemoData(db, { demoPasswordHash, now });
    const before = await counts(db);
    expect(await seedDemoData(db, { demoPasswordHash, now })).toEqual([]);
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
    const results = await Promise.all([
      seedDemoData(database.db, { demoPasswordHash, now }),
      seedDemoData(other, { demoPasswordHash, now }),
    ]);
    expect(results.flat().sort()).toEqual([DEMO_STEP, CATALOGUE_STEP]);
    expect(await counts(database.db)).toEqual(seeded);
  });
});
