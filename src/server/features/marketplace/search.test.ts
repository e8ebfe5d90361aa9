import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { browseResultSchema, type BrowseResult } from '#shared/schemas/marketplace.ts';
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
import { catalogueSearchText } from '../../lib/turkish-search.ts';

type Product = Awaited<ReturnType<typeof createCatalogueProduct>>;

async function search(
  t: TestAppHandle,
  q: string,
  options: { cookie?: string; extra?: string } = {},
): Promise<BrowseResult> {
  const res = await callApi(t, 'GET', `/api/marketplace/listings?q=${encodeURIComponent(q)}${options.extra ?? ''}`, {
    cookie: options.cookie,
  });
  expect(res.statusCode, `q=${JSON.stringify(q.slice(0, 80))}: ${res.body.slice(0, 300)}`).toBe(200);
  return browseResultSchema.parse(res.json());
}

/** Distinct model codes of the result, in result order. */
const modelsOf = (result: BrowseResult) => [...new Set(result.items.map((item) => item.modelKodu))];

describeEachDatabase('marketplace search', (kind) => {
  const t = useTestApp(kind);
  let seller: TestUser;
  const products: Record<string, Product> = {};

  beforeAll(async () => {
    const db = t.database.db;
    seller = await createUser(db, { name: 'Kadıköy Optik', publicHandle: 'kadikoyoptik' });
    const add = async (key: string, fields: Partial<typeof catalogueProducts.$inferInsert>, offers = 1) => {
      products[key] = await createCatalogueProduct(db, fields);
      for (let i = 0; i < offers; i++) {
        t.clock.advance(1_000);
        await createListing(db, seller, products[key], { createdAt: t.clock.now(), priceKurus: 100_000 + i * 1_000 });
      }
    };
    await add('rb2140', { brand: 'Ray-Ban', modelCode: 'RB2140', name: 'Wayfarer Güneş Gözlüğü' }, 2);
    await add('rb3025', { brand: 'Ray-Ban', modelCode: 'RB3025', name: 'Aviator Güneş Gözlüğü' });
    await add('rb2132', { brand: 'Ray-Ban', modelCode: 'RB2132', name: 'New Wayfarer Güneş Gözlüğü' });
    await add('acuvue', {
      brand: 'Acuvue',
      modelCode: 'Oasys 1-Day',
      name: 'Günlük Kontakt Lens (30 lu)',
      category: 'lens',
      subcategory: 'kontakt',
    });
    await add('isik', {
      brand: 'Nova',
      modelCode: 'NV100',
      name: 'Işık Filtreli Okuma Gözlüğü',
      category: 'gozluk',
      subcategory: 'klasik',
    });
    await add('istanbul', {
      brand: 'Osse',
      modelCode: 'OS1453',
      name: 'İSTANBUL KLASİK ÇERÇEVE',
      category: 'gozluk',
      subcategory: 'klasik',
    });
    await add('oakley', {
      brand: 'Oakley',
      modelCode: 'OO9102',
      name: 'Holbrook Spor Güneş Gözlüğü',
      subcategory: 'spor',
    });
    // Never found: a seller's proposal still waiting, and one turned down.
    await add('pending', { brand: 'Ray-Ban', modelCode: 'RB4171', name: 'Erika Güneş Gözlüğü', status: 'pending' });
    await add('rejected', { brand: 'Ray-Ban', modelCode: 'RB4165', name: 'Justin Güneş Gözlüğü', status: 'rejected' });
  });

  describe('Turkish casing and letter folding', () => {
    it.each(['rayban', 'ray ban', 'RAY-BAN', 'Ray-Ban', 'RAYBAN'])(
      '"%s" finds every approved Ray-Ban and nothing else',
      async (q) => {
        const result = await search(t, q);
        expect(modelsOf(result).sort()).toEqual(['RB2132', 'RB2140', 'RB3025']);
        // One card per product: RB2140's two offers make one card.
        expect(result.total).toBe(3);
        expect(result.items).toHaveLength(3);
      },
    );

    it.each(['IŞIK', 'ışık', 'Işık', 'ISIK', 'isik'])('"%s" finds the product named "Işık ..."', async (q) => {
      expect(modelsOf(await search(t, q))).toEqual(['NV100']);
    });

    it('an inflected word finds its stem even where trigrams alone would not ("lenslerinden", "gözlüklerinden")', async () => {
      expect(modelsOf(await search(t, 'lenslerinden'))).toEqual(['Oasys 1-Day']);
      // gözlük + lerinden → gözlük, whose possessive form is the catalogue's "gözlüğü".
      const frames = modelsOf(await search(t, 'GÖZLÜKLERİNDEN'));
      expect(frames).toEqual(expect.arrayContaining(['NV100', 'RB2140', 'OO9102']));
    });

    it.each(['istanbul', 'İstanbul', 'ISTANBUL', 'İSTANBUL', 'ıstanbul'])(
      '"%s" finds the product named "İSTANBUL ..."',
      async (q) => {
        expect(modelsOf(await search(t, q))).toEqual(['OS1453']);
      },
    );

    it('matches the Turkish category names: "güneş gözlüğü" finds sunglasses, "KONTAKT LENS" the contact lens', async () => {
      expect(modelsOf(await search(t, 'güneş gözlüğü')).sort()).toEqual(['OO9102', 'RB2132', 'RB2140', 'RB3025']);
      expect(modelsOf(await search(t, 'KONTAKT LENS'))).toEqual(['Oasys 1-Day']);
    });
  });

  describe('typo tolerance', () => {
    it('"akuvue" finds Acuvue', async () => {
      expect(modelsOf(await search(t, 'akuvue'))).toEqual(['Oasys 1-Day']);
    });

    it('"raybn" and "oaklye" find their brands', async () => {
      expect(modelsOf(await search(t, 'raybn')).sort()).toEqual(['RB2132', 'RB2140', 'RB3025']);
      expect(modelsOf(await search(t, 'oaklye'))).toEqual(['OO9102']);
    });

    it('a word close to nothing finds nothing', async () => {
      const result = await search(t, 'zzqxv');
      expect(result).toMatchObject({ items: [], total: 0, pageCount: 1 });
    });

    it('finds a model by the start or a part of its code: "acu", "rb21", "2140"', async () => {
      expect(modelsOf(await search(t, 'acu'))).toEqual(['Oasys 1-Day']);
      expect(modelsOf(await search(t, 'rb21')).sort()).toEqual(['RB2132', 'RB2140']);
      expect(modelsOf(await search(t, '2140'))[0]).toBe('RB2140');
    });
  });

  describe('words', () => {
    it('a product must match every word: "rayban wayfarer" finds the two Wayfarers only', async () => {
      expect(modelsOf(await search(t, 'rayban wayfarer')).sort()).toEqual(['RB2132', 'RB2140']);
    });

    it('when no product matches every word, products matching any word are found', async () => {
      expect(modelsOf(await search(t, 'rayban acuvue')).sort()).toEqual(['Oasys 1-Day', 'RB2132', 'RB2140', 'RB3025']);
    });
  });

  describe('relevance', () => {
    it.each(['ray-ban rb2140', 'RB2140 Ray-Ban', 'rayban RB-2140'])(
      '"%s" ranks RB2140 above the other Ray-Bans, once, with both its offers',
      async (q) => {
        const result = await search(t, q);
        expect(result.items[0]).toMatchObject({ modelKodu: 'RB2140', offerCount: 2, sellerCount: 1 });
        expect(result.items.slice(1).every((item) => item.modelKodu !== 'RB2140')).toBe(true);
      },
    );

    it('an exact word ranks above a typo of it', async () => {
      // "wayfarer" is exact for both Wayfarers; "rb2140" is exact for one and a near typo (rb2132) for the other.
      expect(modelsOf(await search(t, 'wayfarer rb2140'))).toEqual(['RB2140', 'RB2132']);
    });

    it('pages through relevance order without losing or repeating a product', async () => {
      const whole = await search(t, 'ray-ban rb2140');
      const paged: string[] = [];
      for (let page = 1; page <= whole.total; page++) {
        const result = await search(t, 'ray-ban rb2140', { extra: `&pageSize=1&page=${page}` });
        expect(result).toMatchObject({ total: whole.total, pageCount: whole.total, page });
        paged.push(...result.items.map((item) => item.productId));
      }
      expect(paged).toEqual(whole.items.map((item) => item.productId));
      expect(new Set(paged).size).toBe(paged.length);
    });

    it("sorts search results by each product's newest offer when asked", async () => {
      // Listed in this order: RB2140 (two offers), RB3025, RB2132.
      expect(modelsOf(await search(t, 'rayban', { extra: '&sort=newest' }))).toEqual(['RB2132', 'RB3025', 'RB2140']);
    });
  });

  describe('barcode', () => {
    it("a query equal to a product's barcode returns that product first", async () => {
      const result = await search(t, products.rb2140.barcode!);
      expect(result.items.map((item) => [item.modelKodu, item.offerCount])).toEqual([['RB2140', 2]]);
    });

    it('a barcode with spaces around it still matches; an unknown barcode finds nothing', async () => {
      expect(modelsOf(await search(t, `  ${products.acuvue.barcode}  `))).toEqual(['Oasys 1-Day']);
      expect((await search(t, '8690000000000')).total).toBe(0);
    });

    it("a pending product's barcode finds nothing", async () => {
      expect((await search(t, products.pending.barcode!)).total).toBe(0);
    });
  });

  describe('hostile input', () => {
    const hostile = [
      `"`,
      `'`,
      `''`,
      `\\`,
      `\\'`,
      `ray'ban`,
      `"ray-ban"`,
      `ray & ban`,
      `ray | ban`,
      `!ray`,
      `ray:*`,
      `ray:* & !ban`,
      `(ray`,
      `ray)`,
      `((((`,
      `ray <-> ban`,
      `ray <2> ban`,
      `<->`,
      `&|!:*()`,
      `'; drop table listings; --`,
      `1' or '1'='1`,
      `rayban') or 1=1 --`,
      `%`,
      `_`,
      `%_%\\%`,
      `\u0000`,
      `ray\u0000ban`,
      `\u0001\u0002\u001f\u007f`,
      `ray\tban\r\nrb2140`,
      `🕶️ rayban 👓`,
      `👓👓👓`,
      `$1 $2 ::text`,
      `ray${'-'.repeat(500)}ban`,
      'a'.repeat(10 * 1024),
      `ray & ban | `.repeat(900),
      `ğüşıöçĞÜŞİÖÇ`,
    ];

    it.each(hostile.map((q) => [q.length > 40 ? `${q.slice(0, 30)}… (${q.length} chars)` : JSON.stringify(q), q]))(
      '%s is answered 200 with a valid result',
      async (_label, q) => {
        await search(t, q);
      },
    );

    it('operators and quotes are plain separators: "rayban" in quotes or with operators still finds Ray-Ban', async () => {
      for (const q of [`"rayban"`, `!rayban`, `rayban:*`, `(rayban)`, `ray & ban`, `ray <-> ban`, `'rayban'`]) {
        expect(modelsOf(await search(t, q)).sort(), q).toEqual(['RB2132', 'RB2140', 'RB3025']);
      }
    });

    it('SQL-looking text changes nothing', async () => {
      await search(t, `'; delete from listings; --`);
      await search(t, `x'); update listings set status = 'Yayında Değil'; --`);
      expect(await t.database.db.select().from(listings).where(eq(listings.status, 'Aktif'))).toHaveLength(10);
      expect((await search(t, 'rayban')).total).toBe(3);
    });
  });

  describe('freshness', () => {
    it('a new offer, an approved product and a deactivated listing show in the next search', async () => {
      const db = t.database.db;
      const before = await search(t, 'holbrook');
      expect(before.items).toEqual([expect.objectContaining({ modelKodu: 'OO9102', offerCount: 1 })]);

      const offer = await createListing(db, seller, products.oakley);
      expect((await search(t, 'holbrook')).items).toEqual([
        expect.objectContaining({ modelKodu: 'OO9102', offerCount: 2 }),
      ]);

      await db.update(listings).set({ status: 'Yayında Değil' }).where(eq(listings.id, offer.id));
      expect((await search(t, 'holbrook')).items).toEqual([
        expect.objectContaining({ modelKodu: 'OO9102', offerCount: 1 }),
      ]);

      const proposed = await createCatalogueProduct(db, {
        brand: 'Oakley',
        modelCode: 'OO9208',
        name: 'Radar EV Holbrook Edition',
        status: 'pending',
      });
      await createListing(db, seller, proposed);
      expect((await search(t, 'holbrook')).total).toBe(1);
      await db.update(catalogueProducts).set({ status: 'approved' }).where(eq(catalogueProducts.id, proposed.id));
      expect(modelsOf(await search(t, 'holbrook')).sort()).toEqual(['OO9102', 'OO9208']);
    });

    it('a product renamed by an admin is found by its new words', async () => {
      const db = t.database.db;
      const product = products.rb3025;
      const renamed = { ...product, name: 'Aviator Kırmızı Klasik' };
      await db
        .update(catalogueProducts)
        .set({ name: renamed.name, searchText: catalogueSearchText(renamed) })
        .where(eq(catalogueProducts.id, product.id));
      expect(modelsOf(await search(t, 'kirmizi aviator'))).toEqual(['RB3025']);
      expect(modelsOf(await search(t, 'KIRMIZI'))).toEqual(['RB3025']);
    });
  });

  describe('prices in search', () => {
    it('members get prices and may sort by price; visitors get neither', async () => {
      const member = await createUser(t.database.db, { name: 'Konak Optik' });
      const cookie = await signIn(t, member);
      const asMember = await search(t, 'ray-ban rb2140', { cookie, extra: '&sort=price_desc' });
      expect(asMember.pricesVisible).toBe(true);
      const prices = asMember.items.map((item) => item.lowestPriceKurus!);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      // RB2140's offers cost 1.000 and 1.010 TL: the card shows the lower.
      expect(asMember.items.find((item) => item.modelKodu === 'RB2140')!.lowestPriceKurus).toBe(100_000);

      const asVisitor = await search(t, 'ray-ban rb2140', { extra: '&sort=price_desc' });
      expect(asVisitor.pricesVisible).toBe(false);
      expect(asVisitor.items.every((item) => item.lowestPriceKurus === null)).toBe(true);
      // The price sort is ignored: the visitor gets the relevance order.
      expect(asVisitor.items.map((item) => item.productId)).toEqual(
        (await search(t, 'ray-ban rb2140')).items.map((item) => item.productId),
      );
    });
  });
});
