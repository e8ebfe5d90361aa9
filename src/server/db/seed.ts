import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Logger } from 'pino';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { requiresExpiry } from '#shared/categories.ts';
import { addDaysToDay, todayInTurkey } from '#shared/dates.ts';
import { parseLira } from '#shared/money.ts';
import { IncomingImage, reencodeListingImage, storeListingImage } from '../lib/images.ts';
import type { Storage } from '../lib/storage.ts';
import { catalogueSearchText } from '../lib/turkish-search.ts';
import type { Db } from './client.ts';
import { accounts } from './schema/auth.ts';
import { userApplications } from './schema/applications.ts';
import { catalogueProducts } from './schema/catalogue.ts';
import { listings } from './schema/listings.ts';
import { seedSteps } from './schema/seed-steps.ts';
import { userSettings } from './schema/user-settings.ts';
import { users } from './schema/users.ts';
import { seedCatalogue, seedProposals, type SeedCatalogueProduct } from './seed-data/catalogue.ts';
import {
  demoAutoApprovalStores,
  demoListings,
  demoRegistrations,
  demoStores,
  demoUtsNumbers,
} from './seed-data/demo-stores.ts';
import { planDemoListings } from './seed-data/listings.ts';
import { drawProductPicture } from './seed-data/product-pictures.ts';

export interface SeedOptions {
  /** Password hash given to every demo account (their e-mail/password credential). */
  demoPasswordHash: string;
  log?: Pick<Logger, 'info'>;
  /** Where demo listing pictures are stored (the app's storage). */
  storage: Storage;
  /** The seed time, from the app's clock: expiry dates and listing ages are counted from it. */
  now: Date;
}

interface SeedStep {
  name: string;
  run(tx: Db, options: SeedOptions): Promise<void>;
}

const steps: SeedStep[] = [
  {
    name: '0001_demo_stores_and_listings',
    async run(tx, options) {
      await tx
        .insert(users)
        .values(
          demoStores.map((s) => ({
            ...s,
            role: 'store_owner',
            emailVerified: true,
            createdAt: options.now,
            updatedAt: options.now,
          })),
        )
        .onConflictDoNothing();
      await tx
        .insert(accounts)
        .values(
          demoStores.map((s) => ({
            id: `${s.id}-credential`,
            accountId: s.id,
            providerId: 'credential',
            userId: s.id,
            password: options.demoPasswordHash,
            createdAt: options.now,
            updatedAt: options.now,
          })),
        )
        .onConflictDoNothing();
      const rows = demoListings.map(([marka, modelKodu, kategori, altKategori, stock, price], i) => ({
        id: randomUUID(),
        sellerId: demoStores[i % demoStores.length].id,
        marka,
        modelKodu,
        kategori,
        altKategori,
        stock,
        priceKurus: parseLira(price) ?? 0,
        status: i % 13 === 12 ? 'Yayında Değil' : 'Aktif',
        createdAt: options.now,
        updatedAt: options.now,
      }));
      await tx.insert(listings).values(rows);
    },
  },
  {
    name: '0002_catalogue_and_listings',
    run: seedCatalogueAndListings,
  },
  {
    name: '0003_demo_listing_pictures',
    run: seedListingPictures,
  },
  {
    name: '0004_demo_store_registrations',
    run: seedStoreRegistrations,
  },
  {
    name: '0005_demo_order_approval',
    run: seedOrderApprovalSettings,
  },
  {
    name: '0006_demo_uts_numbers',
    run: seedUtsNumbers,
  },
];

/** Step 0006: the demo stores' ÜTS institution numbers (decision 044); Atakum has none, so it is warned. */
async function seedUtsNumbers(tx: Db) {
  for (const [userId, utsNumber] of Object.entries(demoUtsNumbers)) {
    await tx
      .update(userApplications)
      .set({ utsNumber })
      .where(
        and(
          eq(userApplications.createdUserId, userId),
          eq(userApplications.status, 'approved'),
          isNull(userApplications.utsNumber),
        ),
      );
  }
}

async function seedOrderApprovalSettings(tx: Db, options: SeedOptions) {
  const present = await presentDemoStoreIds(tx);
  const rows = [...present].map((userId) => ({
    userId,
    autoOrderApproval: demoAutoApprovalStores.has(userId),
    updatedAt: options.now,
  }));
  if (rows.length > 0) await tx.insert(userSettings).values(rows).onConflictDoNothing();
}

/** The demo stores still in the database (an admin may have deleted some). */
async function presentDemoStoreIds(tx: Db): Promise<Set<string>> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.id,
        demoStores.map((s) => s.id),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Step 0004: an approved application per demo store still present (its billing party), and its phone. */
async function seedStoreRegistrations(tx: Db, options: SeedOptions) {
  const { now } = options;
  const ids = await presentDemoStoreIds(tx);
  const stores = demoStores.filter((s) => ids.has(s.id));
  if (stores.length === 0) return;
  await tx.insert(userApplications).values(
    stores.map((s) => ({
      storeName: `${s.name} Ltd. Şti.`,
      authorizedPerson: s.name,
      email: s.email,
      phone: demoRegistrations[s.id].phone,
      taxNumber: demoRegistrations[s.id].taxNumber,
      city: demoRegistrations[s.id].city,
      district: demoRegistrations[s.id].district,
      status: 'approved',
      submittedAt: now,
      reviewedAt: now,
      createdUserId: s.id,
    })),
  );
  for (const s of stores) {
    await tx
      .update(users)
      .set({ phone: demoRegistrations[s.id].phone })
      .where(and(eq(users.id, s.id), isNull(users.phone)));
  }
}

function catalogueRow(product: Omit<SeedCatalogueProduct, 'listPrice'>, now: Date) {
  const {
    brand,
    modelCode,
    name,
    barcode,
    category,
    subcategory,
    colourCode,
    eyeSizeMm,
    bridgeMm,
    templeMm,
    baseCurveMm,
    diameterMm,
  } = product;
  const fields = {
    brand,
    modelCode,
    name,
    barcode,
    category,
    subcategory,
    colourCode,
    eyeSizeMm,
    bridgeMm,
    templeMm,
    baseCurveMm,
    diameterMm,
  };
  return { ...fields, searchText: catalogueSearchText(fields), createdAt: now, updatedAt: now };
}

/**
 * Step 0002: the master catalogue (seed-data/catalogue.ts); the listings of step 0001 linked to
 * their products (and given expiry dates where the category needs one); about 150 more listings
 * spread over the demo stores (seed-data/listings.ts); two pending proposals for the admin queue.
 * Demo stores deleted meanwhile are left out; a product whose barcode an admin already added
 * keeps the admin's version.
 */
async function seedCatalogueAndListings(tx: Db, options: SeedOptions) {
  const { now } = options;
  const today = todayInTurkey(now);
  const existing = await presentDemoStoreIds(tx);
  const storeIds = demoStores.map((s) => s.id).filter((id) => existing.has(id));

  await tx
    .insert(catalogueProducts)
    .values(seedCatalogue.map((product) => ({ ...catalogueRow(product, now), status: 'approved' })))
    .onConflictDoNothing();
  // Only approved products are listed (a seller's pending proposal may hold one of these barcodes).
  const products = await tx
    .select()
    .from(catalogueProducts)
    .where(
      and(
        inArray(
          catalogueProducts.barcode,
          seedCatalogue.map((p) => p.barcode),
        ),
        eq(catalogueProducts.status, 'approved'),
      ),
    );
  const byBarcode = new Map(products.map((p) => [p.barcode!, p]));

  // Step 0001 listed one product of each model: link it to the model's first catalogue product.
  const firstOfModel = new Map<string, SeedCatalogueProduct>();
  for (const product of seedCatalogue)
    if (!firstOfModel.has(`${product.brand}|${product.modelCode}`))
      firstOfModel.set(`${product.brand}|${product.modelCode}`, product);
  const earlier = storeIds.length
    ? await tx
        .select({ id: listings.id, sellerId: listings.sellerId, marka: listings.marka, modelKodu: listings.modelKodu })
        .from(listings)
        .where(and(inArray(listings.sellerId, storeIds), isNull(listings.productId)))
        .orderBy(listings.marka, listings.modelKodu, listings.sellerId)
    : [];
  const taken = new Set<string>();
  for (const [i, listing] of earlier.entries()) {
    const seed = firstOfModel.get(`${listing.marka}|${listing.modelKodu}`);
    const product = seed && byBarcode.get(seed.barcode);
    if (!product) continue;
    taken.add(`${listing.sellerId}|${product.barcode}`);
    await tx
      .update(listings)
      .set({
        productId: product.id,
        marka: product.brand,
        modelKodu: product.modelCode,
        kategori: product.category,
        altKategori: product.subcategory,
        ...(requiresExpiry(product.category, product.subcategory)
          ? { miad: addDaysToDay(today, 200 + ((i * 53) % 400)) }
          : {}),
      })
      .where(eq(listings.id, listing.id));
  }

  const planned = storeIds.length ? planDemoListings(seedCatalogue, storeIds, taken) : [];
  const rows = planned.flatMap((plan, n) => {
    const product = byBarcode.get(plan.barcode);
    if (!product) return [];
    const createdAt = new Date(now.getTime() - (n + 1) * 4 * 3_600_000);
    return [
      {
        sellerId: plan.storeId,
        productId: product.id,
        marka: product.brand,
        modelKodu: product.modelCode,
        kategori: product.category,
        altKategori: product.subcategory,
        stock: plan.stock,
        priceKurus: plan.priceKurus,
        status: plan.status,
        miad: plan.expiresInDays === null ? null : addDaysToDay(today, plan.expiresInDays),
        handlingDays: plan.handlingDays,
        minOrderQty: plan.minOrderQty,
        discountPercent: plan.discountPercent,
        isPromoted: plan.isPromoted,
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });
  if (rows.length) await tx.insert(listings).values(rows);

  const proposals = seedProposals.filter((p) => existing.has(p.storeId));
  if (proposals.length) {
    await tx
      .insert(catalogueProducts)
      .values(
        proposals.map(({ storeId, product }) => ({
          ...catalogueRow(product, now),
          status: 'pending',
          proposedBy: storeId,
        })),
      )
      .onConflictDoNothing();
  }
}

/**
 * Step 0003: a picture for every demo listing without one, drawn per product (its category's shape,
 * its brand and model; seed-data/product-pictures.ts) and put through the upload pipeline
 * (re-encoded WebP and thumbnail). Each product is drawn and encoded once; each listing gets its own
 * copy of the files, because deleting or replacing a listing's picture removes its files.
 */
async function seedListingPictures(tx: Db, options: SeedOptions) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const rows = await tx
    .select({
      id: listings.id,
      productId: catalogueProducts.id,
      brand: catalogueProducts.brand,
      modelCode: catalogueProducts.modelCode,
      category: catalogueProducts.category,
      subcategory: catalogueProducts.subcategory,
    })
    .from(listings)
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, listings.productId))
    .where(
      and(
        inArray(
          listings.sellerId,
          demoStores.map((s) => s.id),
        ),
        isNull(listings.imageKey),
        isNotNull(listings.productId),
      ),
    )
    .orderBy(catalogueProducts.id, listings.id);
  const products = new Map(rows.map((row) => [row.productId, row]));
  const encoded = new Map<string, { image: Buffer; thumbnail: Buffer }>();
  const queue = [...products.values()];
  // Two at a time: sharp works off the event loop, and the machines have two cores.
  const worker = async () => {
    for (let product = queue.shift(); product; product = queue.shift()) {
      const png = await sharp(Buffer.from(drawProductPicture(product)))
        .png({ compressionLevel: 0 })
        .toBuffer();
      encoded.set(product.productId, await reencodeListingImage(new IncomingImage('demo.png', png)));
    }
  };
  await Promise.all([worker(), worker()]);
  for (const row of rows) {
    const stored = await storeListingImage(options.storage, encoded.get(row.productId)!);
    await tx.update(listings).set(stored).where(eq(listings.id, row.id));
  }
  const used = process.cpuUsage(cpu);
  options.log?.info(
    {
      listings: rows.length,
      products: products.size,
      ms: Math.round(performance.now() - started),
      // CPU time of every thread (sharp's included): the wall time on an idle machine, per core.
      cpuMs: Math.round((used.user + used.system) / 1000),
    },
    'demo listing pictures drawn',
  );
}

/** Applies each demo-data step once; later features append steps. */
export async function seedDemoData(db: Db, options: SeedOptions): Promise<string[]> {
  const { log } = options;
  const applied = new Set(
    (
      await db
        .select({ name: seedSteps.name })
        .from(seedSteps)
        .where(
          inArray(
            seedSteps.name,
            steps.map((s) => s.name),
          ),
        )
    ).map((r) => r.name),
  );
  const ran: string[] = [];
  for (const step of steps) {
    if (applied.has(step.name)) continue;
    await db.transaction(async (tx) => {
      // The step's marker row is inserted first: a second instance seeding at the same moment
      // blocks on it and then skips, instead of inserting the demo data twice.
      const claimed = await tx.insert(seedSteps).values({ name: step.name }).onConflictDoNothing().returning();
      if (claimed.length === 0) return;
      await step.run(tx, options);
      ran.push(step.name);
      log?.info({ step: step.name }, 'demo data seeded');
    });
  }
  return ran;
}
