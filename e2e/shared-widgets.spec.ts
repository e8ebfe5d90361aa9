import AxeBuilder from '@axe-core/playwright';
import { ADMIN, DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { expect, test } from './fixtures.ts';

// The shared widgets in components/ui carry the markup rules once for every screen.
test.describe('shared widgets', () => {
  test('the stat cards on /dashboard are a valid definition list', async ({ page }) => {
    await page.goto('/dashboard');
    await signInThroughForm(page, demoStore('cankaya'), DEMO_PASSWORD);
    const stats = page.locator('section[aria-labelledby="seller-stats-title"]');
    await expect(stats.locator('dl > div > dt')).toHaveCount(6);
    await expect(stats.locator('dl')).toHaveAttribute('aria-busy', 'false');
    const results = await new AxeBuilder({ page }).include('section[aria-labelledby="seller-stats-title"]').analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test("the admin overview's and analytics' figures are stat cards; an overview card opens its list", async ({
    page,
  }) => {
    await page.goto('/login');
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/analytics');
    const byStatus = page.locator('dl', { has: page.locator('dt', { hasText: 'Onaylanan' }) });
    await expect(byStatus.locator(':scope > div > dt')).toHaveCount(3);
    await page.goto('/admin');
    const pending = page.getByRole('link', { name: 'Bekleyen Başvurular' });
    const figures = page.locator('dl', { has: pending });
    await expect(figures.locator(':scope > div > dt')).toHaveCount(4);
    const results = await new AxeBuilder({ page }).include('dl').withRules(['definition-list', 'dlitem']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    // The label's link covers the card: a click in the card's middle (on the figure's line) opens the list.
    await figures.locator(':scope > div', { has: pending }).click();
    await expect(page).toHaveURL(/\/admin\/applications$/);
  });

  test('the users table: its "Detaylar" buttons are named with the visible word, and the table has column headers', async ({
    page,
  }) => {
    await page.goto('/login');
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/user-management');
    const table = page.getByRole('table', { name: 'Kullanıcılar' });
    await expect(table.getByRole('columnheader', { name: 'Kullanıcı', exact: true })).toBeVisible();
    const details = table.getByRole('button', { name: /^Detaylar: / });
    await expect(details.first()).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include('table')
      .withRules(['label-content-name-mismatch', 'th-has-data-cells', 'td-headers-attr', 'scope-attr-valid'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test('the admin screens built on QueryState and DataTable show their data', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/login');
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/admin/database');
    await expect(page.getByRole('table', { name: 'Tablolar' }).getByRole('rowheader').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Geçişler' }).getByText('Uygulandı').first()).toBeVisible();

    await page.goto('/admin/reports');
    const byRole = page.getByRole('table', { name: 'Rollere Göre Üyeler' });
    await expect(byRole.getByRole('rowheader', { name: 'Toplam' })).toBeVisible();
    await expect(byRole.getByRole('columnheader', { name: 'Oran' })).toBeVisible();

    await page.goto('/admin/analytics');
    await expect(page.getByRole('table', { name: 'Yeni Üyeler (haftalık)' }).getByRole('row')).not.toHaveCount(0);

    await page.goto('/admin/system-status');
    await expect(page.getByRole('heading', { level: 1, name: 'Sistem Durumu' })).toBeVisible();
    await expect(page.getByText('Veritabanı Sürümü').first()).toBeVisible();

    await page.goto('/admin/notifications');
    await expect(page.getByRole('region', { name: 'Bekleyen Başvurular' })).toBeVisible();
  });

  test("a store's settings list its sessions and security events", async ({ page }) => {
    await page.goto('/settings');
    await signInThroughForm(page, demoStore('seyhan'), DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/settings$/);
    const sessions = page.getByRole('region', { name: 'Aktif Oturumlar' });
    await expect(sessions.getByRole('listitem').first()).toBeVisible();
    const security = page.getByRole('region', { name: 'Son Güvenlik Olayları' });
    await expect(
      security.getByRole('listitem').or(security.getByText('Henüz güvenlik kayıtları bulunmuyor.')).first(),
    ).toBeVisible();
  });
});
