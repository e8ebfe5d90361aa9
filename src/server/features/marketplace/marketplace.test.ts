import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { discountedPrice } from '#shared/money.ts';
import {
  browseResultSchema,
  categoryCountsSchema,
  productDetailSchema,
  type BrowseResult,
  type CategoryCounts,
  type ProductDetail,
} from '#shared/schemas/marketplace.ts';
import { MANUAL_CLOCK_START } from '../../lib/clock.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import {
  callApi,
  createCatalogueProduct,
  createListing,
  createUser,
  signIn,
  type TestUser,
} from '../../../../test/factories.ts';
import { catalogueProducts } from '../../db/schema/catalogue.ts';
import { listings } from '../../db/schema/listings.ts';

type Product = Awaited<ReturnType<typeof createCatalogueProduct>>;

async function browse(t: TestAppHandle, query = '', cookie?: string): Promise<BrowseResult> {
  const res = await callApi(t, 'GET', `/api/marketplace/listings${query ? `?${query}` : ''}`, { cookie });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return browseResultSchema.parse(res.json());
}

async function categoryCounts(t: TestAppHandle): Promise<CategoryCounts> {
  const res = await callApi(t, 'GET', '/api/marketplace/categories');
  expect(res.statusCode).toBe(200);
  return categoryCountsSchema.parse(res.json());
}

async function productPage(t: TestAppHandle, id: string, cookie?: string): Promise<ProductDetail> {
  const res = await callApi(t, 'GET', `/api/marketplace/products/${id}`, { cookie });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return productDetailSchema.parse(res.json());
}

const idsOf = (result: BrowseResult) => result.items.map((item) => item.productId);

/**
 * A small marketplace: two sellers, products in three categories, and listings in every state the
 * buying side must hide (inactive listing, pending and rejected products, no catalogue product).
 */
async function seedMarketplace(t: TestAppHandle) {
  const db = t.database.db;
  const sellerA = await createUser(db, { name: 'Kadıköy Optik', publicHandle: 'kadikoyoptik' });
  const sellerB = await createUser(db, { name: 'Konak Optik', publicHandle: null });
  const product = (fields: Partial<typeof catalogueProducts.$inferInsert>) => createCatalogueProduct(db, fields);
  const p = {
    wayfarer: await product({
      brand: 'Ray-Ban',
      modelCode: 'RB2140',
      name: 'Wayfarer',
      category: 'gunes-gozlugu',
      subcategory: 'erkek',
    }),
    erika: await product({
      brand: 'Ray-Ban',
      modelCode: 'RB4171',
      name: 'Erika',
      category: 'gunes-gozlugu',
      subcategory: 'kadin',
    }),
    holbrook: await product({
      brand: 'Oakley',
      modelCode: 'OO9102',
      name: 'Holbrook',
      category: 'gunes-gozlugu',
      subcategory: 'spor',
    }),
    frame: await product({
      brand: 'Vogue',
      modelCode: 'VO5239',
      name: 'Optik Çerçeve',
      category: 'gozluk',
      subcategory: 'modern',
    }),
    lens: await product({
      brand: 'Acuvue',
      modelCode: 'Oasys 1-Day',
      name: 'Kontakt Lens',
      category: 'lens',
      subcategory: 'kontakt',
    }),
    pending: await product({ brand: 'Ray-Ban', modelCode: 'RB9999', name: 'Öneri', status: 'pending' }),
    rejected: await product({ brand: 'Ray-Ban', modelCode: 'RB8888', name: 'Reddedilen', status: 'rejected' }),
  };
  const listing = async (seller: TestUser, product: Product, fields: Partial<typeof listings.$inferInsert>) => {
    t.clock.advance(60_000);
    return createListing(db, seller, product, { createdAt: t.clock.now(), ...fields });
  };
  // Oldest first; prices in kuruş.
  const l = {
    wayfarerA: await listing(sellerA, p.wayfarer, {
      priceKurus: 345_000,
      stock: 12,
      imageKey: 'listing-images/aa11.jpg',
      thumbnailKey: 'listing-images/aa11-thumb.jpg',
    }),
    wayfarerB: await listing(sellerB, p.wayfarer, { priceKurus: 300_000, stock: 0 }),
    erika: await listing(sellerA, p.erika, { priceKurus: 400_000, stock: 3, discountPercent: 25, isPromoted: true }), // final 300.000
    holbrook: await listing(sellerB, p.holbrook, { priceKurus: 545_050, stock: 6, discountPercent: 15 }), // final 463.292,5 → 463.293
    frame: await listing(sellerA, p.frame, { priceKurus: 165_000, stock: 14, isPromoted: true }),
    lens: await listing(sellerB, p.lens, {
      priceKurus: 115_000,
      stock: 40,
      miad: '2031-03-31',
      handlingDays: 1,
      minOrderQty: 2,
    }),
    wayfarerC: await listing(sellerB, p.wayfarer, { priceKurus: 310_000, stock: 2, discountPercent: 10 }), // final 279.000
    // Hidden from the buying side:
    inactive: await listing(sellerA, p.frame, { priceKurus: 99_000, status: 'Yayında Değil' }),
    ofPending: await listing(sellerA, p.pending, { priceKurus: 99_000 }),
    ofRejected: await listing(sellerA, p.rejected, { priceKurus: 99_000 }),
  };
  const [legacy] = await db
    .insert(listings)
    .values({
      sellerId: sellerA.id,
      marka: 'Eski',
      modelKodu: 'E1',
      kategori: 'gozluk',
      stock: 5,
      priceKurus: 50_000,
      createdAt: MANUAL_CLOCK_START,
      updatedAt: MANUAL_CLOCK_START,
    })
    .returning();
  return { sellerA, sellerB, p, l, legacy };
}

type Seeded = Awaited<ReturnType<typeof seedMarketplace>>;

describeEachDatabase('marketplace browsing', (kind) => {
  const t = useTestApp(kind);
  let m: Seeded;
  let member: string;
  // One card per product, ordered by its newest offer (wayfarerC is the newest listing).
  const visible = () => [m.p.wayfarer, m.p.lens, m.p.frame, m.p.holbrook, m.p.erika];

  beforeAll(async () => {
    m = await seedMarketplace(t);
    member = await signIn(t, await createUser(t.database.db, { name: 'Alıcı Optik' }));
  });

  describe('visibility', () => {
    it("shows one card per approved product with active listings, newest offer first; hides inactive listings, unapproved products' and those without a product", async () => {
      const result = await browse(t);
      expect(idsOf(result)).toEqual(visible().map((p) => p.id));
      expect(result).toMatchObject({ total: 5, page: 1, pageSize: 24, pageCount: 1 });
    });

    it('gives visitors no prices: lowest price null, no price facet', async () => {
      const result = await browse(t);
      expect(result.pricesVisible).toBe(false);
      expect(result.items.every((item) => item.lowestPriceKurus === null)).toBe(true);
      expect(result.facets.price).toBeNull();
    });

    it("ignores a visitor's price filters and price sort", async () => {
      const result = await browse(t, 'minPrice=5000&maxPrice=6000&sort=price_asc');
      expect(idsOf(result)).toEqual(visible().map((p) => p.id));
      expect(result.total).toBe(5);
    });

    it("never answers a visitor from a member's cached page, nor a member from a visitor's", async () => {
      const asMember = await browse(t, 'brand=Vogue&pageSize=5', member);
      expect(asMember.items[0].lowestPriceKurus).toBe(165_000);
      const asVisitor = await browse(t, 'brand=Vogue&pageSize=5');
      expect(asVisitor).toMatchObject({ pricesVisible: false, facets: { price: null } });
      expect(asVisitor.items[0]).toMatchObject({ productId: m.p.frame.id, lowestPriceKurus: null });
      expect((await browse(t, 'brand=Vogue&pageSize=5', member)).items[0].lowestPriceKurus).toBe(165_000);
    });

    it('gives members the lowest discounted price of the in-stock offers, and the price facet', async () => {
      const result = await browse(t, '', member);
      expect(result.pricesVisible).toBe(true);
      const card = (id: string) => result.items.find((item) => item.productId === id)!;
      // Wayfarer: A 3.450 (in stock), B 3.000 (out of stock: not counted), C 3.100 − %10 = 2.790 (in stock).
      expect(card(m.p.wayfarer.id).lowestPriceKurus).toBe(279_000);
      expect(card(m.p.holbrook.id).lowestPriceKurus).toBe(discountedPrice(545_050, 15));
      expect(card(m.p.holbrook.id).lowestPriceKurus).toBe(463_293);
      expect(result.facets.price).toEqual({ minKurus: 115_000, maxKurus: 463_293 });
    });

    it("describes each card: the product, its sellers, offers and total stock, the newest offer's picture", async () => {
      const result = await browse(t);
      expect(result.items.find((item) => item.productId === m.p.wayfarer.id)).toEqual({
        productId: m.p.wayfarer.id,
        marka: 'Ray-Ban',
        modelKodu: 'RB2140',
        name: 'Wayfarer',
        kategori: 'gunes-gozlugu',
        altKategori: 'erkek',
        barcode: m.p.wayfarer.barcode,
        imageUrl: '/api/listing-images/aa11.jpg',
        thumbnailUrl: '/api/listing-images/aa11-thumb.jpg',
        lowestPriceKurus: null,
        // Seller B has two offers (wayfarerB, wayfarerC): two sellers, three offers.
        sellerCount: 2,
        offerCount: 3,
        totalStock: 14,
        isPromoted: false,
      });
      expect(result.items.find((item) => item.productId === m.p.frame.id)).toMatchObject({
        imageUrl: null,
        sellerCount: 1,
        offerCount: 1,
        totalStock: 14,
        isPromoted: true,
      });
    });

    it('sums only the offers that pass the filters; with none of them in stock the lowest price is null', async () => {
      const inStock = await browse(t, 'inStock=true&brand=Ray-Ban&sub=erkek&category=gunes-gozlugu', member);
      expect(inStock.items).toEqual([
        expect.objectContaining({ productId: m.p.wayfarer.id, sellerCount: 2, offerCount: 2, totalStock: 14 }),
      ]);
      // Only wayfarerB (3.000, out of stock) is priced 3.000.
      const outOfStock = await browse(t, 'minPrice=3000&maxPrice=3000&category=gunes-gozlugu&sub=erkek', member);
      expect(outOfStock.items).toEqual([
        expect.objectContaining({
          productId: m.p.wayfarer.id,
          lowestPriceKurus: null,
          sellerCount: 1,
          offerCount: 1,
          totalStock: 0,
        }),
      ]);
    });
  });

  describe('filters', () => {
    it('filters by category and subcategory', async () => {
      expect(idsOf(await browse(t, 'category=gunes-gozlugu'))).toEqual(
        [m.p.wayfarer, m.p.holbrook, m.p.erika].map((p) => p.id),
      );
      expect(idsOf(await browse(t, 'category=gunes-gozlugu&sub=erkek'))).toEqual([m.p.wayfarer.id]);
      expect(idsOf(await browse(t, 'category=lens&sub=kontakt'))).toEqual([m.p.lens.id]);
    });

    it('ignores a subcategory that does not belong to the category, or given without one', async () => {
      expect((await browse(t, 'category=gozluk&sub=erkek')).total).toBe(1);
      expect((await browse(t, 'sub=erkek')).total).toBe(5);
    });

    it('filters by one or several brands', async () => {
      expect(idsOf(await browse(t, 'brand=Oakley'))).toEqual([m.p.holbrook.id]);
      expect((await browse(t, 'brand=Oakley&brand=Vogue')).total).toBe(2);
      expect((await browse(t, 'brand=Ray-Ban')).total).toBe(2);
      expect((await browse(t, 'brand=Yok')).total).toBe(0);
    });

    it('filters to products with offers in stock and with promoted offers', async () => {
      expect((await browse(t, 'inStock=true')).total).toBe(5);
      expect(idsOf(await browse(t, 'promoted=1'))).toEqual([m.p.frame.id, m.p.erika.id]);
    });

    it('filters members by the discounted price of some offer, in whole lira, bounds included', async () => {
      // Final prices: lens 1.150, frame 1.650, wayfarerC 2.790, wayfarerB 3.000, erika 3.000, wayfarerA 3.450, holbrook 4.632,93.
      expect(idsOf(await browse(t, 'minPrice=2790&maxPrice=3000', member))).toEqual([m.p.wayfarer.id, m.p.erika.id]);
      expect(idsOf(await browse(t, 'minPrice=2791&maxPrice=2999', member))).toEqual([]);
      expect((await browse(t, 'minPrice=4633', member)).total).toBe(0);
      expect((await browse(t, 'minPrice=4632', member)).total).toBe(1);
      expect((await browse(t, 'maxPrice=1149', member)).total).toBe(0);
    });

    it('ignores malformed filter values instead of refusing the request', async () => {
      expect(
        (await browse(t, 'category=yok&minPrice=abc&inStock=evet&sort=rastgele&page=-3&pageSize=9999', member)).total,
      ).toBe(5);
      const longBrand = await browse(t, `brand=${'x'.repeat(101)}`);
      expect(longBrand.total).toBe(5);
      expect(longBrand.facets.brands.every((b) => b.id.length <= 60)).toBe(true);
    });
  });

  describe('sorting and pages', () => {
    it("sorts members by each product's lowest price, ties newest first", async () => {
      const order = [m.p.lens, m.p.frame, m.p.wayfarer, m.p.erika, m.p.holbrook].map((p) => p.id);
      expect(idsOf(await browse(t, 'sort=price_asc', member))).toEqual(order);
      expect(idsOf(await browse(t, 'sort=price_desc', member))).toEqual([...order].reverse());
    });

    it('pages over products with the total and the page count', async () => {
      const first = await browse(t, 'pageSize=2');
      const third = await browse(t, 'pageSize=2&page=3');
      expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, pageCount: 3 });
      expect(idsOf(first)).toEqual([m.p.wayfarer.id, m.p.lens.id]);
      expect(idsOf(await browse(t, 'pageSize=2&page=2'))).toEqual([m.p.frame.id, m.p.holbrook.id]);
      expect(idsOf(third)).toEqual([m.p.erika.id]);
      expect((await browse(t, 'pageSize=2&page=4')).items).toEqual([]);
    });
  });

  describe('facets', () => {
    it('counts products per category and brand, and the price range of their offers', async () => {
      const { facets } = await browse(t, '', member);
      expect(facets.categories).toEqual([
        { id: 'gozluk', label: 'Optik Çerçeve', count: 1 },
        { id: 'gunes-gozlugu', label: 'Güneş Gözlüğü', count: 3 },
        { id: 'lens', label: 'Lens', count: 1 },
      ]);
      expect(facets.subcategories).toEqual([]);
      expect(facets.brands).toEqual([
        { id: 'Ray-Ban', label: 'Ray-Ban', count: 2 },
        { id: 'Acuvue', label: 'Acuvue', count: 1 },
        { id: 'Oakley', label: 'Oakley', count: 1 },
        { id: 'Vogue', label: 'Vogue', count: 1 },
      ]);
    });

    it("counts each facet without its own filter, and lists the chosen category's subcategories", async () => {
      const { facets, total } = await browse(t, 'category=gunes-gozlugu&sub=erkek&brand=Ray-Ban&maxPrice=3000', member);
      expect(total).toBe(1);
      // Categories: brand Ray-Ban and an offer ≤ 3.000 TL, any category: Wayfarer and Erika.
      expect(facets.categories).toEqual([{ id: 'gunes-gozlugu', label: 'Güneş Gözlüğü', count: 2 }]);
      // Subcategories of güneş gözlüğü: Ray-Ban, ≤ 3.000 TL, any subcategory.
      expect(facets.subcategories).toEqual([
        { id: 'erkek', label: 'Erkek', count: 1 },
        { id: 'kadin', label: 'Kadın', count: 1 },
      ]);
      // Brands: güneş gözlüğü / erkek, ≤ 3.000 TL, any brand.
      expect(facets.brands).toEqual([{ id: 'Ray-Ban', label: 'Ray-Ban', count: 1 }]);
      // Price: güneş gözlüğü / erkek / Ray-Ban at any price.
      expect(facets.price).toEqual({ minKurus: 279_000, maxKurus: 345_000 });
    });

    it('keeps a chosen brand in the brand facet even when nothing matches it', async () => {
      const { facets } = await browse(t, 'brand=Yok&category=lens');
      expect(facets.brands).toEqual([
        { id: 'Acuvue', label: 'Acuvue', count: 1 },
        { id: 'Yok', label: 'Yok', count: 0 },
      ]);
    });
  });

  describe('category counts', () => {
    it('counts visible products per category and subcategory, with the total', async () => {
      const counts = await categoryCounts(t);
      expect(counts.total).toBe(5);
      const sunglasses = counts.categories.find((c) => c.id === 'gunes-gozlugu')!;
      expect(sunglasses).toMatchObject({ label: 'Güneş Gözlüğü', count: 3 });
      expect(sunglasses.subcategories).toEqual([
        { id: 'erkek', label: 'Erkek', count: 1 },
        { id: 'kadin', label: 'Kadın', count: 1 },
        { id: 'cocuk', label: 'Çocuk', count: 0 },
        { id: 'spor', label: 'Spor', count: 1 },
      ]);
      expect(counts.categories.map((c) => [c.id, c.count])).toEqual([
        ['gozluk', 1],
        ['gunes-gozlugu', 3],
        ['lens', 1],
        ['atolye', 0],
        ['aksesuar', 0],
        ['cocuk-gozlugu', 0],
      ]);
    });
  });

  describe('product page', () => {
    it('shows an approved product with its active offers: in stock cheapest first, out of stock last', async () => {
      const detail = await productPage(t, m.p.wayfarer.id, member);
      expect(detail.highlightedListingId).toBeNull();
      expect(detail.pricesVisible).toBe(true);
      expect(detail.product).toMatchObject({
        id: m.p.wayfarer.id,
        brand: 'Ray-Ban',
        modelCode: 'RB2140',
        name: 'Wayfarer',
        status: 'approved',
        barcode: m.p.wayfarer.barcode,
      });
      expect(detail.offers.map((o) => o.listingId)).toEqual([m.l.wayfarerC.id, m.l.wayfarerA.id, m.l.wayfarerB.id]);
      expect(detail.offers[0]).toMatchObject({
        priceKurus: 310_000,
        finalPriceKurus: 279_000,
        stock: 2,
        sellerRating: null,
        sellerReviewCount: 0,
        sellerHandle: null,
        sellerSlug: null,
      });
      expect(detail.offers[1]).toMatchObject({
        sellerHandle: 'kadikoyoptik',
        imageUrl: '/api/listing-images/aa11.jpg',
      });
    });

    it('opened with a listing id, shows its product and highlights that offer', async () => {
      const detail = await productPage(t, m.l.wayfarerB.id);
      expect(detail.product.id).toBe(m.p.wayfarer.id);
      expect(detail.highlightedListingId).toBe(m.l.wayfarerB.id);
      expect(detail.offers).toHaveLength(3);
    });

    it("opened with a switched-off listing's id, shows its product without that offer and highlights nothing", async () => {
      const detail = await productPage(t, m.l.inactive.id, member);
      expect(detail.product.id).toBe(m.p.frame.id);
      expect(detail.offers.map((o) => o.listingId)).toEqual([m.l.frame.id]);
      expect(detail.highlightedListingId).toBeNull();
    });

    it('reads an id in capitals as the same id', async () => {
      expect((await productPage(t, m.l.wayfarerA.id.toUpperCase())).highlightedListingId).toBe(m.l.wayfarerA.id);
      expect((await productPage(t, m.p.wayfarer.id.toUpperCase())).product.id).toBe(m.p.wayfarer.id);
    });

    it("orders a visitor's offers without their prices: in stock first, then newest", async () => {
      t.clock.advance(60_000);
      const dearer = await createListing(t.database.db, m.sellerA, m.p.holbrook, {
        createdAt: t.clock.now(),
        priceKurus: 900_000,
        stock: 3,
      });
      try {
        expect((await productPage(t, m.p.holbrook.id, member)).offers.map((o) => o.listingId)).toEqual([
          m.l.holbrook.id,
          dearer.id,
        ]);
        expect((await productPage(t, m.p.holbrook.id)).offers.map((o) => o.listingId)).toEqual([
          dearer.id,
          m.l.holbrook.id,
        ]);
      } finally {
        await t.database.db.delete(listings).where(eq(listings.id, dearer.id));
      }
    });

    it('leaves inactive offers out, and gives visitors no prices', async () => {
      const detail = await productPage(t, m.p.frame.id);
      expect(detail.offers.map((o) => o.listingId)).toEqual([m.l.frame.id]);
      expect(detail.pricesVisible).toBe(false);
      expect(detail.offers[0]).toMatchObject({ priceKurus: null, finalPriceKurus: null });
    });

    it('answers 404 PRODUCT_NOT_FOUND for unapproved products, their listings, unknown and malformed ids', async () => {
      for (const id of [
        m.p.pending.id,
        m.p.rejected.id,
        m.l.ofPending.id,
        m.legacy.id,
        randomUUID(),
        'abc',
        '1 or 1=1',
      ]) {
        const res = await callApi(t, 'GET', `/api/marketplace/products/${encodeURIComponent(id)}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().error.code).toBe('PRODUCT_NOT_FOUND');
      }
    });
  });

  describe('freshness', () => {
    it('cards, counts and facets follow a new listing, a deactivation and an approval at once', async () => {
      const db = t.database.db;
      const before = await categoryCounts(t);
      const lensCard = async () => (await browse(t, 'category=lens')).items[0];
      expect(await lensCard()).toMatchObject({ sellerCount: 1, offerCount: 1, totalStock: 40 });
      const added = await createListing(db, m.sellerA, m.p.lens, { createdAt: t.clock.now(), stock: 5 });
      expect(await lensCard()).toMatchObject({ sellerCount: 2, offerCount: 2, totalStock: 45 });
      // A second offer of a product already shown adds no product.
      expect((await categoryCounts(t)).total).toBe(before.total);
      expect((await browse(t, 'category=lens')).facets.brands).toEqual([{ id: 'Acuvue', label: 'Acuvue', count: 1 }]);

      await db.update(listings).set({ status: 'Yayında Değil' }).where(eq(listings.id, added.id));
      expect(await lensCard()).toMatchObject({ sellerCount: 1, offerCount: 1, totalStock: 40 });

      await db.update(catalogueProducts).set({ status: 'approved' }).where(eq(catalogueProducts.id, m.p.pending.id));
      expect((await categoryCounts(t)).total).toBe(before.total + 1);
      expect(idsOf(await browse(t))).toContain(m.p.pending.id);
    });
  });
});
