import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import { CATALOGUE_IMPORT_MAX_BYTES, CATALOGUE_IMPORT_MAX_ROWS } from '#shared/schemas/catalogue.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { catalogueProducts } from '../../db/schema/catalogue.ts';
import { listings } from '../../db/schema/listings.ts';
import { testOrigin, useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import {
  createCatalogueProduct,
  createListing,
  createUser,
  freshBarcode,
  freshIp,
  signIn,
  type TestUser,
} from '../../../../test/factories.ts';
import { catalogueSearchText } from '../../lib/turkish-search.ts';
import { multipartBody } from '../applications/applications.fixtures.ts';
import { readCatalogueCsv } from './catalogue.import.ts';

const v = catalogueMessages.validation;
const HEADER = 'marka;model_kodu;urun_adi;barkod;kategori;alt_kategori;renk_kodu;ekartman;kopru;sap;baz_egrisi;cap';

function importCsv(
  t: TestAppHandle,
  cookie: string | undefined,
  content: string | Uint8Array,
  fileName = 'katalog.csv',
) {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  return multipartBody({}, { name: fileName, bytes, type: 'text/csv', field: 'file' }).then(
    ({ payload, contentType }) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/catalogue/import',
        headers: { 'content-type': contentType, origin: testOrigin, ...(cookie ? { cookie } : {}) },
        payload,
        remoteAddress: freshIp(),
      }),
  );
}

function productsWithBarcodes(t: TestAppHandle, barcodes: string[]) {
  return t.database.db.select().from(catalogueProducts).where(inArray(catalogueProducts.barcode, barcodes));
}

describeEachDatabase('catalogue CSV import', (kind) => {
  const t = useTestApp(kind);
  let admin: TestUser;
  let adminCookie: string;

  beforeEach(async () => {
    t.clock.reset();
    admin ??= await createUser(t.database.db, { role: 'admin' });
    adminCookie ??= await signIn(t, admin);
  });

  it('saves the valid rows and reports each refused row with its spreadsheet row number and Turkish message', async () => {
    const [b1, b2, b3, b4] = [freshBarcode(), freshBarcode(), freshBarcode(), freshBarcode()];
    const csv = [
      HEADER,
      `Ray-Ban;RB2140 Wayfarer;Ray-Ban RB2140 Wayfarer Güneş Gözlüğü 50 mm Siyah;${b1};gunes-gozlugu;erkek;901;50;22;150;;`,
      `Acuvue;Oasys 1-Day;Acuvue Oasys 1-Day 30'lu;${b2};lens;kontakt;;;;;8,5;14,3`,
      `Essilor;Kappa;Kappa Kesme Ünitesi;${b3.slice(0, 12)}${(Number(b3.at(-1)) + 1) % 10};atolye;cam-kesme;;;;;;`,
      '',
      `Oakley;OO9208;Oakley Radar EV;${b4};gunes-gozlugu;kontakt;;90;;;;`,
      `;OX8046;Adsız Çerçeve;;gozluk;spor;;;;;;`,
      `Silhouette;5529;Silhouette Momentum Çerçeve;;Optik Çerçeve;Klasik;;52;17;140;;`,
    ].join('\r\n');
    const res = await importCsv(t, adminCookie, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: 3,
      updated: 0,
      errors: [
        { row: 4, field: 'barcode', message: v.barcodeInvalid },
        { row: 6, field: 'eyeSizeMm', message: v.eyeSizeInvalid },
        { row: 6, field: 'subcategory', message: v.subcategoryInvalid },
        { row: 7, field: 'brand', message: v.brandRequired },
      ],
    });
    const [wayfarer, oasys] = await Promise.all([productsWithBarcodes(t, [b1]), productsWithBarcodes(t, [b2])]);
    expect(wayfarer[0]).toMatchObject({
      status: 'approved',
      colourCode: '901',
      eyeSizeMm: 50,
      bridgeMm: 22,
      templeMm: 150,
    });
    expect(wayfarer[0].searchText).toBe(
      catalogueSearchText({
        brand: 'Ray-Ban',
        modelCode: 'RB2140 Wayfarer',
        name: 'Ray-Ban RB2140 Wayfarer Güneş Gözlüğü 50 mm Siyah',
        category: 'gunes-gozlugu',
        subcategory: 'erkek',
        colourCode: '901',
      }),
    );
    expect(oasys[0]).toMatchObject({ baseCurveMm: 8.5, diameterMm: 14.3 });
    // Category and subcategory may be written as their Turkish names.
    const [silhouette] = await t.database.db
      .select()
      .from(catalogueProducts)
      .where(eq(catalogueProducts.name, 'Silhouette Momentum Çerçeve'));
    expect(silhouette).toMatchObject({ category: 'gozluk', subcategory: 'klasik', barcode: null });

    const [audit] = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'catalogue_imported'));
    expect(audit).toMatchObject({
      actorId: admin.id,
      details: { fileName: 'katalog.csv', created: 3, updated: 0, failedRows: 3 },
    });
  });

  it('reads a UTF-8 file with BOM and commas, English headers and quoted cells', async () => {
    const barcode = freshBarcode();
    const csv = `\uFEFFbrand,modelCode,name,barcode,category,subcategory,baseCurveMm,diameterMm\n"Bausch + Lomb","Biotrue ONEday","Biotrue ONEday, Günlük Lens (30 lu)",${barcode},lens,kontakt,"8,6","14,2"\n`;
    const res = await importCsv(t, adminCookie, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1, updated: 0, errors: [] });
    expect((await productsWithBarcodes(t, [barcode]))[0]).toMatchObject({
      brand: 'Bausch + Lomb',
      name: 'Biotrue ONEday, Günlük Lens (30 lu)',
      baseCurveMm: 8.6,
      diameterMm: 14.2,
    });
  });

  it('reads a semicolon file saved by Turkish Excel in Windows-1254', async () => {
    const barcode = freshBarcode();
    const text = `marka;model_kodu;urun_adi;barkod;kategori\r\nOptiStok;Çanta;Işıklı Gözlük Çantası Şık;${barcode};aksesuar\r\n`;
    // Windows-1254 bytes of the Turkish letters used above.
    const table: Record<string, number> = { Ç: 0xc7, ı: 0xfd, ş: 0xfe, Ş: 0xde, ğ: 0xf0, ü: 0xfc, I: 0x49 };
    const bytes = Uint8Array.from([...text].map((ch) => table[ch] ?? ch.charCodeAt(0)));
    const res = await importCsv(t, adminCookie, bytes);
    expect(res.json()).toEqual({ created: 1, updated: 0, errors: [] });
    expect((await productsWithBarcodes(t, [barcode]))[0]).toMatchObject({
      modelCode: 'Çanta',
      name: 'Işıklı Gözlük Çantası Şık',
    });
  });

  it('reads a tab-separated UTF-16 file (Excel "Unicode text") with its byte-order mark', async () => {
    const barcode = freshBarcode();
    const text = `marka\tmodel_kodu\turun_adi\tbarkod\tkategori\talt_kategori\r\nİnci Optik\tİO-7\tİnci Şık Gözlük Kutusu\t${barcode}\taksesuar\tkutular\r\n`;
    for (const [bom, encode] of [
      [[0xff, 0xfe], (value: string) => Buffer.from(value, 'utf16le')],
      [[0xfe, 0xff], (value: string) => Buffer.from(value, 'utf16le').swap16()],
    ] as const) {
      await t.database.db.delete(catalogueProducts).where(eq(catalogueProducts.barcode, barcode));
      const res = await importCsv(t, adminCookie, Buffer.concat([Buffer.from(bom), encode(text)]));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ created: 1, updated: 0, errors: [] });
      expect((await productsWithBarcodes(t, [barcode]))[0]).toMatchObject({
        brand: 'İnci Optik',
        name: 'İnci Şık Gözlük Kutusu',
        category: 'aksesuar',
        subcategory: 'kutular',
      });
    }
  });

  it('keeps the file name for the audit row without control characters', async () => {
    const res = await importCsv(t, adminCookie, `${HEADER}\n`, 'kata\u0000log\u0007.csv');
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'catalogue_imported'));
    expect(rows.map((row) => (row.details as { fileName: string }).fileName)).toContain('katalog.csv');
  });

  it('refuses a row whose barcode a pending proposal holds, leaving the proposal as it was', async () => {
    const proposal = await createCatalogueProduct(t.database.db, {
      brand: 'Öneri',
      modelCode: 'ON-1',
      name: 'Bekleyen Öneri',
      status: 'pending',
    });
    const res = await importCsv(
      t,
      adminCookie,
      `marka;model_kodu;urun_adi;barkod;kategori\nİçe;IC-1;İçe Aktarılan;${proposal.barcode};gozluk\n`,
    );
    expect(res.json()).toEqual({
      created: 0,
      updated: 0,
      errors: [{ row: 2, field: 'barcode', message: v.csvPendingProposal }],
    });
    const [row] = await t.database.db.select().from(catalogueProducts).where(eq(catalogueProducts.id, proposal.id));
    expect(row).toMatchObject({ status: 'pending', name: 'Bekleyen Öneri' });
  });

  it('reports a row holding a NUL byte as a row error and saves the others', async () => {
    const barcode = freshBarcode();
    const csv = `marka;model_kodu;urun_adi;barkod;kategori\nBozuk\u0000;B1;Bozuk Satır;;gozluk\nSağlam;S1;Sağlam Satır;${barcode};gozluk\n`;
    const res = await importCsv(t, adminCookie, csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      created: 1,
      updated: 0,
      errors: [{ row: 2, field: 'brand', message: v.invalidCharacters }],
    });
    expect(await productsWithBarcodes(t, [barcode])).toHaveLength(1);
  });

  it('updates the product of a barcode already in the catalogue (and its listings) and refuses barcodes repeated in the file', async () => {
    const seller = await createUser(t.database.db);
    const existing = await createCatalogueProduct(t.database.db, {
      brand: 'Police',
      modelCode: 'VPL 985',
      category: 'gozluk',
      subcategory: 'modern',
    });
    const listing = await createListing(t.database.db, seller, existing);
    const repeated = freshBarcode();
    const csv = [
      'marka;model_kodu;urun_adi;barkod;kategori;alt_kategori',
      `Police;VPL 985 Yeni;Police VPL 985 Optik Çerçeve;${existing.barcode};gozluk;klasik`,
      `Carrera;1001/S;Carrera 1001/S;${repeated};gunes-gozlugu;erkek`,
      `Carrera;1001/S;Carrera 1001/S Havana;${repeated};gunes-gozlugu;erkek`,
    ].join('\n');
    const res = await importCsv(t, adminCookie, csv);
    expect(res.json()).toEqual({
      created: 0,
      updated: 1,
      errors: [
        { row: 3, field: 'barcode', message: v.csvDuplicateBarcode },
        { row: 4, field: 'barcode', message: v.csvDuplicateBarcode },
      ],
    });
    const [updated] = await productsWithBarcodes(t, [existing.barcode!]);
    expect(updated).toMatchObject({
      id: existing.id,
      modelCode: 'VPL 985 Yeni',
      subcategory: 'klasik',
      status: 'approved',
    });
    const [copy] = await t.database.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(copy).toMatchObject({ modelKodu: 'VPL 985 Yeni', altKategori: 'klasik' });
    expect(await productsWithBarcodes(t, [repeated])).toEqual([]);
  });

  it('refuses a file without the required columns, an unreadable, empty, oversized or too long file', async () => {
    const missing = await importCsv(t, adminCookie, 'marka;barkod\nRay-Ban;\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(v.csvMissingColumns('model_kodu, urun_adi, kategori'));

    const broken = await importCsv(t, adminCookie, `${HEADER}\nRay-Ban;"RB2140;x\n`);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe(v.csvUnreadable);

    const empty = await importCsv(t, adminCookie, '');
    expect(empty.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: v.csvFileRequired });

    const headerOnly = await importCsv(t, adminCookie, `${HEADER}\r\n`);
    expect(headerOnly.json()).toEqual({ created: 0, updated: 0, errors: [] });

    const tooLarge = await importCsv(t, adminCookie, `${HEADER}\n${'x'.repeat(CATALOGUE_IMPORT_MAX_BYTES)}`);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(v.csvTooLarge);

    const row = 'Ray-Ban;RB;Ray-Ban;;gozluk;;;;;;;';
    const tooLong = await importCsv(
      t,
      adminCookie,
      [HEADER, ...Array.from({ length: CATALOGUE_IMPORT_MAX_ROWS + 1 }, () => row)].join('\n'),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(v.csvTooManyRows(CATALOGUE_IMPORT_MAX_ROWS));
    expect(await t.database.db.select().from(catalogueProducts).where(eq(catalogueProducts.modelCode, 'RB'))).toEqual(
      [],
    );
  });

  it('is for admins only', async () => {
    const member = await createUser(t.database.db);
    const csv = `${HEADER}\nRay-Ban;RBX;Ray-Ban;;gozluk;;;;;;;`;
    expect((await importCsv(t, await signIn(t, member), csv)).statusCode).toBe(403);
    expect((await importCsv(t, undefined, csv)).statusCode).toBe(401);
    expect(await t.database.db.select().from(catalogueProducts).where(eq(catalogueProducts.modelCode, 'RBX'))).toEqual(
      [],
    );
  });
});

describe('spreadsheet rows', () => {
  it('count blank lines so the numbers match what the admin sees', () => {
    const rows = readCatalogueCsv(
      Buffer.from(`${HEADER}\n\nA;B;C;;gozluk\n;;;;\n"D";"E\nF";G;;gozluk\nH;I;J;;gozluk\n`),
    );
    expect(rows.map((r) => [r.row, r.values.brand])).toEqual([
      [3, 'A'],
      [5, 'D'],
      [6, 'H'],
    ]);
  });
});
