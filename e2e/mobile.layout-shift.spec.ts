import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIn } from './support/trading.ts';

/**
 * The page must not jump while its data loads (Lighthouse's CLS on a phone was 0.37 on a product
 * page and 0.17 on a category page). The API answers are held back so the loading state shows.
 */
async function layoutShiftOf(page: Page, path: string, ready: RegExp | string): Promise<number> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.route(/\/api\/(marketplace|auth\/session|stats|orders|notifications)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0));
}

test.describe('layout shift on a phone', () => {
  // Lighthouse's phone (412 × 823): the subcategory chips wrap there, so their counts could move the page.
  test.use({ viewport: { width: 412, height: 823 } });
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('the product page keeps its place while the offers load', async ({ page, request }) => {
    const search = await (await request.get('/api/marketplace/listings?q=rayban')).json();
    const [first] = search.items;
    expect(await layoutShiftOf(page, `/urun/${first.productId}`, first.modelKodu)).toBeLessThan(0.02);
  });

  test('a category page keeps its place while the chips counts and results load', async ({ page }) => {
    expect(await layoutShiftOf(page, '/kategori/gozluk', /Optik Çerçeve/)).toBeLessThan(0.02);
  });

  test('the landing page keeps its footer out of the way while the session is read', async ({ page }) => {
    expect(await layoutShiftOf(page, '/', /güvenli stok ticareti/)).toBeLessThan(0.02);
  });

  // A member's page waits for the session before the guard lets it render, and the header gains
  // the messages link and the bell: neither the footer nor the cart icon may move (CLS was 0.25).
  for (const [path, heading] of [
    ['/siparislerim', /Siparişlerim/],
    ['/bildirimler', /Bildirimler/],
  ] as const) {
    test(`a member's ${path} keeps its place while the session and the list load`, async ({ page }) => {
      await signIn(page, 'kadikoy');
      expect(await layoutShiftOf(page, path, heading)).toBeLessThan(0.02);
    });
  }
});
