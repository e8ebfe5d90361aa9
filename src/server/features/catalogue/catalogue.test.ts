import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import { messages } from '#shared/messages.tr.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { catalogueProducts } from '../../db/schema/catalogue.ts';
import { listings } from '../../db/schema/listings.ts';
import { testEnv, useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import {
  callApi,
  createCatalogueProduct,
  createListing,
  createUser,
  freshBarcode,
  outboxTo,
  signIn,
  type TestUser,
} from '../../../../test/factories.ts';
import { catalogueSearchText } from '../../lib/turkish-search.ts';

const v = catalogueMessages.validation;

/** A word no other test uses, so searches find only this test's products. */
function token(): string {
  return `t${randomBytes(4).toString('hex')}`;
}

function frameInput(overrides: Record<string, unknown> = {}) {
  return {
    brand: 'Ray-Ban',
    modelCode: `RB${token()}`,
    name: 'Ray-Ban Wayfarer Güneş Gözlüğü 50 mm Siyah',
    barcode: freshBarcode(),
    category: 'gunes-gozlugu',
    subcategory: 'erkek',
    colourCode: '901',
    eyeSizeMm: 50,
    bridgeMm: 22,
    templeMm: 150,
    baseCurveMm: null,
    diameterMm: null,
    ...overrides,
  };
}

function lensInput(overrides: Record<string, unknown> = {}) {
  return {
    brand: 'Acuvue',
    modelCode: `Oasys ${token()}`,
    name: 'Acuvue Oasys 1-Day Günlük Kontakt Lens 30 lu',
    barcode: freshBarcode(),
    category: 'lens',
    subcategory: 'kontakt',
    baseCurveMm: '8,5',
    diameterMm: 14.3,
    ...overrides,
  };
}

function productRow(t: TestAppHandle, id: string) {
  return t.database.db
    .select()
    .from(catalogueProducts)
    .where(eq(catalogueProducts.id, id))
    .then(([row]) => row);
}

function auditRows(t: TestAppHandle, targetId: string) {
  return t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));
}

describeEachDatabase('catalogue', (kind) => {
  const t = useTestApp(kind);
  let admin: TestUser;
  let seller: TestUser;
  let adminCookie: string;
  let sellerCookie: string;

  beforeEach(async () => {
    // Time only moves forward here: the tests share one database, and lists are newest first.
    t.clock.advance(60_000);
    admin ??= await createUser(t.database.db, { role: 'admin', name: 'Katalog Yöneticisi' });
    seller ??= await createUser(t.database.db, {
      role: 'store_owner',
      name: 'Şule Işık',
      publicHandle: `sule${token()}`,
    });
    adminCookie ??= await signIn(t, admin);
    sellerCookie ??= await signIn(t, seller);
  });

  const lookup = (q: string, cookie = sellerCookie) =>
    callApi(t, 'GET', `/api/catalogue/lookup?q=${encodeURIComponent(q)}`, { cookie });
  const lookupIds = async (q: string) => {
    const res = await lookup(q);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { id: string }[]).map((item) => item.id);
  };

  describe('GET /api/catalogue/lookup', () => {
    it('finds what the public search finds, typos and joined words included: "rayban", "ray ban", "akuvue", "wayferer"', async () => {
      const wayfarer = await createCatalogueProduct(t.database.db, {
        brand: 'Ray-Ban',
        modelCode: 'RB2140',
        name: 'Wayfarer Güneş Gözlüğü',
      });
      const lens = await createCatalogueProduct(t.database.db, {
        brand: 'Acuvue',
        modelCode: 'Oasys 1-Day',
        name: 'Günlük Kontakt Lens (30 lu)',
        category: 'lens',
        subcategory: 'kontakt',
      });
      for (const q of ['rayban', 'ray ban', 'RAYBAN', 'wayferer', 'Ray-Ban Wayfarer']) {
        const ids = await lookupIds(q);
        expect(ids, q).toContain(wayfarer.id);
        expect(ids, q).not.toContain(lens.id);
      }
      for (const q of ['akuvue', 'acuvue', 'AKUVUE oasys']) expect(await lookupIds(q), q).toEqual([lens.id]);
    });

    it('finds approved products by brand, model code or name whatever the Turkish casing', async () => {
      const word = token();
      const istanbul = await createCatalogueProduct(t.database.db, {
        brand: 'Boğaziçi',
        modelCode: `BG-${word}`,
        name: `İSTANBUL ${word} Klasik Çerçeve`,
        category: 'gozluk',
        subcategory: 'klasik',
      });
      const isik = await createCatalogueProduct(t.database.db, {
        brand: 'IŞIK Optik',
        modelCode: `IS-${word}`,
        name: `Güneş Gözlüğü ${word}`,
      });

      expect(await lookupIds(`istanbul ${word}`)).toEqual([istanbul.id]);
      expect(await lookupIds(`İSTANBUL ${word}`)).toEqual([istanbul.id]);
      expect(await lookupIds(`ıstanbul ${word}`)).toEqual([istanbul.id]);
      expect(await lookupIds(`bg-${word}`)).toEqual([istanbul.id]);
      for (const q of ['ışık optik', 'IŞIK OPTİK', 'isik optik', 'Işık Optik'])
        expect(await lookupIds(q), q).toContain(isik.id);
      expect(await lookupIds(`is-${word.toUpperCase()}`)).toContain(isik.id);
    });

    it('matches a barcode by its digits from the start, and puts the exact barcode first', async () => {
      const exact = await createCatalogueProduct(t.database.db, { brand: 'Zeiss', name: 'Zeiss SmartLife' });
      // Sorted by brand, this one would come first; it only mentions the barcode in its name.
      const mention = await createCatalogueProduct(t.database.db, {
        brand: 'Aaa Optik',
        name: `Aaa Yedek ${exact.barcode}`,
      });

      expect(await lookupIds(exact.barcode!)).toEqual([exact.id, mention.id]);
      expect(await lookupIds(exact.barcode!.slice(0, 12))).toContain(exact.id);
      // Digits from the middle of a barcode are no barcode match.
      expect(await lookupIds(exact.barcode!.slice(3, 12))).not.toContain(exact.id);
    });

    it('orders equally relevant matches by brand and model', async () => {
      const word = token();
      const second = await createCatalogueProduct(t.database.db, {
        brand: 'Bbb',
        modelCode: 'X1',
        name: `${word} Çerçeve`,
      });
      const first = await createCatalogueProduct(t.database.db, {
        brand: 'Aaa',
        modelCode: 'X2',
        name: `${word} Çerçeve`,
      });
      const third = await createCatalogueProduct(t.database.db, {
        brand: 'Bbb',
        modelCode: 'X3',
        name: `${word} Çerçeve`,
      });
      expect(await lookupIds(word)).toEqual([first.id, second.id, third.id]);
    });

    it('shows approved products only, at most 10', async () => {
      const word = token();
      await createCatalogueProduct(t.database.db, { brand: 'Prada', name: `Bekleyen ${word}`, status: 'pending' });
      await createCatalogueProduct(t.database.db, { brand: 'Prada', name: `Reddedilen ${word}`, status: 'rejected' });
      expect(await lookupIds(word)).toEqual([]);
      for (let i = 0; i < 12; i++)
        await createCatalogueProduct(t.database.db, { brand: 'Prada', modelCode: `PR ${i}`, name: `Onaylı ${word}` });
      const items = (await lookup(word)).json().items as { status: string; brand: string }[];
      expect(items).toHaveLength(10);
      expect(items.every((item) => item.status === 'approved')).toBe(true);
    });

    it('needs a signed-in member and 3 to 100 characters, and takes hostile text literally', async () => {
      expect((await callApi(t, 'GET', '/api/catalogue/lookup?q=rayban')).statusCode).toBe(401);
      expect((await lookup('ab')).statusCode).toBe(400);
      expect((await lookup('x'.repeat(101))).statusCode).toBe(400);
      expect((await lookup('rayban', adminCookie)).statusCode).toBe(200);
      // A NUL byte would break the query in PostgreSQL: refused as invalid text, not a server error.
      for (const q of ['ray\u0000ban', 'ray\u0007ban']) {
        const res = await lookup(q);
        expect(res.statusCode, JSON.stringify(q)).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
      // Symbols are no words: nothing to search.
      for (const q of ['%%%', '___', '<->', '!&|']) {
        const res = await lookup(q);
        expect(res.statusCode, q).toBe(200);
        expect(res.json().items, q).toEqual([]);
      }
      // Operators and SQL are separators: only the words between them are searched.
      const product = await createCatalogueProduct(t.database.db);
      for (const q of ["'; drop table catalogue_products; --", 'a\\b\\c', '"ray" & !ban | <->']) {
        expect((await lookup(q)).statusCode, q).toBe(200);
      }
      expect(await lookupIds('"ray" & !ban | <->')).toEqual(await lookupIds('ray ban'));
      expect((await productRow(t, product.id)).id).toBe(product.id);
    });
  });

  describe('admin catalogue', () => {
    it('refuses non-admins on every admin route', async () => {
      const product = await createCatalogueProduct(t.database.db);
      const calls = [
        ['GET', '/api/admin/catalogue'],
        ['POST', '/api/admin/catalogue'],
        ['PATCH', `/api/admin/catalogue/${product.id}`],
        ['POST', `/api/admin/catalogue/${product.id}/approve`],
        ['POST', `/api/admin/catalogue/${product.id}/reject`],
        ['POST', '/api/admin/catalogue/import'],
      ] as const;
      for (const [method, url] of calls) {
        const payload = method === 'GET' ? undefined : frameInput();
        expect((await callApi(t, method, url, { cookie: sellerCookie, payload })).statusCode, url).toBe(403);
        expect((await callApi(t, method, url, { payload })).statusCode, url).toBe(401);
      }
      expect((await productRow(t, product.id)).brand).toBe(product.brand);
    });

    it('adds an approved product with its search text and an audit row; members find it at once', async () => {
      const input = frameInput({ brand: 'Persol', name: `Persol PO3019S Güneş Gözlüğü ${token()}` });
      const res = await callApi(t, 'POST', '/api/admin/catalogue', { cookie: adminCookie, payload: input });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        brand: 'Persol',
        status: 'approved',
        eyeSizeMm: 50,
        bridgeMm: 22,
        templeMm: 150,
        baseCurveMm: null,
        listingCount: 0,
        proposedBy: null,
      });
      const row = await productRow(t, body.id);
      expect(row.searchText).toBe(catalogueSearchText(input));
      expect((await auditRows(t, body.id)).map((a) => [a.action, a.actorId])).toEqual([
        ['catalogue_product_created', admin.id],
      ]);
      expect((await lookupIds(input.name))[0]).toBe(body.id);
    });

    it('reads the Turkish decimal comma of base curve and diameter', async () => {
      const res = await callApi(t, 'POST', '/api/admin/catalogue', {
        cookie: adminCookie,
        payload: lensInput({ baseCurveMm: '8,6', diameterMm: '14,2' }),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ baseCurveMm: 8.6, diameterMm: 14.2, eyeSizeMm: null });
    });

    it('refuses invalid products with the Turkish message under each field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ barcode: '8690000000013' }, 'barcode', v.barcodeInvalid],
        [{ barcode: '123' }, 'barcode', v.barcodeInvalid],
        [{ subcategory: 'kontakt' }, 'subcategory', v.subcategoryInvalid],
        [{ eyeSizeMm: 90 }, 'eyeSizeMm', v.eyeSizeInvalid],
        [{ bridgeMm: 7 }, 'bridgeMm', v.bridgeInvalid],
        [{ templeMm: '145,5' }, 'templeMm', v.templeInvalid],
        [{ brand: '  ' }, 'brand', v.brandRequired],
        [{ name: 'x'.repeat(161) }, 'name', v.tooLong(160)],
        [{ category: 'saat' }, 'category', v.categoryInvalid],
        [{ baseCurveMm: 8.6 }, 'baseCurveMm', v.contactLensOnly],
        // PostgreSQL cannot store NUL in text: refused as the field's error, never a server error.
        [{ name: 'Ray-Ban\u0000Wayfarer' }, 'name', v.invalidCharacters],
        [{ brand: 'Ray\tBan' }, 'brand', v.invalidCharacters],
        [{ colourCode: '901\u0000' }, 'colourCode', v.invalidCharacters],
      ];
      for (const [change, field, message] of cases) {
        const res = await callApi(t, 'POST', '/api/admin/catalogue', {
          cookie: adminCookie,
          payload: frameInput(change),
        });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().error.fields[field], field).toBe(message);
      }
      const lensCases: [Record<string, unknown>, string, string][] = [
        [{ baseCurveMm: '6,5' }, 'baseCurveMm', v.baseCurveInvalid],
        [{ diameterMm: 14.25 }, 'diameterMm', v.diameterInvalid],
        [{ eyeSizeMm: 50 }, 'eyeSizeMm', v.frameOnly],
      ];
      for (const [change, field, message] of lensCases) {
        const res = await callApi(t, 'POST', '/api/admin/catalogue', {
          cookie: adminCookie,
          payload: lensInput(change),
        });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().error.fields[field], field).toBe(message);
      }
    });

    it('refuses a barcode another product holds', async () => {
      const other = await createCatalogueProduct(t.database.db);
      const res = await callApi(t, 'POST', '/api/admin/catalogue', {
        cookie: adminCookie,
        payload: frameInput({ barcode: other.barcode }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({
        code: 'CONFLICT',
        message: v.barcodeTaken,
        fields: { barcode: v.barcodeTaken },
      });
    });

    it('edits a product and copies brand, model code and categories to its listings in the same change', async () => {
      const product = await createCatalogueProduct(t.database.db, {
        brand: 'Vogue',
        modelCode: 'VO5239',
        category: 'gozluk',
        subcategory: 'modern',
      });
      const other = await createUser(t.database.db);
      const listingA = await createListing(t.database.db, seller, product);
      const listingB = await createListing(t.database.db, other, product, { renk: 'Havana' });
      const input = frameInput({
        brand: 'Vogue Eyewear',
        modelCode: 'VO5239 Kadın',
        name: 'Vogue VO5239 Güneş Gözlüğü',
        category: 'gunes-gozlugu',
        subcategory: 'kadin',
        barcode: product.barcode,
      });

      const res = await callApi(t, 'PATCH', `/api/admin/catalogue/${product.id}`, {
        cookie: adminCookie,
        payload: input,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        brand: 'Vogue Eyewear',
        modelCode: 'VO5239 Kadın',
        category: 'gunes-gozlugu',
        subcategory: 'kadin',
        listingCount: 2,
      });
      expect((await productRow(t, product.id)).searchText).toBe(catalogueSearchText(input));
      const copies = await t.database.db.select().from(listings).where(eq(listings.productId, product.id));
      expect(copies.map((l) => [l.id, l.marka, l.modelKodu, l.kategori, l.altKategori, l.renk]).sort()).toEqual(
        [
          [listingA.id, 'Vogue Eyewear', 'VO5239 Kadın', 'gunes-gozlugu', 'kadin', 'Standart'],
          [listingB.id, 'Vogue Eyewear', 'VO5239 Kadın', 'gunes-gozlugu', 'kadin', 'Havana'],
        ].sort(),
      );
      const [audit] = await auditRows(t, product.id);
      expect(audit).toMatchObject({
        action: 'catalogue_product_updated',
        actorId: admin.id,
        details: expect.objectContaining({ listingsUpdated: 2 }),
      });
    });

    it('refuses an edit to another product’s barcode or of an unknown product, changing nothing', async () => {
      const product = await createCatalogueProduct(t.database.db);
      const other = await createCatalogueProduct(t.database.db);
      const taken = await callApi(t, 'PATCH', `/api/admin/catalogue/${product.id}`, {
        cookie: adminCookie,
        payload: frameInput({ barcode: other.barcode }),
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.fields).toEqual({ barcode: v.barcodeTaken });
      expect(await productRow(t, product.id)).toEqual(product);

      const missing = await callApi(t, 'PATCH', '/api/admin/catalogue/00000000-0000-4000-8000-000000000000', {
        cookie: adminCookie,
        payload: frameInput(),
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toMatchObject({ code: 'PRODUCT_NOT_FOUND', message: catalogueMessages.notFound });
    });

    it('lists by folded search, status and category, 50 a page, with the pending count, proposer and listing count', async () => {
      const word = token();
      for (let i = 0; i < 51; i++)
        await createCatalogueProduct(t.database.db, {
          brand: 'Çağdaş Gözlük',
          modelCode: `CG-${String(i).padStart(2, '0')}`,
          name: `Şık Çerçeve ${word}`,
          category: 'gozluk',
          subcategory: 'modern',
        });
      const listed = await createCatalogueProduct(t.database.db, {
        brand: 'Çağdaş Gözlük',
        modelCode: 'CG-99',
        name: `Güneş ${word}`,
      });
      await createListing(t.database.db, seller, listed);
      const proposal = await createCatalogueProduct(t.database.db, {
        brand: 'Çağdaş Gözlük',
        modelCode: 'CG-P',
        name: `Öneri ${word}`,
        category: 'gozluk',
        subcategory: null,
        status: 'pending',
        proposedBy: seller.id,
      });

      const first = await callApi(t, 'GET', `/api/admin/catalogue?q=${encodeURIComponent(`CAGDAS`)}&page=1`, {
        cookie: adminCookie,
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ total: 53, page: 1, pageSize: 50, pageCount: 2 });
      expect(first.json().pendingCount).toBeGreaterThanOrEqual(1);
      expect(first.json().items).toHaveLength(50);

      const byWord = async (query: string) =>
        (await callApi(t, 'GET', `/api/admin/catalogue?q=${word}&${query}`, { cookie: adminCookie })).json();
      expect(
        (await byWord('category=gunes-gozlugu')).items.map((p: { id: string; listingCount: number }) => [
          p.id,
          p.listingCount,
        ]),
      ).toEqual([[listed.id, 1]]);
      const pending = await byWord('status=pending');
      expect(pending.items).toHaveLength(1);
      expect(pending.items[0]).toMatchObject({
        id: proposal.id,
        proposedBy: { id: seller.id, name: 'Şule Işık' },
        status: 'pending',
      });
      expect((await byWord('status=approved&category=gozluk')).total).toBe(51);
      const byBarcode = await callApi(t, 'GET', `/api/admin/catalogue?q=${listed.barcode!.slice(1)}`, {
        cookie: adminCookie,
      });
      expect(byBarcode.json().items.map((p: { id: string }) => p.id)).toEqual([listed.id]);
    });
  });

  describe('proposals', () => {
    const propose = (payload: object, cookie = sellerCookie) =>
      callApi(t, 'POST', '/api/catalogue/proposals', { cookie, payload });

    it('waits as pending, unseen by the lookup, until an admin approves it; the proposer is e-mailed', async () => {
      const name = `Nano Vista Crew ${token()} Çocuk Gözlüğü`;
      const input = frameInput({ brand: 'Nano Vista', name, category: 'cocuk-gozlugu', subcategory: null });
      const created = await propose(input);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      expect(created.json()).toMatchObject({ status: 'pending', category: 'cocuk-gozlugu', subcategory: null });
      expect(await productRow(t, id)).toMatchObject({
        proposedBy: seller.id,
        status: 'pending',
        searchText: catalogueSearchText(input),
      });
      expect(await lookupIds(name)).not.toContain(id);
      const mine = await callApi(t, 'GET', '/api/catalogue/proposals/mine', { cookie: sellerCookie });
      expect(mine.json().items[0]).toMatchObject({ id, status: 'pending', rejectionReason: null });

      t.clock.advance(60_000);
      const approved = await callApi(t, 'POST', `/api/admin/catalogue/${id}/approve`, {
        cookie: adminCookie,
        payload: {},
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'approved', proposedBy: { id: seller.id } });
      expect(await productRow(t, id)).toMatchObject({
        status: 'approved',
        reviewedBy: admin.id,
        reviewedAt: t.clock.now(),
      });
      expect((await lookupIds(name))[0]).toBe(id);
      const mails = (await outboxTo(t.database.db, seller.email)).filter(
        (mail) => mail.relatedTo === `catalogue_product:${id}`,
      );
      expect(mails.map((mail) => mail.template)).toEqual(['catalogue_proposal_approved']);
      expect(mails[0].text).toContain(name);
      expect((await auditRows(t, id)).map((a) => a.action)).toEqual(['catalogue_proposal_approved']);

      for (const verb of ['approve', 'reject']) {
        const again = await callApi(t, 'POST', `/api/admin/catalogue/${id}/${verb}`, {
          cookie: adminCookie,
          payload: { reason: 'Tekrar' },
        });
        expect(again.statusCode, verb).toBe(409);
        expect(again.json().error).toEqual({
          code: 'INVALID_STATUS_TRANSITION',
          message: messages.errors.INVALID_STATUS_TRANSITION,
        });
      }
    });

    it('is rejected with a reason the proposer receives; the barcode is free again', async () => {
      const input = lensInput();
      const id = (await propose(input)).json().id as string;
      const noReason = await callApi(t, 'POST', `/api/admin/catalogue/${id}/reject`, {
        cookie: adminCookie,
        payload: { reason: ' ' },
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error.fields).toEqual({ reason: v.reasonRequired });
      const nul = await callApi(t, 'POST', `/api/admin/catalogue/${id}/reject`, {
        cookie: adminCookie,
        payload: { reason: 'Eksik\u0000 bilgi' },
      });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().error.fields).toEqual({ reason: v.invalidCharacters });
      expect((await productRow(t, id)).status).toBe('pending');

      // Line breaks are fine in a reason.
      const reason = 'Bu ürün katalogda "Acuvue Oasys" adıyla zaten var.\nLütfen onu listeleyin.';
      const rejected = await callApi(t, 'POST', `/api/admin/catalogue/${id}/reject`, {
        cookie: adminCookie,
        payload: { reason },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: reason, barcode: null });
      const mails = (await outboxTo(t.database.db, seller.email)).filter(
        (mail) => mail.relatedTo === `catalogue_product:${id}`,
      );
      expect(mails.map((mail) => mail.template)).toEqual(['catalogue_proposal_rejected']);
      expect(mails[0].text).toContain(reason);
      expect(mails[0].text).toContain(input.barcode);
      expect(mails[0].html).toContain('&quot;Acuvue Oasys&quot;');
      const mine = await callApi(t, 'GET', '/api/catalogue/proposals/mine', { cookie: sellerCookie });
      expect(mine.json().items.find((p: { id: string }) => p.id === id)).toMatchObject({
        status: 'rejected',
        rejectionReason: reason,
      });
      expect(await lookupIds(input.name)).not.toContain(id);

      const added = await callApi(t, 'POST', '/api/admin/catalogue', {
        cookie: adminCookie,
        payload: lensInput({ barcode: input.barcode }),
      });
      expect(added.statusCode, added.body).toBe(201);
    });

    it('refuses a barcode already in the catalogue and a 21st pending proposal', async () => {
      const existing = await createCatalogueProduct(t.database.db);
      const taken = await propose(frameInput({ barcode: existing.barcode }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error).toEqual({
        code: 'CONFLICT',
        message: v.barcodeTaken,
        fields: { barcode: v.barcodeTaken },
      });

      const busy = await createUser(t.database.db);
      const busyCookie = await signIn(t, busy);
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await propose(frameInput(), busyCookie);
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().id);
      }
      const over = await propose(frameInput(), busyCookie);
      expect(over.statusCode).toBe(409);
      expect(over.json().error).toEqual({
        code: 'LIMIT_REACHED',
        message: catalogueMessages.proposal.limitReached(20),
      });
      expect(
        (await callApi(t, 'POST', `/api/admin/catalogue/${ids[0]}/approve`, { cookie: adminCookie, payload: {} }))
          .statusCode,
      ).toBe(200);
      expect((await propose(frameInput(), busyCookie)).statusCode).toBe(201);
      expect((await callApi(t, 'POST', '/api/catalogue/proposals', { payload: frameInput() })).statusCode).toBe(401);
    });

    it('is decided once when an approval and a rejection arrive together (two connections on PostgreSQL)', async () => {
      // On PostgreSQL the rejection runs in a second app with its own pool, like another instance.
      let second: { app: FastifyInstance; database: Database } | null = null;
      if (kind === 'postgres') {
        const database = await openDatabase({ kind: 'postgres', url: t.database.url! });
        second = { database, app: await buildApp({ database, env: testEnv(), clock: t.clock, webRoot: null }) };
      }
      try {
        const other = second ? ({ ...t, app: second.app } as TestAppHandle) : t;
        for (let round = 0; round < 3; round++) {
          const id = (await propose(frameInput())).json().id as string;
          const results = await Promise.all([
            callApi(t, 'POST', `/api/admin/catalogue/${id}/approve`, { cookie: adminCookie, payload: {} }),
            callApi(other, 'POST', `/api/admin/catalogue/${id}/reject`, {
              cookie: adminCookie,
              payload: { reason: 'Eksik bilgi' },
            }),
          ]);
          expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
          const loser = results.find((r) => r.statusCode === 409)!;
          expect(loser.json().error.code).toBe('INVALID_STATUS_TRANSITION');
          const winner = results.find((r) => r.statusCode === 200)!.json();
          expect((await productRow(t, id)).status).toBe(winner.status);
          const mails = (await outboxTo(t.database.db, seller.email)).filter(
            (mail) => mail.relatedTo === `catalogue_product:${id}`,
          );
          expect(mails).toHaveLength(1);
          const audits = await t.database.db
            .select()
            .from(adminAuditLog)
            .where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.targetType, 'catalogue_product')));
          expect(audits).toHaveLength(1);
        }
      } finally {
        await second?.app.close();
        await second?.database.close();
      }
    });
  });
});
