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
});
