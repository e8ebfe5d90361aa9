import { expect, test } from './fixtures.ts';

test.describe('marketplace at 375 px', () => {
  const horizontalOverflow = (page: import('@playwright/test').Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  test('a category page filters through the Filtreler sheet, and the page fits the screen', async ({ page }) => {
    await page.goto('/kategori/gozluk');
    await expect(page.getByRole('heading', { level: 1, name: 'Optik Çerçeve' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // The side column is not shown at this width; the sheet holds the filters.
    await expect(page.getByRole('complementary', { name: 'Filtreler' })).toBeHidden();

    await page.getByRole('button', { name: 'Filtreler' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filtreler' });
    await expect(sheet).toBeVisible();
    const brand = sheet.getByRole('checkbox').first();
    const brandName = (await brand.getAttribute('value'))!;
    // The box follows the address, which the click changes.
    await brand.click();
    await expect(page).toHaveURL(/[?&]brand=/);
    await expect(brand).toBeChecked();
    await sheet.getByRole('button', { name: /sonucu göster/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filtreler (1)' })).toBeVisible();
    await expect(cards.first()).toBeVisible();
    for (const text of await cards.allTextContents()) expect(text).toContain(brandName);

    // The filter is in the address: a reload keeps it.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Filtreler (1)' })).toBeVisible();

    // The sheet closes on Escape too.
    await page.getByRole('button', { name: 'Filtreler (1)' }).click();
    await expect(sheet).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  test('searching from the header lists results that fit the screen, in grid and list view', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Ürün veya marka ara' });
    await search.fill('ray ban');
    await search.press('Enter');
    await expect(page).toHaveURL('/arama?q=ray%20ban');
    await expect(page.getByRole('heading', { level: 2, name: /\d+ sonuç bulundu/ })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toContainText(/Ray-Ban/i);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Liste görünümü' }).click();
    await expect(page).toHaveURL(/view=list/);
    await expect(page.getByRole('button', { name: 'Liste görünümü' })).toHaveAttribute('aria-pressed', 'true');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // The page's own form: a new query; blank text is ignored.
    const own = page.getByRole('main').getByRole('searchbox', { name: 'Ürün, marka veya kategori arayın' });
    await expect(own).toHaveAttribute('placeholder', 'Ürün, marka veya kategori arayın...');
    await own.fill('   ');
    await own.press('Enter');
    await expect(page).toHaveURL(/q=ray(\+|%20)ban/);
    await own.fill('zzqqxx bulunmaz');
    await own.press('Enter');
    await expect(page.getByRole('heading', { name: 'Sonuç bulunamadı' })).toBeVisible();
    await page.getByRole('link', { name: 'Aramayı Temizle' }).click();
    await expect(page).toHaveURL('/arama');
    await expect(page.getByText('Aramak istediğiniz ürünü, markayı veya kategoriyi yazın.')).toBeVisible();
  });
});
