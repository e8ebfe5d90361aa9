import { requiresExpiry } from '#shared/categories.ts';
import type { SeedCatalogueProduct } from './catalogue.ts';
import { createRandom } from '#shared/random.ts';

/** Products most stores carry: each is offered by several demo stores at different terms. */
const popularModels = [
  ['Ray-Ban', 'RB2140 Wayfarer'],
  ['Acuvue', 'Oasys 1-Day (30 lu)'],
  ['Ray-Ban', 'RB3025 Aviator'],
  ['CooperVision', 'Biofinity (6 lı)'],
  ['Alcon', 'Dailies Total1 (30 lu)'],
  ['Opti-Free', 'PureMoist 300 ml'],
  ['Oakley', 'OO9208 Radar EV'],
  ['Essilor', 'Varilux Comfort Max 1.6'],
] as const;

/** How many listings the plan adds to the demo stores. */
export const EXTRA_DEMO_LISTINGS = 150;

export interface PlannedListing {
  storeId: string;
  /** The catalogue product, by its barcode. */
  barcode: string;
  priceKurus: number;
  stock: number;
  handlingDays: number;
  minOrderQty: number;
  discountPercent: number | null;
  isPromoted: boolean;
  status: 'Aktif' | 'Yayında Değil';
  /** Expiry as days after the seed date (lens and solution goods only). */
  expiresInDays: number | null;
}

/**
 * The demo stores' extra listings. Popular products are offered by every store that does not
 * list them yet; the rest of the catalogue is spread over the stores with a fixed stride. Terms
 * vary deterministically: prices around the list price, a few discounts and promoted listings,
 * some out of stock or not published, and expiry dates for every lens and solution listing.
 * `taken` holds "storeId|barcode" pairs that already exist, so no store lists a product twice.
 */
export function planDemoListings(
  products: readonly SeedCatalogueProduct[],
  storeIds: readonly string[],
  taken: ReadonlySet<string>,
): PlannedListing[] {
  const random = createRandom(20260115).next;
  const pairs = new Set(taken);
  const picks: { storeId: string; product: SeedCatalogueProduct }[] = [];
  const pick = (storeId: string, product: SeedCatalogueProduct) => {
    const key = `${storeId}|${product.barcode}`;
    if (pairs.has(key) || picks.length >= EXTRA_DEMO_LISTINGS) return;
    pairs.add(key);
    picks.push({ storeId, product });
  };

  const popular = popularModels.map(([brand, model]) =>
    products.find((p) => p.brand === brand && p.modelCode === model)!,
  );
  for (const product of popular) for (const storeId of storeIds) pick(storeId, product);

  const others = products.filter((p) => !popular.includes(p));
  // Every third product, then the ones in between, until the plan is full; stores take turns.
  const stride = 3;
  let turn = 0;
  for (let round = 0; picks.length < EXTRA_DEMO_LISTINGS && round < stride; round++) {
    for (let i = round; i < others.length && picks.length < EXTRA_DEMO_LISTINGS; i += stride, turn++) {
      pick(storeIds[turn % storeIds.length], others[i]);
      // Every seventh product gets a second seller, so more product pages compare offers.
      if (turn % 7 === 0) pick(storeIds[(turn + 3) % storeIds.length], others[i]);
    }
  }

  return picks.map(({ storeId, product }, n) => {
    const isEquipment = product.listPrice >= 10_000;
    const isSmallGoods = product.listPrice < 300;
    const isLens = product.category === 'lens' && product.subcategory === 'kontakt';
    const priceLira = Math.max(1, Math.round(product.listPrice * (0.9 + random() * 0.2)));
    const stock =
      n % 17 === 5
        ? 0
        : isEquipment
          ? 1 + Math.floor(random() * 3)
          : isLens
            ? 10 + Math.floor(random() * 70)
            : isSmallGoods
              ? 20 + Math.floor(random() * 130)
              : 1 + Math.floor(random() * 24);
    return {
      storeId,
      barcode: product.barcode,
      // Shelf prices end in ,90.
      priceKurus: priceLira * 100 - 10,
      stock,
      handlingDays: isEquipment ? 3 + Math.floor(random() * 5) : 1 + Math.floor(random() * 4),
      minOrderQty: isSmallGoods ? (n % 2 === 0 ? 5 : 10) : 1,
      discountPercent: n % 6 === 2 ? [5, 10, 15, 20, 25][n % 5] : null,
      isPromoted: n % 9 === 4,
      status: n % 23 === 11 ? 'Yayında Değil' : 'Aktif',
      expiresInDays: requiresExpiry(product.category, product.subcategory) ? 120 + Math.floor(random() * 600) : null,
    };
  });
}
