import { randomUUID } from 'node:crypto';
import { completeEan13 } from '../../src/shared/barcode.ts';
import type { Random } from '../../src/shared/random.ts';
import { catalogueProducts } from '../../src/server/db/schema/catalogue.ts';
import { listings } from '../../src/server/db/schema/listings.ts';
import { catalogueSearchText } from '../../src/server/lib/turkish-search.ts';
import { families, frameColours, lensPowers } from './families.ts';

/** The generator's rows: a seeded random source, then catalogue products, sellers and listings built from it. */
/** The e-mail domain of generated sellers: a database holding one is left alone. */
export const GENERATED_SELLER_DOMAIN = 'bench.optistok.local';

export type NewProduct = typeof catalogueProducts.$inferInsert & { id: string; basePriceKurus: number };

export function buildProducts(count: number, random: Random, at: Date): NewProduct[] {
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

export const cities = [
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
export const shopWords = ['Optik', 'Gözlük Evi', 'Lens Merkezi', 'Optik Market', 'Gözlükçüsü'];

export function buildSellers(count: number, at: Date) {
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

export const DAY_MS = 86_400_000;

export function buildListing(
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
