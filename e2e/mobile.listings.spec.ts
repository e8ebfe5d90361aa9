import { DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { expect, test } from './fixtures.ts';

test.describe('seller panel at 375 px', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('the product list shows cards and the panel menu slides in and switches the tab', async ({ page }) => {
    await page.goto('/urunlerim');
    await signInThroughForm(page, demoStore('kadikoy'), DEMO_PASSWORD);
    const list = page.getByRole('region', { name: /^Ürün Listesi \(\d+\)$/ });
    await expect(list).toBeVisible();

    // Cards, not the table: brand, name, model and type, stock and price per listing.
    await expect(list.getByRole('table')).toBeHidden();
    const cards = list.getByRole('list').getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText('₺');
    await expect(cards.first()).toContainText('Stok:');
    await expect(cards.first().getByRole('button', { name: /^Düzenle: / })).toBeVisible();
    const box = await cards.first().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // The side menu is a slide-in panel on a phone.
    await expect(page.getByRole('navigation', { name: 'Panel Menüsü' })).toBeHidden();
    await page.getByRole('button', { name: 'Panel Menüsü' }).click();
    const menu = page.getByRole('dialog', { name: 'Panel Menüsü' });
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Ödemeler' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/tab=transactions/);
    // Earlier journeys may have left this store money in escrow: the tab's panel is what counts here.
    await expect(page.getByRole('tabpanel', { name: 'Hesap Hareketlerim' })).toBeVisible();

    // "Ürün Ekle" goes back to the listings tab with the focus in the product form's search, not on the menu button.
    await page.getByRole('button', { name: 'Panel Menüsü' }).click();
    await menu.getByRole('button', { name: 'Ürün Ekle' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/tab=listings/);
    await expect(page.getByRole('combobox', { name: 'Ürün Ara' })).toBeFocused();
  });
});
