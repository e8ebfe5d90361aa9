import { DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { expect, test } from './fixtures.ts';

/** A small real PNG (8 × 8, one colour). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPg92nEihiGlgQAYYM3AYyFBPkAAAAASUVORK5CYII=',
  'base64',
);

test.describe('seller listings', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('a seller adds a contact-lens listing (expiry required), edits, toggles and deletes it', async ({ page }) => {
    await page.goto('/urun-ekle');
    await signInThroughForm(page, demoStore('kadikoy'), DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/urun-ekle$/);
    const form = page.getByRole('form', { name: 'Yeni Ürün İlanı Ekle' });
    await expect(form).toBeVisible();

    // /urun-ekle focuses the catalogue search; it searches from the third character on.
    const search = form.getByRole('combobox', { name: 'Ürün Ara' });
    await expect(search).toBeFocused();
    await search.fill('Oasys MAX');
    const options = page.getByRole('listbox', { name: 'Ürün Ara' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(options.first()).toContainText('Acuvue Oasys MAX');
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(page.getByRole('listbox', { name: 'Ürün Ara' })).toBeHidden();
    await expect(search).toHaveValue(/^Acuvue Oasys MAX/);
    const chosen = form.getByRole('region', { name: 'Seçilen Ürün' });
    await expect(chosen).toContainText('Kontakt Lens');
    const barcode = (await chosen.locator('dd.font-mono').textContent())!.trim();
    expect(barcode).toMatch(/^\d{8,14}$/);

    await form.getByLabel('Stok Adedi').fill('7');
    await form.getByLabel('Fiyat (₺, KDV hariç)').fill('1290.50');
    await form.getByLabel('Ürün Görseli').setInputFiles({ name: 'lens.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByRole('img', { name: 'Seçilen görselin önizlemesi' })).toBeVisible();

    // Without an expiry date the contact lens is refused with the spec's message.
    await form.getByRole('button', { name: 'İlan Ekle' }).click();
    await expect(page.getByText('Lens ve solüsyon ürünleri için miat tarihi zorunludur.').first()).toBeVisible();

    // The Turkish calendar: today is disabled, the next month's 15th can be picked.
    await form.getByRole('button', { name: /^Miat Tarihi/ }).click();
    const calendar = page.getByRole('dialog', { name: 'Miat tarihi seçin' });
    await expect(calendar).toBeVisible();
    // Weeks start on Monday: every full week row begins with a Pazartesi.
    await expect(calendar.getByRole('row').nth(1).getByRole('gridcell').first()).toHaveAccessibleName(/Pazartesi$/);
    // Today cannot be chosen (on a month's last day the calendar opens on the next month, its back arrow disabled).
    await expect(
      calendar
        .getByRole('button', { name: /^Bugün, / })
        .or(calendar.getByRole('button', { name: 'Önceki aya git' }))
        .first(),
    ).toBeDisabled();
    await calendar.getByRole('button', { name: 'Sonraki aya git' }).click();
    await calendar.getByRole('button', { name: /^15 / }).click();
    await expect(calendar).toBeHidden();
    await expect(form.getByRole('button', { name: /^Miat Tarihi \d{2}\.\d{2}\.\d{4}$/ })).toBeVisible();

    await form.getByRole('button', { name: 'İlan Ekle' }).click();
    await expect(page.getByText('Ürün ilanı başarıyla eklendi.')).toBeVisible();
    // The form starts over.
    await expect(page.getByRole('combobox', { name: 'Ürün Ara' })).toHaveValue('');

    const list = page.getByRole('region', { name: /^Ürün Listesi \(\d+\)$/ });
    const row = list.getByRole('row').filter({ hasText: barcode });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('₺1.290,50');
    await expect(row).toContainText('Kontakt Lens');
    await expect(row).toContainText('Aktif');
    await expect(row).toContainText('Az Stok');
    await expect(row.getByRole('img')).toHaveAttribute('src', /^\/api\/listing-images\/[0-9a-f]{32}$/);

    // Edit: the form takes the listing over, prefilled with the expiry date and the image.
    await row.getByRole('button', { name: /^Düzenle: / }).click();
    const editForm = page.getByRole('form', { name: 'Ürün İlanı Düzenle' });
    await expect(editForm).toBeVisible();
    await expect(editForm.getByLabel('Fiyat (₺, KDV hariç)')).toHaveValue('1.290,50');
    await expect(editForm.getByRole('button', { name: /^Miat Tarihi \d{2}\.\d{2}\.\d{4}$/ })).toBeVisible();
    await expect(editForm.getByRole('img', { name: 'Seçilen görselin önizlemesi' })).toHaveAttribute(
      'src',
      /^\/api\/listing-images\//,
    );
    await editForm.getByLabel('Fiyat (₺, KDV hariç)').fill('1199.90');
    await editForm.getByRole('button', { name: 'İlan Güncelle' }).click();
    await expect(page.getByText('Ürün başarıyla güncellendi.')).toBeVisible();
    await expect(row).toContainText('₺1.199,90');
    await expect(page.getByRole('form', { name: 'Yeni Ürün İlanı Ekle' })).toBeVisible();

    // Pasif and back.
    await row.getByRole('button', { name: /^Yayından Kaldır: / }).click();
    await expect(row).toContainText('Pasif');
    await row.getByRole('button', { name: /^Yayına Al: / }).click();
    await expect(row).toContainText('Aktif');

    // Delete through the dialog.
    await row.getByRole('button', { name: /^Sil: / }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Ürünü Sil' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'İptal' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /^Sil: / }).click();
    await dialog.getByRole('button', { name: 'Sil', exact: true }).click();
    await expect(page.getByText('Ürün başarıyla silindi.')).toBeVisible();
    await expect(row).toHaveCount(0);
  });

  test('the side menu switches the tab and /urunlerim opens at the list', async ({ page }) => {
    await page.goto('/urunlerim');
    await signInThroughForm(page, demoStore('seyhan'), DEMO_PASSWORD);
    const list = page.getByRole('region', { name: /^Ürün Listesi \(\d+\)$/ });
    await expect(list).toBeFocused();
    const menu = page.getByRole('navigation', { name: 'Panel Menüsü' });
    await menu.getByRole('button', { name: 'Bekleyen Siparişler' }).click();
    await expect(page).toHaveURL(/tab=orders/);
    // Earlier journeys may have left this store orders: the tab's panel is what counts here.
    await expect(page.getByRole('tabpanel', { name: 'Siparişlerim' })).toBeVisible();
    await menu.getByRole('button', { name: 'Ürün Ekle' }).click();
    await expect(page).toHaveURL(/tab=listings/);
    await expect(page.getByRole('combobox', { name: 'Ürün Ara' })).toBeFocused();
    await expect(menu.getByRole('link', { name: 'Güneş Gözlüğü' })).toHaveAttribute('href', '/kategori/gunes-gozlugu');

    // At 1280 px the panel is as wide as the header's content, not edge to edge.
    expect(page.viewportSize()!.width).toBe(1280);
    const headerLeft = (await page.getByRole('link', { name: 'OptiStok ana sayfa' }).boundingBox())!.x;
    const panelLeft = (await page.getByRole('heading', { level: 1, name: 'Yönetim Paneli' }).boundingBox())!.x;
    expect(headerLeft).toBeGreaterThan(16);
    expect(panelLeft).toBeCloseTo(headerLeft, 0);
  });

  test('at 1280 px the back-to-top button covers neither "İlan Ekle" nor a row action of the product list', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/urunlerim');
    await signInThroughForm(page, demoStore('kadikoy'), DEMO_PASSWORD);
    const list = page.getByRole('region', { name: /^Ürün Listesi \(\d+\)$/ });
    await expect(list).toBeFocused();
    const backToTop = page.getByRole('button', { name: 'Sayfanın başına dön' });
    const submit = page.getByRole('form', { name: 'Yeni Ürün İlanı Ekle' }).getByRole('button', { name: 'İlan Ekle' });
    const rows = list.getByRole('row');
    const controls = [submit, ...[1, 3, 6].map((n) => rows.nth(n).getByRole('button', { name: /^Sil: / }))];

    for (const control of controls) {
      // Scroll the control to the height where the button floats (its centre 46 px above the bottom edge).
      await control.scrollIntoViewIfNeeded();
      const box = (await control.boundingBox())!;
      await page.evaluate((delta) => window.scrollBy(0, delta), box.y + box.height / 2 - (720 - 24 - 22));
      // The page scrolls smoothly (styles.css): wait for the control to arrive, not for a number of frames.
      await expect
        .poll(async () => {
          const moved = (await control.boundingBox())!;
          return Math.abs(moved.y + moved.height / 2 - 674);
        })
        .toBeLessThan(4);
      const target = (await control.boundingBox())!;
      if (!(await backToTop.isVisible())) continue;
      const button = (await backToTop.boundingBox())!;
      const overlaps =
        button.x < target.x + target.width &&
        target.x < button.x + button.width &&
        button.y < target.y + target.height &&
        target.y < button.y + button.height;
      expect(overlaps, 'the back-to-top button covers a control').toBe(false);
    }
    // Over the list's heading (no control beside it) the button is there again, and works.
    const heading = list.getByRole('heading', { level: 2 });
    const top = (await heading.boundingBox())!;
    await page.evaluate((delta) => window.scrollBy(0, delta), top.y + top.height / 2 - 674);
    await expect(backToTop).toBeVisible();
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
