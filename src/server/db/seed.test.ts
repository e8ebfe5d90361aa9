import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray, isNull, like } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { isValidGtin } from '#shared/barcode.ts';
import { categories, isContactLens, requiresExpiry } from '#shared/categories.ts';
import { isExpiryAcceptable } from '#shared/dates.ts';
import { isFrameCategory } from '#shared/schemas/catalogue.ts';
import { useTestApp } from '../../../test/app.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../../test/db.ts';
import { callApi } from '../../../test/factories.ts';
import { createStorage } from '../lib/storage.ts';
import { catalogueSearchText } from '../lib/turkish-search.ts';
import { openDatabase, type Db } from './client.ts';
import { catalogueProducts } from './schema/catalogue.ts';
import { listings } from './schema/listings.ts';
import { seedSteps } from './schema/seed-steps.ts';
import { userSettings } from './schema/user-settings.ts';
import { userApplications } from './schema/applications.ts';
import { users } from './schema/users.ts';
import { demoStores } from './seed-data/demo-stores.ts';
import { seedDemoData } from './seed.ts';

/**
 * Step 0001: six stores and their listings; step 0002: the catalogue, more listings and two
 * proposals; step 0003: the listings' pictures (held back where a test is not about them: drawing
 * them takes seconds).
 */
const DEMO_STEP = '0001_demo_stores_and_listings';
const CATALOGUE_STEP = '0002_catalogue_and_listings';
const PICTURES_STEP = '0003_demo_listing_pictures';
const REGISTRATIONS_STEP = '0004_demo_store_registrations';
const APPROVAL_STEP = '0005_demo_order_approval';
const UTS_STEP = '0006_demo_uts_numbers';
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

/** The seed steps' markers, the held-back pictures step's included. */
const seeded = { users: DEMO_STORES, listings: DEMO_LISTINGS, products: CATALOGUE_PRODUCTS + PROPOSALS, seedSteps: 6 };

/** Any string: the seed stores the hash it is given. */
const demoPasswordHash = '$argon2id$test';
const now = new Date('2026-01-15T09:00:00Z');
const storage = createStorage(path.join(os.tmpdir(), `optistok-seed-test-${randomBytes(6).toString('hex')}`));
const options = { demoPasswordHash, now, storage };

/** Marks the pictures step as done, so seedDemoData leaves it out until the marker is deleted. */
async function holdBackPictures(db: Db) {
  await db.insert(seedSteps).values({ name: PICTURES_STEP });
}

describeEachDatabase('seedDemoData', (kind) => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    // Extra pools first, then the databases they point at.
    for (const database of opened.splice(0).reverse()) await database.close();
  });
  const freshDatabase = async (): Promise<TestDatabase> => {
    const database = await createTestDatabase(kind);
    opened.push(database);
    await holdBackPictures(database.db);
    return database;
  };

  it('fills an empty database with the demo stores, the catalogue and the listings and names the steps it ran', async () => {
    const { db } = await freshDatabase();
    expect(await counts(db)).toEqual({ users: 0, listings: 0, products: 0, seedSteps: 1 });

    const logged: unknown[] = [];
    expect(
      await seedDemoData(db, { ...options, log: { info: (...args: unknown[]) => void logged.push(args) } }),
    ).toEqual([DEMO_STEP, CATALOGUE_STEP, REGISTRATIONS_STEP, APPROVAL_STEP, UTS_STEP]);

    expect(await counts(db)).toEqual(seeded);
    // Each demo store is billed as its registered company (the checkout reads the approved application).
    const registrations = await db.select().from(userApplications).where(eq(userApplications.status, 'approved'));
    expect(registrations).toHaveLength(DEMO_STORES);
    expect(registrations.every((r) => /^\d{10}$/.test(r.taxNumber) && r.createdUserId !== null)).toBe(true);
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
    expect(logged).toHaveLength(5);
    // Every demo store but Atakum has an ÜTS number (decision 044).
    expect(registrations.filter((r) => r.utsNumber === null).map((r) => r.createdUserId)).toEqual(['atkum0demo']);
    // Half the demo stores ship at once, half accept each order first (decision 027).
    const approval = await db
      .select({ userId: userSettings.userId, on: userSettings.autoOrderApproval })
      .from(userSettings);
    expect(Object.fromEntries(approval.map((r) => [r.userId, r.on]))).toEqual({
      kdkoy0demo: false,
      cnkya0demo: true,
      konak0demo: false,
      nlfer0demo: false,
      syhan0demo: true,
      atkum0demo: true,
    });
  });

  it('seeds a realistic catalogue: every category and subcategory, valid unique barcodes, measures where they apply', async () => {
    const { db } = await freshDatabase();
    await seedDemoData(db, options);
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
    await seedDemoData(db, options);
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
      await seedDemoData(db, options);
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
    const later = [CATALOGUE_STEP, REGISTRATIONS_STEP, APPROVAL_STEP, UTS_STEP];
    await db.insert(seedSteps).values(later.map((name) => ({ name })));
    expect(await seedDemoData(db, options)).toEqual([DEMO_STEP]);
    await db.delete(seedSteps).where(inArray(seedSteps.name, later));
    const gone = demoStores[0].id;
    await db.delete(users).where(eq(users.id, gone));

    expect(await seedDemoData(db, options)).toEqual(later);
    const registered = await db.select({ userId: userApplications.createdUserId }).from(userApplications);
    expect(registered.map((r) => r.userId).sort()).toEqual(
      demoStores
        .map((s) => s.id)
        .filter((id) => id !== gone)
        .sort(),
    );
    const rows = await db.select().from(listings);
    expect(rows.every((l) => l.sellerId !== gone && l.productId !== null)).toBe(true);
    const proposals = await db.select().from(catalogueProducts).where(eq(catalogueProducts.status, 'pending'));
    expect(proposals.every((p) => p.proposedBy !== gone)).toBe(true);
    expect(proposals.length).toBeGreaterThan(0);
  });

  it('does nothing the second time', async () => {
    const { db } = await freshDatabase();
    await seedDemoData(db, options);
    const before = await counts(db);
    expect(await seedDemoData(db, options)).toEqual([]);
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
    const results = await Promise.all([seedDemoData(database.db, options), seedDemoData(other, options)]);
    expect(results.flat().sort()).toEqual([DEMO_STEP, CATALOGUE_STEP, REGISTRATIONS_STEP, APPROVAL_STEP, UTS_STEP]);
    expect(await counts(database.db)).toEqual(seeded);
  });
});

describeEachDatabase('demo listing pictures', (kind) => {
  const t = useTestApp(kind);
  let ran: string[];

  beforeAll(async () => {
    // A database seeded before pictures existed, as on a server started by the earlier release.
    const { db } = t.database;
    await holdBackPictures(db);
    await seedDemoData(db, options);
    await db.delete(seedSteps).where(eq(seedSteps.name, PICTURES_STEP));
    // A picture a seller uploaded meanwhile stays.
    const [own] = await db.select().from(listings).limit(1);
    await db
      .update(listings)
      .set({ imageKey: 'listing-images/0123456789abcdef0123456789abcdef', thumbnailKey: null })
      .where(eq(listings.id, own.id));
    ran = await seedDemoData(db, { ...options, storage: t.app.storage });
  });

  it('gives every demo listing its own picture and thumbnail, served by /api/listing-images', async () => {
    expect(ran).toEqual([PICTURES_STEP]);
    const rows = await t.database.db.select().from(listings);
    expect(rows).toHaveLength(DEMO_LISTINGS);
    const drawn = rows.filter((r) => r.imageKey !== 'listing-images/0123456789abcdef0123456789abcdef');
    expect(drawn).toHaveLength(DEMO_LISTINGS - 1);
    expect(drawn.every((r) => r.imageKey !== null && r.thumbnailKey !== null)).toBe(true);
    // Each listing owns its files: deleting one listing's picture must not take another's.
    const keys = drawn.flatMap((r) => [r.imageKey, r.thumbnailKey]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const row of drawn) {
      for (const key of [row.imageKey!, row.thumbnailKey!]) {
        const res = await callApi(t, 'GET', `/api/${key}`);
        expect(res.statusCode, key).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
      }
    }
  });

  it('draws one picture per product: its listings share the same image, other products differ', async () => {
    const rows = await t.database.db
      .select({ productId: listings.productId, thumbnailKey: listings.thumbnailKey })
      .from(listings)
      .where(
        inArray(
          listings.sellerId,
          demoStores.map((s) => s.id),
        ),
      );
    const byProduct = new Map<string, string[]>();
    for (const row of rows)
      if (row.thumbnailKey) byProduct.set(row.productId!, [...(byProduct.get(row.productId!) ?? []), row.thumbnailKey]);
    const shared = [...byProduct.values()].find((keys) => keys.length > 1)!;
    const bytes = await Promise.all(shared.map((key) => t.app.storage.read(key)));
    expect(bytes.every((b) => b.equals(bytes[0]))).toBe(true);
    const other = [...byProduct.values()].find((keys) => keys !== shared)!;
    expect((await t.app.storage.read(other[0])).equals(bytes[0])).toBe(false);
  });

  it('shows the pictures on the marketplace cards, and runs once', async () => {
    const res = await callApi(t, 'GET', '/api/marketplace/listings?pageSize=60');
    const items = res.json().items as { imageUrl: string | null; thumbnailUrl: string | null }[];
    expect(items.length).toBeGreaterThan(20);
    // (One product's newest offer is the listing whose picture a seller uploaded, without a thumbnail.)
    expect(items.every((item) => (item.thumbnailUrl ?? item.imageUrl)?.startsWith('/api/listing-images/'))).toBe(true);
    expect(await seedDemoData(t.database.db, { ...options, storage: t.app.storage })).toEqual([]);
    expect(await t.database.db.select().from(listings).where(isNull(listings.thumbnailKey))).toHaveLength(1);
  });
});
