import type { Page } from '@playwright/test';
import { completeEan13 } from '../src/shared/barcode.ts';
import { ADMIN, DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { startMailCatcher } from './support/mail-catcher.ts';
import { expect, test } from './fixtures.ts';

const run = Date.now().toString(36);
/** A valid EAN-13 no seeded product uses (the 2xx in-store range), different for each call. */
let barcodeCounter = 0;
function freshBarcode(): string {
  barcodeCounter += 1;
  return completeEan13(`29${String(Date.now() % 1e8).padStart(8, '0')}${String(barcodeCounter).padStart(2, '0')}`);
}
/** The first seeded Ray-Ban RB2140 Wayfarer: a barcode the catalogue already holds. */
const SEEDED_BARCODE = '8056597100076';

async function openCatalogueAsAdmin(page: Page, path = '/admin/catalogue') {
  await page.goto('/login');
  await signInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Ürün Kataloğu' })).toBeVisible();
}

test.describe('master catalogue', () => {
  test.beforeEach(({ allowConsoleErrors }) => {
    // The barcode clash is refused with 409, reported by the browser as a failed resource.
    allowConsoleErrors(/status of 409/);
  });

  test('the admin adds a product (the server’s field error shown first) and edits it', async ({ page }) => {
    await openCatalogueAsAdmin(page);
    await page.getByRole('button', { name: 'Ürün Ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kataloğa Ürün Ekle' });
    const name = `Persol PO${run} Güneş Gözlüğü 52 mm Havana`;
    await dialog.getByLabel('Marka').fill('Persol');
    await dialog.getByLabel('Model Kodu').fill(`PO${run}`);
    await dialog.getByLabel('Ürün Adı').fill(name);
    await dialog.getByLabel('Barkod').fill(SEEDED_BARCODE);
    await dialog.getByLabel('Kategori', { exact: true }).selectOption('gunes-gozlugu');
    await dialog.getByLabel('Alt Kategori').selectOption('erkek');
    // Frame measures appear for frames only; contact-lens fields stay hidden.
    await expect(dialog.getByLabel('Baz Eğrisi (mm)')).toHaveCount(0);
    await dialog.getByLabel('Ekartman (mm)').fill('52');
    await dialog.getByLabel('Köprü (mm)').fill('19');
    await dialog.getByLabel('Sap (mm)').fill('145');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog.getByText('Bu barkod katalogda başka bir üründe kayıtlı.')).toBeVisible();

    await dialog.getByLabel('Barkod').fill(freshBarcode());
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByText('Ürün kataloğa eklendi.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Katalogda ara').fill(`po${run}`);
    await expect(page.getByRole('cell', { name: new RegExp(`^${name} Persol · PO${run} 52□19-145`) })).toBeVisible();
    await page.getByRole('button', { name: `${name} ürününü düzenle` }).click();
    const edit = page.getByRole('dialog', { name: 'Katalog Ürününü Düzenle' });
    await expect(edit.getByLabel('Ekartman (mm)')).toHaveValue('52');
    const renamed = `Persol PO${run} Güneş Gözlüğü 52 mm Siyah`;
    await edit.getByLabel('Ürün Adı').fill(renamed);
    await edit.getByLabel('Renk Kodu').fill('95/31');
    await edit.getByRole('button', { name: 'Kaydet' }).click();
    await expect(page.getByText('Ürün güncellendi.')).toBeVisible();
    await expect(
      page.getByRole('cell', { name: new RegExp(`^${renamed} Persol · PO${run} 52□19-145 · 95/31`) }),
    ).toBeVisible();
    await expect(page.getByRole('cell', { name: new RegExp(`^${name} `) })).toHaveCount(0);
  });

  test('the admin imports a CSV and sees the row that was refused', async ({ page }) => {
    await openCatalogueAsAdmin(page);
    await page.getByRole('button', { name: 'CSV İçe Aktar' }).click();
    const dialog = page.getByRole('dialog', { name: 'CSV ile Ürün İçe Aktar' });
    const good = freshBarcode();
    const bad = `${good.slice(0, 12)}${(Number(good.at(-1)) + 1) % 10}`;
    const csv = [
      'marka;model_kodu;urun_adi;barkod;kategori;alt_kategori;renk_kodu;ekartman;kopru;sap;baz_egrisi;cap',
      `Acuvue;Oasys ${run};Acuvue Oasys ${run} Günlük Kontakt Lens 30 lu;${good};lens;kontakt;;;;;8,5;14,3`,
      `Zeiss;Lens ${run};Zeiss Lens ${run};${bad};lens;tek-odak;;;;;;`,
    ].join('\r\n');
    await dialog
      .getByLabel('CSV dosyası')
      .setInputFiles({ name: 'katalog.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`, 'utf8') });
    await dialog.getByRole('button', { name: 'İçe Aktar' }).click();
    await expect(dialog.getByText('1 ürün eklendi, 0 ürün güncellendi, 1 satır hatalı.')).toBeVisible();
    const errors = dialog.getByRole('table', { name: 'Hatalı satırlar' });
    await expect(errors.getByRole('row')).toHaveCount(2);
    await expect(errors.getByRole('row').nth(1)).toHaveText(/3\s*Barkod\s*Geçersiz barkod/);

    await dialog.getByRole('button', { name: 'Kapat' }).first().click();
    await page.getByLabel('Katalogda ara').fill(`oasys ${run}`);
    await expect(
      page.getByRole('cell', { name: new RegExp(`^Acuvue Oasys ${run} .* BC 8,5 · DIA 14,3`) }),
    ).toBeVisible();
  });

  test('a seller’s proposal waits in the queue until the admin approves it; the seller is e-mailed and can find it', async ({
    page,
    browser,
  }) => {
    const mail = await startMailCatcher();
    try {
      const baseURL = test.info().project.use.baseURL!;
      const seller = await browser.newContext({ baseURL });
      const headers = { Origin: baseURL };
      const email = demoStore('seyhan');
      expect(
        (
          await seller.request.post('/api/auth/sign-in', { data: { email, password: DEMO_PASSWORD }, headers })
        ).status(),
      ).toBe(200);
      const name = `Nano Vista Crew ${run} Çocuk Gözlüğü 44 mm Yeşil`;
      const proposed = await seller.request.post('/api/catalogue/proposals', {
        headers,
        data: {
          brand: 'Nano Vista',
          modelCode: `Crew ${run}`,
          name,
          barcode: freshBarcode(),
          category: 'cocuk-gozlugu',
          eyeSizeMm: '44',
          bridgeMm: '16',
          templeMm: '130',
        },
      });
      expect(proposed.status(), await proposed.text()).toBe(201);
      const lookup = () =>
        seller.request.get(`/api/catalogue/lookup?q=${encodeURIComponent(`crew ${run}`)}`).then((r) => r.json());
      const names = async () => (await lookup()).items.map((item: { name: string }) => item.name);
      expect(await names()).not.toContain(name);

      await openCatalogueAsAdmin(page, '/admin/catalogue?tab=proposals');
      await expect(page.getByRole('tab', { name: /Satıcı Önerileri \(\d+\)/, selected: true })).toBeVisible();
      await expect(page.getByText(name)).toBeVisible();
      await page.getByRole('button', { name: `${name} önerisini onayla` }).click();
      await expect(page.getByText('Öneri onaylandı; ürün artık listelenebilir.')).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);

      // The search ranks the product matching every word first (others may match "crew" alone).
      expect((await names())[0]).toBe(name);
      const message = await mail.waitFor(email, /Ürün öneriniz onaylandı/);
      expect(message.text).toContain(name);
      await seller.close();
    } finally {
      await mail.close();
    }
  });
});
