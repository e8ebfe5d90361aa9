import type { Locator, Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { expect, test } from './fixtures.ts';

const PRICE = 'Fiyat (₺, KDV hariç)';

/** Every toast on screen (sonner). */
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** Opens the listing form signed in, and picks a Ray-Ban Wayfarer through the catalogue search typed with a typo. */
async function startListing(page: Page) {
  await page.goto('/urun-ekle');
  await signInThroughForm(page, demoStore('atakum'), DEMO_PASSWORD);
  const form = page.getByRole('form', { name: 'Yeni Ürün İlanı Ekle' });
  await form.getByRole('combobox', { name: 'Ürün Ara' }).fill('wayferer');
  const option = page.getByRole('listbox', { name: 'Ürün Ara' }).getByRole('option').first();
  await expect(option).toContainText('Wayfarer');
  await option.click();
  const barcode = (await form.getByRole('region', { name: 'Seçilen Ürün' }).locator('dd.font-mono').textContent())!;
  return { form, barcode: barcode.trim() };
}

/** Types a price, checks the read-back under the field, saves, and checks the one toast. */
async function savePrice(page: Page, form: Locator, typed: string, shown: string, success: string) {
  await form.getByLabel(PRICE).fill(typed);
  await expect(form.getByText(`Kaydedilecek: ${shown}`)).toBeVisible();
  // Earlier toasts are gone first, so the count below is this save's.
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });
  await form.getByRole('button', { name: /^İlan (Ekle|Güncelle)$/ }).click();
  await expect(page.getByText(success)).toBeVisible();
  await expect(toasts(page)).toHaveCount(1);
  await expect(page.getByText('Form Temizlendi')).toHaveCount(0);
}

test.describe('money entry', () => {
  test('a seller writes prices the Turkish way in create and edit mode, and garbage is refused', async ({
    page,
    allowConsoleErrors,
  }) => {
    void allowConsoleErrors;
    // Each save waits for the toasts before it to close, to count its own.
    test.setTimeout(120_000);
    const { form, barcode } = await startListing(page);
    const list = page.getByRole('region', { name: /^Ürün Listesi \(\d+\)$/ });
    const row = list.getByRole('row').filter({ hasText: barcode });
    await expect(list).toBeVisible();
    const rowsBefore = await list.getByRole('row').count();

    // Quantities read the same way: "1.000" is a thousand.
    await form.getByLabel('Stok Adedi').fill('1.000');
    await expect(form.getByText('Kaydedilecek: 1.000')).toBeVisible();

    // Garbage: a Turkish message under the field and in the toast, and nothing saved.
    await form.getByLabel(PRICE).fill('bin lira');
    await expect(form.getByText('Tutar okunamadı. Örnek yazım: 1.350,75')).toBeVisible();
    await form.getByRole('button', { name: 'İlan Ekle' }).click();
    await expect(form.getByLabel(PRICE)).toHaveAccessibleDescription('Lütfen geçerli bir fiyat girin.');
    await expect(toasts(page).filter({ hasText: 'Lütfen geçerli bir fiyat girin.' })).toHaveCount(1);
    await expect(list.getByRole('row')).toHaveCount(rowsBefore);

    // Create: "1350,75" is 1 350,75 TL (it was saved as 135 075 TL).
    await savePrice(page, form, '1350,75', '₺1.350,75', 'Ürün ilanı başarıyla eklendi.');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('₺1.350,75');
    await expect(row).toContainText('1000');

    // Edit: the field shows the price the Turkish way, and each writing saves to the kuruş.
    const edits: [string, string][] = [
      ['1.350,75', '₺1.350,75'], // was read as 1,35 TL
      ['₺ 2.450,5', '₺2.450,50'],
      ['1650.75', '₺1.650,75'], // one or two digits after a lone dot: a decimal point
      ['1.750', '₺1.750,00'], // three digits after a lone dot: thousands
      ['1 350,75 TL', '₺1.350,75'],
    ];
    let previous = '1.350,75';
    for (const [typed, shown] of edits) {
      await row.getByRole('button', { name: /^Düzenle: / }).click();
      const editForm = page.getByRole('form', { name: 'Ürün İlanı Düzenle' });
      await expect(editForm.getByLabel(PRICE)).toHaveValue(previous);
      await savePrice(page, editForm, typed, shown, 'Ürün başarıyla güncellendi.');
      await expect(row).toContainText(shown);
      previous = shown.replace('₺', '');
    }

    // Garbage in edit mode changes nothing.
    await row.getByRole('button', { name: /^Düzenle: / }).click();
    const editForm = page.getByRole('form', { name: 'Ürün İlanı Düzenle' });
    await editForm.getByLabel(PRICE).fill('1,350.75');
    await expect(editForm.getByText('Tutar okunamadı. Örnek yazım: 1.350,75')).toBeVisible();
    for (const garbage of ['1,350.75', '12,5a']) {
      // After a refused save the field's error stands in for the read-back until the text is readable.
      await editForm.getByLabel(PRICE).fill(garbage);
      await editForm.getByRole('button', { name: 'İlan Güncelle' }).click();
      await expect(editForm.getByLabel(PRICE)).toHaveAccessibleDescription('Lütfen geçerli bir fiyat girin.');
    }
    await page.reload();
    await expect(row).toContainText('₺1.350,75');

    // Each row action says its word on screen, the power toggle included, and its name starts with it.
    await expect(row.getByRole('link', { name: /^Görüntüle: / })).toHaveText('Görüntüle');
    await expect(row.getByRole('button', { name: /^Düzenle: / })).toHaveText('Düzenle');
    await expect(row.getByRole('button', { name: /^Yayından Kaldır: / })).toHaveText('Yayından Kaldır');
    await expect(row.getByRole('button', { name: /^Sil: / })).toHaveText('Sil');

    // Clean up: the demo store keeps its listings as they were.
    await row.getByRole('button', { name: /^Sil: / }).click();
    await page
      .getByRole('alertdialog', { name: 'Ürünü Sil' })
      .getByRole('button', { name: 'Sil', exact: true })
      .click();
    await expect(row).toHaveCount(0);
  });

  test('the catalogue search of the listing form finds "rayban", "ray ban" and "akuvue"', async ({ page }) => {
    await page.goto('/urun-ekle');
    await signInThroughForm(page, demoStore('atakum'), DEMO_PASSWORD);
    const search = page.getByRole('combobox', { name: 'Ürün Ara' });
    const options = page.getByRole('listbox', { name: 'Ürün Ara' }).getByRole('option');
    for (const [typed, brand] of [
      ['rayban', 'Ray-Ban'],
      ['ray ban', 'Ray-Ban'],
      ['akuvue', 'Acuvue'],
    ]) {
      await search.fill(typed);
      await expect(options.first()).toContainText(brand);
    }
    // Two characters do not search.
    await search.fill('ra');
    await expect(page.getByRole('listbox', { name: 'Ürün Ara' })).toBeHidden();
  });

  test('the price filter reads Turkish amounts and refuses what it cannot read', async ({ page }) => {
    await page.goto('/login');
    await signInThroughForm(page, demoStore('atakum'), DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/arama?q=rayban');
    const min = page.getByLabel('En düşük (₺)').first();
    const max = page.getByLabel('En yüksek (₺)').first();
    await min.fill('1.000');
    await max.fill('₺ 2.500,50');
    await page.getByRole('button', { name: 'Uygula' }).first().click();
    await expect(page).toHaveURL(/minPrice=1000/);
    await expect(page).toHaveURL(/maxPrice=2501/);
    await page.getByLabel('En yüksek (₺)').first().fill('iki bin');
    await page.getByRole('button', { name: 'Uygula' }).first().click();
    await expect(page.getByText('Tutar okunamadı. Örnek yazım: 1.350,75').first()).toBeVisible();
    await expect(page).toHaveURL(/maxPrice=2501/);
  });

  test('the admin writes the shipping fee the Turkish way, and a fee in words is refused', async ({ page }) => {
    await page.goto('/login');
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/settings');
    const fee = page.getByLabel('Kargo Ücreti (TL, satıcı başına)');
    const save = page.getByRole('button', { name: 'Ayarları Kaydet' });
    const before = await fee.inputValue();
    expect(before).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}$/);

    await fee.fill('₺ 1.250,5');
    await expect(page.getByText('Kaydedilecek: ₺1.250,50')).toBeVisible();
    await save.click();
    await expect(page.getByText('Platform ayarları kaydedildi.')).toBeVisible();
    await page.reload();
    await expect(fee).toHaveValue('1.250,50');

    await fee.fill('yirmi beş');
    await expect(page.getByText('Tutar okunamadı. Örnek yazım: 1.350,75')).toBeVisible();
    await save.click();
    await expect(fee).toHaveAccessibleDescription(
      'Kargo ücreti 0 veya daha büyük, en fazla iki ondalıklı bir TL tutarı olmalıdır',
    );
    await page.reload();
    await expect(fee).toHaveValue('1.250,50');

    // Put the fee back for the other journeys.
    await fee.fill(before);
    await save.click();
    await expect(page.getByText('Platform ayarları kaydedildi.').first()).toBeVisible();
  });
});
