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
import { randomUUID } from 'node:crypto';
import { like, sql } from 'drizzle-orm';
import { completeEan13 } from '../src/shared/barcode.ts';
import { openDatabase, type Db } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { catalogueProducts } from '../src/server/db/schema/catalogue.ts';
import { listings } from '../src/server/db/schema/listings.ts';
import { users } from '../src/server/db/schema/users.ts';
import { parseEnv } from '../src/server/env.ts';
import { catalogueSearchText } from '../src/server/lib/turkish-search.ts';

const GENERATED_SELLER_DOMAIN = 'bench.optistok.local';

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

/** mulberry32: a small seeded generator, so every run with the same seed loads the same data. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof randomSource>;

interface Family {
  brand: string;
  /** Model code prefix; digits are appended. */
  prefix: string;
  names: readonly string[];
  category: string;
  subcategories: readonly (string | null)[];
  /** Typical list price in lira. */
  price: [number, number];
}

const frameColours = [
  'Siyah',
  'Havana',
  'Altın',
  'Gümüş',
  'Lacivert',
  'Bordo',
  'Şeffaf',
  'Kahverengi',
  'Yeşil',
  'Gri',
  'Mat Siyah',
  'Kırmızı',
];
const lensPowers = [
  '-0.50',
  '-1.00',
  '-1.25',
  '-1.75',
  '-2.00',
  '-2.50',
  '-3.00',
  '-3.75',
  '-4.50',
  '-5.00',
  '+1.00',
  '+1.50',
  '+2.25',
  '+3.00',
];

const families: readonly Family[] = [
  {
    brand: 'Ray-Ban',
    prefix: 'RB',
    names: ['Wayfarer', 'Aviator', 'Clubmaster', 'Erika', 'Justin', 'Round Metal', 'Hexagonal'],
    category: 'gunes-gozlugu',
    subcategories: ['erkek', 'kadin'],
    price: [2800, 5200],
  },
  {
    brand: 'Ray-Ban',
    prefix: 'RX',
    names: ['Optik Çerçeve', 'Clubmaster Optik', 'Highstreet'],
    category: 'gozluk',
    subcategories: ['klasik', 'modern'],
    price: [2200, 3900],
  },
  {
    brand: 'Ray-Ban',
    prefix: 'RJ',
    names: ['Junior', 'Junior Aviator'],
    category: 'cocuk-gozlugu',
    subcategories: [null],
    price: [1500, 2400],
  },
  {
    brand: 'Oakley',
    prefix: 'OO',
    names: ['Holbrook', 'Radar EV', 'Sutro', 'Frogskins', 'Flak 2.0'],
    category: 'gunes-gozlugu',
    subcategories: ['spor', 'erkek'],
    price: [3900, 7200],
  },
  {
    brand: 'Oakley',
    prefix: 'OX',
    names: ['Airdrop', 'Pitchman', 'Crosslink'],
    category: 'gozluk',
    subcategories: ['spor', 'modern'],
    price: [2800, 4600],
  },
  {
    brand: 'Persol',
    prefix: 'PO',
    names: ['Steve McQueen', 'Calligrapher', 'Galleria'],
    category: 'gunes-gozlugu',
    subcategories: ['erkek'],
    price: [5200, 8900],
  },
  {
    brand: 'Vogue',
    prefix: 'VO',
    names: ['Eyewear', 'Güneş', 'Kedi Göz'],
    category: 'gunes-gozlugu',
    subcategories: ['kadin'],
    price: [1400, 2400],
  },
  {
    brand: 'Vogue',
    prefix: 'VO',
    names: ['Optik', 'İnce Metal'],
    category: 'gozluk',
    subcategories: ['modern', 'klasik'],
    price: [1300, 2100],
  },
  {
    brand: 'Prada',
    prefix: 'PR ',
    names: ['Symbole', 'Linea Rossa', 'Catwalk'],
    category: 'gunes-gozlugu',
    subcategories: ['kadin', 'erkek'],
    price: [8200, 13500],
  },
  {
    brand: 'Gucci',
    prefix: 'GG',
    names: ['Oversize', 'Web', 'Horsebit'],
    category: 'gunes-gozlugu',
    subcategories: ['kadin'],
    price: [9800, 15500],
  },
  {
    brand: 'Tom Ford',
    prefix: 'FT',
    names: ['Optik Çerçeve', 'Snowdon', 'Fausto'],
    category: 'gozluk',
    subcategories: ['klasik'],
    price: [7200, 11800],
  },
  {
    brand: 'Carrera',
    prefix: 'CA',
    names: ['Champion', 'Grand Prix', 'Hyperfit'],
    category: 'gunes-gozlugu',
    subcategories: ['erkek', 'spor'],
    price: [2300, 3900],
  },
  {
    brand: 'Police',
    prefix: 'VPL',
    names: ['Origins', 'Lewis', 'Highway'],
    category: 'gozluk',
    subcategories: ['modern'],
    price: [1900, 3200],
  },
  {
    brand: 'Silhouette',
    prefix: 'SIL',
    names: ['Momentum', 'Titan Minimal Art', 'Urban Fusion'],
    category: 'gozluk',
    subcategories: ['klasik'],
    price: [6500, 9900],
  },
  {
    brand: 'Lindberg',
    prefix: 'LB',
    names: ['Strip Titanium', 'Air Titanium Rim', 'Spirit'],
    category: 'gozluk',
    subcategories: ['modern'],
    price: [11000, 19000],
  },
  {
    brand: 'Emporio Armani',
    prefix: 'EA',
    names: ['Optik', 'Güneş', 'Metal'],
    category: 'gunes-gozlugu',
    subcategories: ['erkek', 'kadin'],
    price: [2900, 4800],
  },
  {
    brand: 'Dolce & Gabbana',
    prefix: 'DG',
    names: ['Sicilian Taste', 'Logo', 'Cat Eye'],
    category: 'gunes-gozlugu',
    subcategories: ['kadin'],
    price: [8500, 12500],
  },
  {
    brand: 'Burberry',
    prefix: 'BE',
    names: ['Check', 'Vintage', 'Classic'],
    category: 'gunes-gozlugu',
    subcategories: ['kadin', 'erkek'],
    price: [6200, 9800],
  },
  {
    brand: 'Polaroid',
    prefix: 'PLD',
    names: ['Polarize', 'Sport', 'Kids'],
    category: 'gunes-gozlugu',
    subcategories: ['erkek', 'spor', 'cocuk'],
    price: [900, 1800],
  },
  {
    brand: 'Osse',
    prefix: 'OS',
    names: ['İstanbul', 'Boğaziçi', 'Galata', 'Kapadokya'],
    category: 'gozluk',
    subcategories: ['klasik', 'modern'],
    price: [1100, 2200],
  },
  {
    brand: 'Miraflex',
    prefix: 'MF',
    names: ['Esnek Çerçeve', 'Bebek'],
    category: 'cocuk-gozlugu',
    subcategories: [null],
    price: [1100, 1600],
  },
  {
    brand: 'Nano Vista',
    prefix: 'NAO',
    names: ['Crew', 'Fangame', 'Replay'],
    category: 'cocuk-gozlugu',
    subcategories: [null],
    price: [1300, 1900],
  },
  {
    brand: 'Tomato Glasses',
    prefix: 'TKA',
    names: ['Kids', 'Junior'],
    category: 'gozluk',
    subcategories: ['cocuk'],
    price: [1200, 1800],
  },
  {
    brand: 'Acuvue',
    prefix: 'ACV',
    names: ['Oasys 1-Day', 'Moist 1-Day', 'Vita', 'Oasys Aylık'],
    category: 'lens',
    subcategories: ['kontakt'],
    price: [850, 1450],
  },
  {
    brand: 'Bausch + Lomb',
    prefix: 'BL',
    names: ['Biotrue ONEday', 'SofLens 59', 'Ultra'],
    category: 'lens',
    subcategories: ['kontakt'],
    price: [700, 1300],
  },
  {
    brand: 'Alcon',
    prefix: 'ALC',
    names: ['Dailies Total1', 'Air Optix Aqua', 'Precision1'],
    category: 'lens',
    subcategories: ['kontakt'],
    price: [900, 1500],
  },
  {
    brand: 'CooperVision',
    prefix: 'CV',
    names: ['Biofinity', 'MyDay', 'Clariti 1 Day', 'Proclear'],
    category: 'lens',
    subcategories: ['kontakt'],
    price: [800, 1450],
  },
  {
    brand: 'Essilor',
    prefix: 'ESS',
    names: ['Varilux Comfort Max', 'Varilux X Series', 'Eyezen Start', 'Crizal Sapphire'],
    category: 'lens',
    subcategories: ['progressif', 'tek-odak'],
    price: [1100, 6800],
  },
  {
    brand: 'Zeiss',
    prefix: 'ZS',
    names: ['SmartLife Progressive', 'DriveSafe', 'ClearView Tek Odak', 'Bifokal'],
    category: 'lens',
    subcategories: ['progressif', 'tek-odak', 'bifocal'],
    price: [1400, 7200],
  },
  {
    brand: 'Hoya',
    prefix: 'HY',
    names: ['Nulux', 'Hoyalux iD', 'Sensity'],
    category: 'lens',
    subcategories: ['tek-odak', 'progressif'],
    price: [1200, 5900],
  },
  {
    brand: 'Rodenstock',
    prefix: 'RD',
    names: ['Impression', 'Multigressiv', 'Perfalit'],
    category: 'lens',
    subcategories: ['progressif', 'tek-odak', 'bifocal'],
    price: [1500, 6500],
  },
  {
    brand: 'Opti-Free',
    prefix: 'OF',
    names: ['PureMoist 300 ml', 'Express 355 ml', 'Replenish 120 ml'],
    category: 'aksesuar',
    subcategories: ['temizlik'],
    price: [180, 320],
  },
  {
    brand: 'Renu',
    prefix: 'RN',
    names: ['MultiPlus 360 ml', 'Advanced 100 ml'],
    category: 'aksesuar',
    subcategories: ['temizlik'],
    price: [150, 260],
  },
  {
    brand: 'Avizor',
    prefix: 'AVZ',
    names: ['Unica Sensitive', 'Lacrifresh Damla'],
    category: 'aksesuar',
    subcategories: ['temizlik'],
    price: [140, 240],
  },
  {
    brand: 'OptiStok',
    prefix: 'OPT',
    names: ['Sert Gözlük Kutusu', 'Mikrofiber Bez', 'Deri Kılıf'],
    category: 'aksesuar',
    subcategories: ['kutular', 'temizlik'],
    price: [30, 350],
  },
  {
    brand: 'OptiStok',
    prefix: 'OPZ',
    names: ['Gözlük Zinciri', 'Silikon İp', 'Boncuklu Zincir'],
    category: 'aksesuar',
    subcategories: ['zincir'],
    price: [60, 180],
  },
  {
    brand: 'OptiStok',
    prefix: 'OPB',
    names: ['Silikon Burun Pedi', 'Vidalı Burun Pedi', 'Yapışkan Ped'],
    category: 'aksesuar',
    subcategories: ['burun-pedi'],
    price: [90, 220],
  },
  {
    brand: 'Wera',
    prefix: 'WR',
    names: ['Hassas Tornavida Seti', 'Menteşe Vidası Seti'],
    category: 'atolye',
    subcategories: ['vida-takimi'],
    price: [350, 1400],
  },
  {
    brand: 'Topcon',
    prefix: 'CL',
    names: ['Otomatik Fokometre', 'Dijital Lensmetre'],
    category: 'atolye',
    subcategories: ['fokometre'],
    price: [42000, 78000],
  },
  {
    brand: 'Nidek',
    prefix: 'LM',
    names: ['Lensmetre', 'Pupilometre PM'],
    category: 'atolye',
    subcategories: ['fokometre', 'pupilametre'],
    price: [21000, 65000],
  },
  {
    brand: 'Essilor',
    prefix: 'KP',
    names: ['Kappa CT Kesme Ünitesi', 'Mr Blue Cam Kesme'],
    category: 'atolye',
    subcategories: ['cam-kesme'],
    price: [220000, 420000],
  },
  {
    brand: 'Huvitz',
    prefix: 'HPE',
    names: ['Cam Kesme Makinesi', 'Tarayıcı'],
    category: 'atolye',
    subcategories: ['cam-kesme'],
    price: [180000, 320000],
  },
  {
    brand: 'OptiStok',
    prefix: 'ATL',
    names: ['Çerçeve Isıtıcı', 'Ultrasonik Temizleyici', 'Pense Seti', 'Burunluk Sökücü'],
    category: 'atolye',
    subcategories: ['tamir', 'burunluk', 'malzemeler'],
    price: [450, 4800],
  },
];

type NewProduct = typeof catalogueProducts.$inferInsert & { id: string; basePriceKurus: number };

function buildProducts(count: number, random: Random, at: Date): NewProduct[] {
  const products: NewProduct[] = [];
  const seen = new Set<string>();
  for (let i = 0; products.length < count; i++) {
    const family = families[i % families.length];
    const name = random.pick(family.names);
    const digits = family.price[1] > 20000 ? String(random.int(100, 999)) : String(random.int(1000, 9999));
    const modelCode = `${family.prefix}${digits}`;
    const isFrame = ['gozluk', 'gunes-gozlugu', 'cocuk-gozlugu'].includes(family.category);
    const isContact = family.category === 'lens' && family.subcategories.includes('kontakt');
    const colour = isFrame ? random.pick(frameColours) : null;
    const detail = isContact ? `${random.pick(lensPowers)} (${random.pick(['6', '30', '90'])}'lı)` : (colour ?? '');
    const key = `${family.brand}|${modelCode}|${detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const [low, high] = family.price;
    const product = {
      id: randomUUID(),
      brand: family.brand,
      modelCode,
      name: `${name} ${detail}`.trim(),
      // 29xxxxxxxxxx: the in-store EAN range, so generated codes never collide with real ones.
      barcode:
        family.category === 'atolye' && random.chance(0.3)
          ? null
          : completeEan13(`29${String(products.length + 1).padStart(10, '0')}`),
      category: family.category,
      subcategory: random.pick(family.subcategories),
      colourCode: isFrame ? `${random.int(100, 999)}/${random.int(10, 99)}` : null,
      eyeSizeMm: isFrame ? random.int(44, 60) : null,
      bridgeMm: isFrame ? random.int(14, 22) : null,
      templeMm: isFrame ? random.pick([135, 140, 145, 150]) : null,
      baseCurveMm: isContact ? random.pick([8.4, 8.5, 8.6, 8.8]) : null,
      diameterMm: isContact ? random.pick([14.0, 14.2, 14.3]) : null,
      // A few seller proposals waiting for review or turned down, as in a live catalogue.
      status: random.chance(0.01) ? random.pick(['pending', 'rejected']) : 'approved',
      basePriceKurus: random.int(low, high) * 100,
    };
    products.push({ ...product, searchText: catalogueSearchText(product), createdAt: at, updatedAt: at });
  }
  return products;
}

const cities = [
  'Kadıköy',
  'Çankaya',
  'Konak',
  'Nilüfer',
  'Seyhan',
  'Atakum',
  'Muratpaşa',
  'Osmangazi',
  'Şişli',
  'Beşiktaş',
  'Üsküdar',
  'Karşıyaka',
  'Tepebaşı',
  'Selçuklu',
  'Ortahisar',
];
const shopWords = ['Optik', 'Gözlük Evi', 'Lens Merkezi', 'Optik Market', 'Gözlükçüsü'];

function buildSellers(count: number, at: Date) {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(4, '0');
    return {
      id: `bench-seller-${n}`,
      name: `${cities[i % cities.length]} ${shopWords[i % shopWords.length]} ${n}`,
      email: `satici-${n}@${GENERATED_SELLER_DOMAIN}`,
      emailVerified: true,
      role: 'store_owner',
      publicHandle: `benchoptik${n}`,
      publicSlug: `bench-optik-${n}`,
      createdAt: at,
      updatedAt: at,
    };
  });
}

const DAY_MS = 86_400_000;

function buildListing(
  product: NewProduct,
  sellerId: string,
  random: Random,
  now: number,
): typeof listings.$inferInsert {
  const needsExpiry =
    (product.category === 'lens' && product.subcategory === 'kontakt') ||
    (product.category === 'aksesuar' && product.subcategory === 'temizlik');
  const createdAt = new Date(now - random.int(0, 365 * DAY_MS));
  const priceKurus = Math.max(100, Math.round((product.basePriceKurus * random.int(85, 120)) / 100));
  const discountPercent = random.chance(0.2) ? random.pick([5, 10, 15, 20, 25, 30]) : null;
  return {
    id: randomUUID(),
    sellerId,
    productId: product.id,
    marka: product.brand,
    modelKodu: product.modelCode,
    kategori: product.category,
    altKategori: product.subcategory ?? null,
    status: random.chance(0.05) ? 'Yayında Değil' : 'Aktif',
    stock: random.chance(0.1) ? 0 : random.int(1, 60),
    priceKurus,
    miad: needsExpiry ? new Date(now + random.int(120, 900) * DAY_MS).toISOString().slice(0, 10) : null,
    handlingDays: random.pick([1, 1, 2, 2, 2, 3, 5]),
    minOrderQty: random.chance(0.15) ? random.pick([2, 5, 10]) : 1,
    discountPercent,
    isPromoted: random.chance(0.05),
    createdAt,
    updatedAt: createdAt,
  };
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
  const random = randomSource(options.seed);
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
