import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import { messages } from '#shared/messages.tr.ts';
import type { SellerDashboard, SellerListing } from '#shared/schemas/listings.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createCatalogueProduct, createListing, createUser } from '../../../../test/factories.ts';
import { platformSettings } from '../../db/schema/admin.ts';
import { listings } from '../../db/schema/listings.ts';
import { orders } from '../../db/schema/orders.ts';
import {
  eventsOf,
  expectError,
  listingBody,
  listingRow,
  postListing,
  signedInSeller,
  type Seller,
} from './listings.fixtures.ts';

const v = listingMessages.validation;
/** 12:00 in Istanbul on 15 March 2026. */
const NOW = new Date('2026-03-15T09:00:00Z');

describeEachDatabase('seller listings', (kind) => {
  const t = useTestApp(kind, { clockStart: NOW });
  beforeEach(() => t.clock.set(NOW));

  describe('creating a listing', () => {
    let seller: Seller;
    let sunglasses: Awaited<ReturnType<typeof createCatalogueProduct>>;
    let contactLens: Awaited<ReturnType<typeof createCatalogueProduct>>;
    let solution: Awaited<ReturnType<typeof createCatalogueProduct>>;
    beforeAll(async () => {
      seller = await signedInSeller(t);
      sunglasses = await createCatalogueProduct(t.database.db, {
        brand: 'Ray-Ban',
        modelCode: 'RB3025',
        name: 'Aviator Classic',
        category: 'gunes-gozlugu',
        subcategory: 'erkek',
      });
      contactLens = await createCatalogueProduct(t.database.db, {
        brand: 'Acuvue',
        modelCode: 'OASYS-6',
        name: 'Acuvue Oasys',
        category: 'lens',
        subcategory: 'kontakt',
      });
      solution = await createCatalogueProduct(t.database.db, {
        brand: 'Renu',
        modelCode: 'MPS-360',
        name: 'Renu Solüsyon',
        category: 'aksesuar',
        subcategory: 'temizlik',
      });
    });

    it('copies brand, model code and categories from the catalogue, saves colour Standart and status Aktif, with the defaults 2 days and 1 piece', async () => {
      const res = await postListing(t, seller, { productId: sunglasses.id, stock: 5, priceKurus: 349_950 });
      expect(res.statusCode, res.body).toBe(201);
      const listing = res.json<SellerListing>();
      expect(listing).toMatchObject({
        productId: sunglasses.id,
        marka: 'Ray-Ban',
        name: 'Ray-Ban RB3025',
        modelKodu: 'RB3025',
        kategori: 'gunes-gozlugu',
        altKategori: 'erkek',
        tur: 'Erkek',
        barkod: sunglasses.barcode,
        miad: null,
        stok: 5,
        priceKurus: 349_950,
        durum: 'Aktif',
        handlingDays: 2,
        minOrderQty: 1,
        discountPercent: null,
        isPromoted: false,
        imageUrl: null,
        thumbnailUrl: null,
        createdAt: NOW.toISOString(),
      });
      const row = await listingRow(t, listing.id);
      expect(row).toMatchObject({
        sellerId: seller.id,
        renk: 'Standart',
        status: 'Aktif',
        marka: 'Ray-Ban',
        modelKodu: 'RB3025',
        kategori: 'gunes-gozlugu',
        altKategori: 'erkek',
      });
      expect(await eventsOf(t, listing.id)).toEqual([
        { action: 'created', actorId: seller.id, fromStatus: null, toStatus: 'Aktif' },
      ]);
    });

    it('keeps the handling days, minimum order, discount and promoted flag the seller chose', async () => {
      const res = await postListing(
        t,
        seller,
        listingBody(sunglasses.id, { handlingDays: 5, minOrderQty: 3, discountPercent: 15, isPromoted: true }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ handlingDays: 5, minOrderQty: 3, discountPercent: 15, isPromoted: true });
    });

    it('ignores brand and category fields in the body: the catalogue decides them', async () => {
      const res = await postListing(
        t,
        seller,
        listingBody(sunglasses.id, { marka: 'Sahte', kategori: 'lens', sellerId: 'baskasi' }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const row = await listingRow(t, res.json<SellerListing>().id);
      expect(row).toMatchObject({ marka: 'Ray-Ban', kategori: 'gunes-gozlugu', sellerId: seller.id });
    });

    it.each([
      ['a missing product', { productId: undefined }, 'productId', v.productRequired],
      ['a product id that is no id', { productId: 'gozluk-1' }, 'productId', v.productRequired],
      ['a missing stock', { stock: undefined }, 'stock', v.stockInvalid],
      ['a negative stock', { stock: -1 }, 'stock', v.stockInvalid],
      ['a fractional stock', { stock: 1.5 }, 'stock', v.stockInvalid],
      ['a missing price', { priceKurus: undefined }, 'priceKurus', v.priceInvalid],
      ['a price of 0', { priceKurus: 0 }, 'priceKurus', v.priceInvalid],
      ['a negative price', { priceKurus: -100 }, 'priceKurus', v.priceInvalid],
      ['a price given as text', { priceKurus: '12,50' }, 'priceKurus', v.priceInvalid],
      ['an expiry that is no date', { miad: '31.12.2027' }, 'miad', v.expiryInvalid],
      ['0 handling days', { handlingDays: 0 }, 'handlingDays', v.handlingDaysInvalid],
      ['31 handling days', { handlingDays: 31 }, 'handlingDays', v.handlingDaysInvalid],
      ['a minimum order of 0', { minOrderQty: 0 }, 'minOrderQty', v.minOrderInvalid],
      ['a discount of 0 %', { discountPercent: 0 }, 'discountPercent', v.discountInvalid],
      ['a discount of 91 %', { discountPercent: 91 }, 'discountPercent', v.discountInvalid],
    ])('refuses %s with its Turkish message', async (_name, fields, field, message) => {
      const body = { ...listingBody(sunglasses.id), ...fields };
      const res = await postListing(t, seller, body);
      const error = expectError(res, 400, 'VALIDATION_FAILED', message);
      expect(error.fields?.[field]).toBe(message);
    });

    it('accepts a stock of 0 (shown as Stokta Yok)', async () => {
      const res = await postListing(t, seller, listingBody(sunglasses.id, { stock: 0 }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ stok: 0 });
    });

    it.each([
      ['contact lenses', () => contactLens, 'Kontakt Lens'],
      ['lens solutions', () => solution, 'Temizlik'],
    ])('requires an expiry date for %s', async (_name, product, tur) => {
      const before = await t.database.db.select().from(listings).where(eq(listings.sellerId, seller.id));
      const refused = await postListing(t, seller, listingBody(product().id));
      const error = expectError(
        refused,
        400,
        'VALIDATION_FAILED',
        'Lens ve solüsyon ürünleri için miat tarihi zorunludur.',
      );
      expect(error.fields).toEqual({ miad: v.expiryRequired });
      expect(await t.database.db.select().from(listings).where(eq(listings.sellerId, seller.id))).toHaveLength(
        before.length,
      );

      const accepted = await postListing(t, seller, listingBody(product().id, { miad: '2027-03-31' }));
      expect(accepted.statusCode, accepted.body).toBe(201);
      expect(accepted.json()).toMatchObject({ miad: '2027-03-31', tur });
    });

    it('does not require an expiry date for sunglasses', async () => {
      const res = await postListing(t, seller, listingBody(sunglasses.id, { miad: null }));
      expect(res.statusCode, res.body).toBe(201);
    });

    it.each([
      ['yesterday', '2026-03-14'],
      ['today', '2026-03-15'],
    ])('refuses an expiry date of %s in Turkey', async (_name, miad) => {
      const res = await postListing(t, seller, listingBody(contactLens.id, { miad }));
      const error = expectError(res, 400, 'VALIDATION_FAILED', 'Miat tarihi bugünden sonra olmalıdır.');
      expect(error.fields).toEqual({ miad: v.expiryPast });
    });

    it('judges "today" in Istanbul: at 22:30 UTC on the 15th it is already the 16th there', async () => {
      t.clock.set(new Date('2026-03-15T22:30:00Z'));
      expectError(
        await postListing(t, seller, listingBody(contactLens.id, { miad: '2026-03-16' })),
        400,
        'VALIDATION_FAILED',
        v.expiryPast,
      );
      const res = await postListing(t, seller, listingBody(contactLens.id, { miad: '2026-03-17' }));
      expect(res.statusCode, res.body).toBe(201);
    });

    it('refuses a past expiry date for goods that need none as well', async () => {
      expectError(
        await postListing(t, seller, listingBody(sunglasses.id, { miad: '2025-12-31' })),
        400,
        'VALIDATION_FAILED',
        v.expiryPast,
      );
    });

    it('refuses a product that is not in the catalogue or not approved with PRODUCT_NOT_FOUND', async () => {
      const pending = await createCatalogueProduct(t.database.db, { status: 'pending' });
      const rejected = await createCatalogueProduct(t.database.db, { status: 'rejected' });
      for (const productId of [pending.id, rejected.id, '0b7c4f5e-5d1a-4c39-9a53-4c6f0e2b7a11']) {
        const error = expectError(
          await postListing(t, seller, listingBody(productId)),
          404,
          'PRODUCT_NOT_FOUND',
          v.productNotListable,
        );
        expect(error.fields).toEqual({ productId: v.productNotListable });
      }
    });
  });

  describe('the seller list', () => {
    it('shows only the seller’s own listings, newest first, with barcode and type label', async () => {
      const seller = await signedInSeller(t);
      const other = await signedInSeller(t);
      const frame = await createCatalogueProduct(t.database.db, {
        brand: 'Vogue',
        modelCode: 'VO5286',
        category: 'gozluk',
        subcategory: null,
      });
      const lens = await createCatalogueProduct(t.database.db, {
        brand: 'Biofinity',
        modelCode: 'BIO-6',
        category: 'lens',
        subcategory: 'kontakt',
      });
      const first = await postListing(t, seller, listingBody(frame.id));
      t.clock.advance(60_000);
      const second = await postListing(t, seller, listingBody(lens.id, { miad: '2027-01-31' }));
      await postListing(t, other, listingBody(frame.id));

      const res = await callApi(t, 'GET', '/api/listings/mine', { cookie: seller.cookie });
      expect(res.statusCode).toBe(200);
      const items = res.json<{ items: SellerListing[] }>().items;
      expect(items.map((i) => i.id)).toEqual([second.json<SellerListing>().id, first.json<SellerListing>().id]);
      // No subcategory: the category's name is the type.
      expect(items[1]).toMatchObject({ tur: 'Optik Çerçeve', barkod: frame.barcode, marka: 'Vogue' });
      expect(items[0]).toMatchObject({ tur: 'Kontakt Lens', barkod: lens.barcode, miad: '2027-01-31' });
    });

    it('is empty for a new seller', async () => {
      const seller = await signedInSeller(t);
      const res = await callApi(t, 'GET', '/api/listings/mine', { cookie: seller.cookie });
      expect(res.json()).toEqual({ items: [] });
    });
  });

  describe('editing, toggling and deleting', () => {
    let seller: Seller;
    let product: Awaited<ReturnType<typeof createCatalogueProduct>>;
    beforeAll(async () => {
      seller = await signedInSeller(t);
      product = await createCatalogueProduct(t.database.db, {
        brand: 'Oakley',
        modelCode: 'OO9208',
        category: 'gunes-gozlugu',
        subcategory: 'spor',
      });
    });

    async function newListing(fields: Record<string, unknown> = {}) {
      const res = await postListing(t, seller, listingBody(product.id, fields));
      expect(res.statusCode, res.body).toBe(201);
      return res.json<SellerListing>();
    }

    it('saves the form over the listing, keeping its status and creation date, and copies a newly chosen product', async () => {
      const listing = await newListing();
      await callApi(t, 'POST', `/api/listings/${listing.id}/deactivate`, { cookie: seller.cookie });
      const lens = await createCatalogueProduct(t.database.db, {
        brand: 'Air Optix',
        modelCode: 'AO-AQUA',
        category: 'lens',
        subcategory: 'kontakt',
      });
      t.clock.advance(3_600_000);
      const res = await callApi(t, 'PATCH', `/api/listings/${listing.id}`, {
        cookie: seller.cookie,
        payload: listingBody(lens.id, { stock: 3, priceKurus: 99_990, miad: '2026-09-30', handlingDays: 4 }),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: listing.id,
        productId: lens.id,
        marka: 'Air Optix',
        kategori: 'lens',
        tur: 'Kontakt Lens',
        stok: 3,
        priceKurus: 99_990,
        miad: '2026-09-30',
        handlingDays: 4,
        durum: 'Yayında Değil',
        createdAt: listing.createdAt,
      });
      expect(await eventsOf(t, listing.id)).toEqual([
        { action: 'created', actorId: seller.id, fromStatus: null, toStatus: 'Aktif' },
        { action: 'deactivated', actorId: seller.id, fromStatus: 'Aktif', toStatus: 'Yayında Değil' },
        { action: 'updated', actorId: seller.id, fromStatus: null, toStatus: null },
      ]);
    });

    it('applies the same rules on edit (expiry of a contact lens, price, an approved product only), changing nothing', async () => {
      const listing = await newListing();
      const lens = await createCatalogueProduct(t.database.db, { category: 'lens', subcategory: 'kontakt' });
      expectError(
        await callApi(t, 'PATCH', `/api/listings/${listing.id}`, {
          cookie: seller.cookie,
          payload: listingBody(lens.id),
        }),
        400,
        'VALIDATION_FAILED',
        v.expiryRequired,
      );
      expectError(
        await callApi(t, 'PATCH', `/api/listings/${listing.id}`, {
          cookie: seller.cookie,
          payload: listingBody(product.id, { priceKurus: 0 }),
        }),
        400,
        'VALIDATION_FAILED',
        v.priceInvalid,
      );
      const pending = await createCatalogueProduct(t.database.db, { status: 'pending' });
      expectError(
        await callApi(t, 'PATCH', `/api/listings/${listing.id}`, {
          cookie: seller.cookie,
          payload: listingBody(pending.id),
        }),
        404,
        'PRODUCT_NOT_FOUND',
        v.productNotListable,
      );
      expect(await listingRow(t, listing.id)).toMatchObject({ productId: product.id, priceKurus: 249_900 });
      expect((await eventsOf(t, listing.id)).map((e) => e.action)).toEqual(['created']);
    });

    it('toggles Aktif → Yayında Değil → Aktif, refusing the transition from the wrong status with INVALID_STATUS_TRANSITION', async () => {
      const listing = await newListing();
      const off = await callApi(t, 'POST', `/api/listings/${listing.id}/deactivate`, { cookie: seller.cookie });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ durum: 'Yayında Değil' });
      expectError(
        await callApi(t, 'POST', `/api/listings/${listing.id}/deactivate`, { cookie: seller.cookie }),
        409,
        'INVALID_STATUS_TRANSITION',
      );

      const on = await callApi(t, 'POST', `/api/listings/${listing.id}/activate`, { cookie: seller.cookie });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ durum: 'Aktif', barkod: product.barcode });
      expectError(
        await callApi(t, 'POST', `/api/listings/${listing.id}/activate`, { cookie: seller.cookie }),
        409,
        'INVALID_STATUS_TRANSITION',
      );

      expect(await listingRow(t, listing.id)).toMatchObject({ status: 'Aktif' });
      expect(await eventsOf(t, listing.id)).toEqual([
        { action: 'created', actorId: seller.id, fromStatus: null, toStatus: 'Aktif' },
        { action: 'deactivated', actorId: seller.id, fromStatus: 'Aktif', toStatus: 'Yayında Değil' },
        { action: 'activated', actorId: seller.id, fromStatus: 'Yayında Değil', toStatus: 'Aktif' },
      ]);
    });

    it('lets only one of two simultaneous deactivations through', async () => {
      const listing = await newListing();
      const results = await Promise.all([
        callApi(t, 'POST', `/api/listings/${listing.id}/deactivate`, { cookie: seller.cookie }),
        callApi(t, 'POST', `/api/listings/${listing.id}/deactivate`, { cookie: seller.cookie }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await eventsOf(t, listing.id)).filter((e) => e.action === 'deactivated')).toHaveLength(1);
    });

    it('deletes the listing and keeps its history', async () => {
      const listing = await newListing();
      const res = await callApi(t, 'DELETE', `/api/listings/${listing.id}`, { cookie: seller.cookie });
      expect(res.statusCode, res.body).toBe(204);
      expect(await listingRow(t, listing.id)).toBeNull();
      expect((await eventsOf(t, listing.id)).map((e) => e.action)).toEqual(['created', 'deleted']);
      expectError(
        await callApi(t, 'DELETE', `/api/listings/${listing.id}`, { cookie: seller.cookie }),
        404,
        'LISTING_NOT_FOUND',
        messages.errors.LISTING_NOT_FOUND,
      );
    });
  });

  describe('ownership', () => {
    let sellerA: Seller;
    let sellerB: Seller;
    let listing: SellerListing;
    let product: Awaited<ReturnType<typeof createCatalogueProduct>>;
    beforeAll(async () => {
      sellerA = await signedInSeller(t);
      sellerB = await signedInSeller(t);
      product = await createCatalogueProduct(t.database.db);
      t.clock.set(NOW);
      const res = await postListing(t, sellerA, listingBody(product.id));
      listing = res.json<SellerListing>();
    });

    const attempts: [string, 'PATCH' | 'DELETE' | 'POST', string, (productId: string) => object | undefined][] = [
      ['edit', 'PATCH', '', (productId) => listingBody(productId, { stock: 999, priceKurus: 100 })],
      ['delete', 'DELETE', '', () => undefined],
      ['deactivate', 'POST', '/deactivate', () => undefined],
      ['remove the image of', 'DELETE', '/image', () => undefined],
    ];

    it.each(attempts)(
      'seller B cannot %s seller A’s listing: LISTING_NOT_FOUND, nothing changed',
      async (_name, method, suffix, body) => {
        const before = await listingRow(t, listing.id);
        const eventsBefore = await eventsOf(t, listing.id);
        const res = await callApi(t, method, `/api/listings/${listing.id}${suffix}`, {
          cookie: sellerB.cookie,
          payload: body(product.id),
        });
        expectError(res, 404, 'LISTING_NOT_FOUND', messages.errors.LISTING_NOT_FOUND);
        expect(await listingRow(t, listing.id)).toEqual(before);
        expect(await eventsOf(t, listing.id)).toEqual(eventsBefore);
      },
    );

    it('seller B cannot activate seller A’s listing either, whatever its status', async () => {
      await callApi(t, 'POST', `/api/listings/${listing.id}/deactivate`, { cookie: sellerA.cookie });
      const before = await listingRow(t, listing.id);
      expectError(
        await callApi(t, 'POST', `/api/listings/${listing.id}/activate`, { cookie: sellerB.cookie }),
        404,
        'LISTING_NOT_FOUND',
      );
      expect(await listingRow(t, listing.id)).toEqual(before);
      await callApi(t, 'POST', `/api/listings/${listing.id}/activate`, { cookie: sellerA.cookie });
    });

    it('answers an unknown listing exactly like another seller’s', async () => {
      const unknown = await callApi(t, 'POST', '/api/listings/6f1d2c8a-3b4e-4f5a-9c6d-7e8f9a0b1c2d/deactivate', {
        cookie: sellerB.cookie,
      });
      const foreign = await callApi(t, 'POST', `/api/listings/${listing.id}/deactivate`, { cookie: sellerB.cookie });
      expect(foreign.statusCode).toBe(unknown.statusCode);
      expect(foreign.json()).toEqual(unknown.json());
    });

    it('seller B’s list does not contain seller A’s listing', async () => {
      const res = await callApi(t, 'GET', '/api/listings/mine', { cookie: sellerB.cookie });
      expect(res.json<{ items: SellerListing[] }>().items.map((i) => i.id)).not.toContain(listing.id);
    });
  });

  describe('the dashboard', () => {
    it('counts listings and active ones, sums orders by status and Turkish calendar month, lists the recent five', async () => {
      const seller = await signedInSeller(t);
      const buyer = await createUser(t.database.db, { role: 'store_owner' });
      const otherSeller = await createUser(t.database.db, { role: 'store_owner' });
      const product = await createCatalogueProduct(t.database.db);
      const created: string[] = [];
      for (let i = 0; i < 7; i++) {
        t.clock.set(new Date(NOW.getTime() + i * 60_000));
        created.push((await postListing(t, seller, listingBody(product.id, { stock: i }))).json<SellerListing>().id);
      }
      t.clock.set(NOW);
      await callApi(t, 'POST', `/api/listings/${created[0]}/deactivate`, { cookie: seller.cookie });
      await callApi(t, 'POST', `/api/listings/${created[1]}/deactivate`, { cookie: seller.cookie });
      // Another seller's listing counts for nobody here.
      await createListing(t.database.db, otherSeller, product);

      let n = 0;
      const order = (sellerId: string, status: string, totalKurus: number, createdAt: string) => ({
        orderNumber: `OPT-${seller.id.slice(0, 6)}-${++n}`,
        buyerId: buyer.id,
        sellerId,
        status,
        totalKurus,
        paidAt: new Date(createdAt),
        createdAt: new Date(createdAt),
        updatedAt: new Date(createdAt),
      });
      await t.database.db.insert(orders).values([
        order(seller.id, 'paid_escrow', 10_000, '2026-03-10T10:00:00Z'),
        order(seller.id, 'paid_escrow', 20_000, '2026-03-12T10:00:00Z'),
        order(seller.id, 'completed', 40_000, '2026-02-10T10:00:00Z'),
        // 00:30 on 1 March in Istanbul: this month.
        order(seller.id, 'shipped', 80_000, '2026-02-28T21:30:00Z'),
        // 23:30 on 28 February in Istanbul: last month.
        order(seller.id, 'delivery_confirmed', 160_000, '2026-02-28T20:30:00Z'),
        // A disputed order is a sale until a refund takes money back (as in the seller reports).
        order(seller.id, 'disputed', 320_000, '2026-03-14T10:00:00Z'),
        order(seller.id, 'completed', 640_000, '2025-03-14T10:00:00Z'),
        order(otherSeller.id, 'paid_escrow', 1_280_000, '2026-03-14T10:00:00Z'),
      ]);
      await t.database.db.update(platformSettings).set({ lowStockThreshold: 7 });

      const res = await callApi(t, 'GET', '/api/listings/mine/dashboard', { cookie: seller.cookie });
      expect(res.statusCode, res.body).toBe(200);
      const dashboard = res.json<SellerDashboard>();
      expect(dashboard).toMatchObject({
        totalProducts: 7,
        activeProducts: 5,
        totalOrders: 7,
        pendingOrders: 2,
        totalRevenueKurus: 10_000 + 20_000 + 40_000 + 80_000 + 160_000 + 320_000 + 640_000,
        monthlyRevenueKurus: 10_000 + 20_000 + 80_000 + 320_000,
        lowStockThreshold: 7,
      });
      expect(dashboard.recentProducts.map((p) => p.id)).toEqual(created.slice(2).reverse());
      expect(dashboard.recentOrders).toHaveLength(5);
      expect(dashboard.recentOrders[0]).toMatchObject({
        totalKurus: 320_000,
        status: 'disputed',
        createdAt: '2026-03-14T10:00:00.000Z',
      });
      expect(dashboard.recentOrders.map((o) => o.createdAt)).toEqual(
        [...dashboard.recentOrders.map((o) => o.createdAt)].sort().reverse(),
      );
      await t.database.db.update(platformSettings).set({ lowStockThreshold: 10 });
    });

    it('shows zeros and empty lists for a new seller', async () => {
      const seller = await signedInSeller(t);
      const res = await callApi(t, 'GET', '/api/listings/mine/dashboard', { cookie: seller.cookie });
      expect(res.json()).toEqual({
        totalProducts: 0,
        activeProducts: 0,
        totalOrders: 0,
        pendingOrders: 0,
        totalRevenueKurus: 0,
        monthlyRevenueKurus: 0,
        lowStockThreshold: 10,
        recentProducts: [],
        recentOrders: [],
      });
    });
  });

  describe('visitors', () => {
    it.each([
      ['GET', '/api/listings/mine'],
      ['GET', '/api/listings/mine/dashboard'],
      ['POST', '/api/listings'],
      ['PATCH', '/api/listings/6f1d2c8a-3b4e-4f5a-9c6d-7e8f9a0b1c2d'],
      ['DELETE', '/api/listings/6f1d2c8a-3b4e-4f5a-9c6d-7e8f9a0b1c2d'],
      ['POST', '/api/listings/6f1d2c8a-3b4e-4f5a-9c6d-7e8f9a0b1c2d/activate'],
      ['POST', '/api/listings/6f1d2c8a-3b4e-4f5a-9c6d-7e8f9a0b1c2d/deactivate'],
      ['PUT', '/api/listings/6f1d2c8a-3b4e-4f5a-9c6d-7e8f9a0b1c2d/image'],
      ['DELETE', '/api/listings/6f1d2c8a-3b4e-4f5a-9c6d-7e8f9a0b1c2d/image'],
    ] as const)('get 401 on %s %s', async (method, url) => {
      const res = await callApi(t, method, url, { payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expectError(res, 401, 'UNAUTHENTICATED', messages.errors.UNAUTHENTICATED);
    });

    it('are listed in the access matrix with member or owner rules', () => {
      const rules = t.app.apiRoutes
        .filter((r) => r.url.startsWith('/api/listing'))
        .map((r) => `${r.method} ${r.url} ${r.access}`);
      expect(rules.sort()).toEqual(
        [
          'GET /api/listings/mine member',
          'GET /api/listings/mine/dashboard member',
          'POST /api/listings member',
          'PATCH /api/listings/:id owner',
          'DELETE /api/listings/:id owner',
          'POST /api/listings/:id/activate owner',
          'POST /api/listings/:id/deactivate owner',
          'PUT /api/listings/:id/image owner',
          'DELETE /api/listings/:id/image owner',
          'GET /api/listing-images/:file public',
        ].sort(),
      );
    });
  });
});
