/**
 * Loads a large, realistic marketplace for the benchmark: catalogue products over every category
 * and well-known brands, sellers, and listings spread over them (popular products get more offers).
 *
 * Usage: tsx scripts/generate-listings.ts [--products 5000] [--listings 100000] [--sellers 500] [--seed 1]
 *   DATABASE_URL=<url>   load into this PostgreSQL database
 *   DATA_DIR=<folder>    otherwise, into the PGlite database in this folder (default ./data)
 *
 * It applies the migrations first, so an empty database works. The data is deterministic for a
 * given --seed. Generated sellers use the e-mail domain bench.optistok.local; a database that
 * already holds them is left alone. Rows go in as batched multi-row inserts.
 */
import { like, sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { catalogueProducts } from '../src/server/db/schema/catalogue.ts';
import { listings } from '../src/server/db/schema/listings.ts';
import { users } from '../src/server/db/schema/users.ts';
import { parseEnv } from '../src/server/env.ts';
import { buildListing, buildProducts, buildSellers, GENERATED_SELLER_DOMAIN } from './generate-listings/build.ts';
import { createRandom } from '../src/shared/random.ts';

interface Options {
  products: number;
  listings: number;
  sellers: number;
  seed: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { products: 5000, listings: 100_000, sellers: 500, seed: 1 };
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i]?.replace(/^--/, '') as keyof Options;
    const value = Number(argv[i + 1]);
    if (!(name in options) || !Number.isInteger(value) || value < 1) {
      throw new Error(
        `usage: tsx scripts/generate-listings.ts [--products N] [--listings N] [--sellers N] [--seed N] (bad argument: ${argv[i]} ${argv[i + 1] ?? ''})`,
      );
    }
    options[name] = value;
  }
  return options;
}

async function insertInBatches<T>(label: string, rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) {
    await insert(rows.slice(i, i + size));
    process.stderr.write(`\r[generate] ${label}: ${Math.min(i + size, rows.length)} / ${rows.length}`);
  }
  process.stderr.write('\n');
}

/** Loads the generated marketplace; returns false when the database already holds it. */
async function generateListings(db: Db, options: Options): Promise<boolean> {
  const [existing] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(like(users.email, `%@${GENERATED_SELLER_DOMAIN}`));
  if (existing.n > 0) return false;
  const random = createRandom(options.seed);
  const now = Date.now();
  const products = buildProducts(options.products, random, new Date(now));
  const sellers = buildSellers(options.sellers, new Date(now));
  const approved = products.filter((p) => p.status === 'approved');
  // Popular products draw more offers: a uniform number raised to 1.5 favours the front of the list
  // (at 100,000 listings the most popular product has some 300 offers, the least popular a dozen).
  const listingRows = Array.from({ length: options.listings }, () => {
    const product = approved[Math.floor(random.next() ** 1.5 * approved.length)];
    return buildListing(product, random.pick(sellers).id, random, now);
  });

  await insertInBatches('sellers', sellers, 500, (batch) => db.insert(users).values(batch));
  await insertInBatches('catalogue products', products, 1000, (batch) =>
    db.insert(catalogueProducts).values(batch.map(({ basePriceKurus: _, ...p }) => p)),
  );
  await insertInBatches('listings', listingRows, 2000, (batch) => db.insert(listings).values(batch));
  return true;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const env = parseEnv(process.env);
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });
  const started = performance.now();
  try {
    await runMigrations(database, { postgresUrl: env.DATABASE_URL });
    const loaded = await generateListings(database.db, options);
    if (!loaded) {
      console.error(
        `[generate] this database already holds generated sellers (@${GENERATED_SELLER_DOMAIN}); nothing loaded`,
      );
      return;
    }
    // Fresh statistics and visibility map, as autovacuum would leave them: counts read the index only.
    await database.db.execute(sql`vacuum analyze`);
    console.error(
      `[generate] ${options.products} products, ${options.listings} listings, ${options.sellers} sellers loaded into ${database.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

await main();
