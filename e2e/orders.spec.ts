import { DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { expect, test } from './fixtures.ts';

/*
 * The order views and the bell as far as they go without orders: the seed has none, and orders
 * come only from the checkout (no test-only way to insert them). The journeys with real orders —
 * two orders in /siparislerim after a two-seller checkout, each seller's line in its tab, the
 * filters narrowing real rows, the "Yeni sipariş" notification in the bell — belong after the
 * checkout journey (issue 10's browser proof). Server tests cover every rule with orders.
 */
test.describe('orders and notifications', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('/siparislerim is the buyer’s orders page with a working refresh', async ({ page }) => {
    await page.goto('/siparislerim');
    await signInThroughForm(page, demoStore('atakum'), DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: 'Siparişlerim', level: 1 })).toBeVisible();
    await expect(page.getByText('Bu bölüm hazırlanıyor')).toHaveCount(0);
    const orders = page.getByRole('link', { name: /numaralı siparişin ayrıntıları$/ });
    const empty = page.getByText('Henüz siparişiniz yok');
    await expect(orders.first().or(empty)).toBeVisible();
    const refresh = page.getByRole('button', { name: 'Yenile' });
    const reload = page.waitForResponse((r) => r.url().includes('/api/orders?') && r.status() === 200);
    await refresh.click();
    await reload;
    await expect(refresh).toBeEnabled();
  });

  test('an unknown order answers "Sipariş bulunamadı"', async ({ page, allowConsoleErrors }) => {
    // The browser logs the API's 404 itself; it is asked once, not retried.
    allowConsoleErrors(/status of 404/);
    let asked = 0;
    page.on('request', (r) => void (r.url().endsWith('/api/orders/7d1c2b0e-4f7a-4c39-9a55-2f1d7f0c9e11') && asked++));
    await page.goto('/siparislerim/7d1c2b0e-4f7a-4c39-9a55-2f1d7f0c9e11');
    await signInThroughForm(page, demoStore('atakum'), DEMO_PASSWORD);
    await expect(page.getByText('Sipariş bulunamadı')).toBeVisible();
    // A retry would come a second later.
    await page.waitForTimeout(1_500);
    expect(asked).toBe(1);
    await page.getByRole('link', { name: 'Siparişlerime Dön' }).click();
    await expect(page).toHaveURL(/\/siparislerim$/);
  });

  test('the seller’s orders tab: the side menu opens the views, filters live in the address', async ({ page }) => {
    await page.goto('/dashboard?tab=orders');
    await signInThroughForm(page, demoStore('atakum'), DEMO_PASSWORD);
    await expect(page.getByRole('heading', { name: /^Siparişlerim \(\d+\)$/ })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Panel Menüsü' });
    const filters = page.getByRole('region', { name: 'Filtreler' });
    const status = filters.getByLabel('Durum');

    await menu.getByRole('button', { name: 'Tamamlanan Siparişler' }).click();
    await expect(page).toHaveURL(/tab=orders&view=completed$/);
    await expect(status.locator('option:checked')).toHaveText('Tamamlanan Siparişler');

    await menu.getByRole('button', { name: 'Bekleyen Siparişler' }).click();
    await expect(page).toHaveURL(/tab=orders&view=pending$/);
    await expect(status.locator('option:checked')).toHaveText('Bekleyen Siparişler');

    const request = page.waitForRequest(
      (r) => r.url().includes('/api/seller/orders?') && r.url().includes('cargoCompany=ptt'),
    );
    await filters.getByLabel('Kargo Firması').selectOption({ label: 'PTT Kargo' });
    await request;
    await expect(page).toHaveURL(/cargo=ptt/);
    await filters.getByLabel('Başlangıç Tarihi').fill('2026-03-01');
    await expect(page).toHaveURL(/from=2026-03-01/);
    await expect(
      page.getByText('Bu filtrelere uyan sipariş yok.').or(page.getByText('Henüz Sipariş Yok')),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Filtreleri Temizle' }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=orders$/);
    await expect(status.locator('option:checked')).toHaveText('Tümü');
  });

  test('the header bell opens the notifications dropdown and closes it', async ({ page }) => {
    await page.goto('/auth/login');
    await signInThroughForm(page, demoStore('atakum'), DEMO_PASSWORD);
    const bell = page.getByRole('banner').getByRole('button', { name: /^Bildirimler/ });
    await expect(bell).toBeVisible();
    await bell.click();
    const dropdown = page.getByRole('dialog', { name: 'Bildirimler' });
    await expect(dropdown.getByRole('heading', { name: 'Bildirimler' })).toBeVisible();
    await expect(dropdown.getByText('Yeni bildirim yok').or(dropdown.getByRole('listitem').first())).toBeVisible();
    await dropdown.getByRole('button', { name: 'Kapat' }).click();
    await expect(dropdown).toBeHidden();
    await expect(bell).toBeFocused();
  });
});
