import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { FAVOURITES_MAX, type FavouriteList } from '#shared/schemas/favourites.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import {
  callApi,
  createCatalogueProduct,
  createListing,
  createUser,
  freshBarcode,
  signIn,
  type TestUser,
} from '../../../../test/factories.ts';
import { catalogueProducts } from '../../db/schema/catalogue.ts';
import { favourites } from '../../db/schema/favourites.ts';
import { catalogueSearchText } from '../../lib/turkish-search.ts';

const unknownProductId = '7d1c2b0e-4f7a-4c39-9a55-2f1d7f0c9e11';

function put(t: TestAppHandle, cookie: string | undefined, productId: string) {
  return callApi(t, 'PUT', `/api/favourites/${productId}`, { cookie });
}

function remove(t: TestAppHandle, cookie: string | undefined, productId: string) {
  return callApi(t, 'DELETE', `/api/favourites/${productId}`, { cookie });
}

async function favouriteIds(t: TestAppHandle, cookie: string): Promise<string[]> {
  const res = await callApi(t, 'GET', '/api/favourites/ids', { cookie });
  expect(res.statusCode).toBe(200);
  return (res.json() as { productIds: string[] }).productIds;
}

async function favouriteList(t: TestAppHandle, cookie: string): Promise<FavouriteList> {
  const res = await callApi(t, 'GET', '/api/favourites', { cookie });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function storedRows(t: TestAppHandle, userId: string) {
  return t.database.db.select().from(favourites).where(eq(favourites.userId, userId));
}

describeEachDatabase('favourites', (kind) => {
  const t = useTestApp(kind);
  let buyer: TestUser;
  let cookie: string;

  beforeEach(async () => {
    t.clock.reset();
    buyer = await createUser(t.database.db, { name: 'Alıcı Optik' });
    cookie = await signIn(t, buyer);
  });

  describe('adding and removing', () => {
    it('adds a product (204), lists its id, and adding it again keeps one row with the first time', async () => {
      const product = await createCatalogueProduct(t.database.db);
      const first = await put(t, cookie, product.id);
      expect(first.statusCode).toBe(204);
      const addedAt = t.clock.now();
      t.clock.advance(60_000);
      expect((await put(t, cookie, product.id)).statusCode).toBe(204);

      const rows = await storedRows(t, buyer.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ productId: product.id, createdAt: addedAt });
      expect(await favouriteIds(t, cookie)).toEqual([product.id]);
    });

    it('removes a product (204), and removing it again or one never added is still 204', async () => {
      const kept = await createCatalogueProduct(t.database.db);
      const dropped = await createCatalogueProduct(t.database.db);
      await put(t, cookie, kept.id);
      await put(t, cookie, dropped.id);

      expect((await remove(t, cookie, dropped.id)).statusCode).toBe(204);
      expect((await remove(t, cookie, dropped.id)).statusCode).toBe(204);
      expect((await remove(t, cookie, unknownProductId)).statusCode).toBe(204);
      expect(await favouriteIds(t, cookie)).toEqual([kept.id]);
    });

    it('refuses a product that does not exist or is not approved with PRODUCT_NOT_FOUND, storing nothing', async () => {
      const pending = await createCatalogueProduct(t.database.db, { status: 'pending' });
      const rejected = await createCatalogueProduct(t.database.db, { status: 'rejected' });
      for (const id of [unknownProductId, pending.id, rejected.id]) {
        const res = await put(t, cookie, id);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({
          error: { code: 'PRODUCT_NOT_FOUND', message: messages.errors.PRODUCT_NOT_FOUND },
        });
      }
      expect(await storedRows(t, buyer.id)).toEqual([]);
    });

    it('refuses a malformed product id with VALIDATION_FAILED', async () => {
      const res = await put(t, cookie, 'urun-1');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { productId: 'Geçersiz ürün numarası' },
      });
    });
  });

  describe('GET /api/favourites', () => {
    it('lists each favourite with its active in-stock offers: count, lowest final price and that offer’s thumbnail, newest first', async () => {
      const seller = await createUser(t.database.db, { name: 'Satıcı Bir' });
      const otherSeller = await createUser(t.database.db, { name: 'Satıcı İki' });
      const lens = await createCatalogueProduct(t.database.db, {
        brand: 'Acuvue',
        modelCode: 'Oasys 1-Day',
        name: 'Günlük Kontakt Lens',
        category: 'lens',
        subcategory: 'kontakt',
      });
      // 1.000,00 TL − 15 % = 850,00; 849,99 TL without a discount is cheaper by one kuruş.
      await createListing(t.database.db, seller, lens, {
        priceKurus: 100_000,
        discountPercent: 15,
        thumbnailKey: 'listing-images/pahali-thumb.webp',
      });
      await createListing(t.database.db, otherSeller, lens, {
        priceKurus: 84_999,
        thumbnailKey: 'listing-images/ucuz-thumb.webp',
      });
      // Cheaper, but not buyable: switched off, or out of stock.
      await createListing(t.database.db, seller, lens, { priceKurus: 10_000, status: 'Yayında Değil' });
      await createListing(t.database.db, otherSeller, lens, { priceKurus: 9_000, stock: 0 });

      const frame = await createCatalogueProduct(t.database.db, {
        brand: 'Ray-Ban',
        modelCode: 'RB2140',
        name: 'Wayfarer',
        category: 'gunes-gozlugu',
        subcategory: 'erkek',
      });
      // 999 kuruş − 15 % = 849,15 → 849 (rounded once, half away from zero).
      await createListing(t.database.db, seller, frame, { priceKurus: 999, discountPercent: 15 });

      const unsold = await createCatalogueProduct(t.database.db, {
        brand: 'Oakley',
        category: 'gozluk',
        subcategory: 'spor',
      });

      await put(t, cookie, lens.id);
      t.clock.advance(1_000);
      await put(t, cookie, frame.id);
      t.clock.advance(1_000);
      await put(t, cookie, unsold.id);

      const list = await favouriteList(t, cookie);
      expect(list.items.map((item) => item.productId)).toEqual([unsold.id, frame.id, lens.id]);
      expect(list.items[2]).toEqual({
        productId: lens.id,
        brand: 'Acuvue',
        modelCode: 'Oasys 1-Day',
        name: 'Günlük Kontakt Lens',
        category: 'lens',
        subcategory: 'kontakt',
        thumbnailUrl: '/api/listing-images/ucuz-thumb.webp',
        offerCount: 2,
        lowestPriceKurus: 84_999,
        favouritedAt: new Date(t.clock.now().getTime() - 2_000).toISOString(),
      });
      expect(list.items[1]).toMatchObject({
        productId: frame.id,
        offerCount: 1,
        lowestPriceKurus: 849,
        thumbnailUrl: null,
      });
      expect(list.items[0]).toMatchObject({
        productId: unsold.id,
        offerCount: 0,
        lowestPriceKurus: null,
        thumbnailUrl: null,
      });
    });

    it('an empty list for a member without favourites', async () => {
      expect(await favouriteList(t, cookie)).toEqual({ items: [] });
      expect(await favouriteIds(t, cookie)).toEqual([]);
    });
  });

  describe('the limit', () => {
    it(`allows ${FAVOURITES_MAX} favourites, refuses one more with LIMIT_REACHED, and re-adding a kept one still succeeds`, async () => {
      const products = await t.database.db
        .insert(catalogueProducts)
        .values(
          Array.from({ length: FAVOURITES_MAX + 1 }, (_, i) => {
            const values = {
              brand: 'Vogue',
              modelCode: `VO${i}`,
              name: 'Çerçeve',
              barcode: freshBarcode(),
              category: 'gozluk',
              subcategory: 'modern',
              status: 'approved',
            };
            return {
              ...values,
              searchText: catalogueSearchText(values),
              createdAt: t.clock.now(),
              updatedAt: t.clock.now(),
            };
          }),
        )
        .returning({ id: catalogueProducts.id });
      const [last, beforeLast, ...rest] = products;
      await t.database.db
        .insert(favourites)
        .values(rest.map((p) => ({ userId: buyer.id, productId: p.id, createdAt: t.clock.now() })));

      expect((await put(t, cookie, beforeLast.id)).statusCode).toBe(204);
      const refused = await put(t, cookie, last.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: { code: 'LIMIT_REACHED', message: marketplaceMessages.favourites.limitReached(FAVOURITES_MAX) },
      });
      expect(await storedRows(t, buyer.id)).toHaveLength(FAVOURITES_MAX);
      expect((await put(t, cookie, rest[0].id)).statusCode).toBe(204);

      // Making room lets the refused one in.
      await remove(t, cookie, rest[1].id);
      expect((await put(t, cookie, last.id)).statusCode).toBe(204);
    });

    it('adds racing for the last place: exactly one gets it', async () => {
      const contenders = await Promise.all(Array.from({ length: 8 }, () => createCatalogueProduct(t.database.db)));
      const filler = await t.database.db
        .insert(catalogueProducts)
        .values(
          Array.from({ length: FAVOURITES_MAX - 1 }, (_, i) => {
            const values = {
              brand: 'Police',
              modelCode: `VPL${i}`,
              name: 'Çerçeve',
              barcode: freshBarcode(),
              category: 'gozluk',
              subcategory: 'modern',
              status: 'approved',
            };
            return {
              ...values,
              searchText: catalogueSearchText(values),
              createdAt: t.clock.now(),
              updatedAt: t.clock.now(),
            };
          }),
        )
        .returning({ id: catalogueProducts.id });
      await t.database.db
        .insert(favourites)
        .values(filler.map((p) => ({ userId: buyer.id, productId: p.id, createdAt: t.clock.now() })));

      const results = await Promise.all(contenders.map((p) => put(t, cookie, p.id)));
      expect(results.filter((r) => r.statusCode === 204)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(contenders.length - 1);
      expect(await storedRows(t, buyer.id)).toHaveLength(FAVOURITES_MAX);
    });
  });

  describe('privacy', () => {
    it('refuses a visitor on every favourites route with 401', async () => {
      const product = await createCatalogueProduct(t.database.db);
      for (const res of [
        await callApi(t, 'GET', '/api/favourites'),
        await callApi(t, 'GET', '/api/favourites/ids'),
        await put(t, undefined, product.id),
        await remove(t, undefined, product.id),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHENTICATED');
      }
    });

    it('one member never sees or changes another member’s favourites', async () => {
      const other = await createUser(t.database.db, { name: 'Başka Mağaza' });
      const otherCookie = await signIn(t, other);
      const mine = await createCatalogueProduct(t.database.db);
      const theirs = await createCatalogueProduct(t.database.db);
      await put(t, cookie, mine.id);
      await put(t, otherCookie, theirs.id);

      expect(await favouriteIds(t, cookie)).toEqual([mine.id]);
      expect((await favouriteList(t, cookie)).items.map((i) => i.productId)).toEqual([mine.id]);
      expect(await favouriteIds(t, otherCookie)).toEqual([theirs.id]);

      // Removing "their" product from my favourites touches only mine.
      expect((await remove(t, cookie, theirs.id)).statusCode).toBe(204);
      const [row] = await t.database.db
        .select()
        .from(favourites)
        .where(and(eq(favourites.userId, other.id), eq(favourites.productId, theirs.id)));
      expect(row).toBeDefined();
    });
  });
});
