import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.ts';
import { ADMIN, DEMO_PASSWORD, demoStore, signInThroughForm } from './accounts.ts';

/** The WCAG 2.1 A and AA rules; a page passes when axe finds none of them broken. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21aa'];

const visitorPages = [
  '/',
  '/hakkimizda',
  '/iletisim',
  '/sss',
  '/kullanici-sozlesmesi',
  '/gizlilik-politikasi',
  '/login',
  '/register',
  '/arama?q=rayban',
  '/kategori/gunes-gozlugu',
  '/sepet',
  '/markalar',
  '/magaza/cankaya-gozluk-evi',
];
const memberPages = [
  '/',
  '/dashboard',
  '/dashboard?tab=orders',
  '/urun-ekle',
  '/urunlerim',
  '/favorilerim',
  '/arama?q=rayban',
  '/sepet',
  '/odeme',
  '/siparislerim',
  '/store-dashboard',
  '/store-dashboard/products',
  '/store-dashboard/products?filter=low-stock',
  '/store-dashboard/orders',
  '/store-dashboard/reports',
  '/store-dashboard/statements',
  '/store-dashboard/settings',
  '/store-dashboard/profile',
  '/mesajlar',
  '/markalar',
  // The signed-in store's own page (with the owner's note and answer buttons).
  '/magaza/kadikoy-optik',
  '/bildirimler',
];
const adminPages = [
  '/admin',
  '/user-management',
  '/admin/applications',
  '/admin/catalogue',
  '/admin/analytics',
  '/admin/system-status',
  '/admin/notifications',
  '/admin/reports',
  '/admin/database',
  '/admin/security',
  '/admin/orders',
  '/admin/settings',
  '/email-debug',
];

interface Finding {
  path: string;
  rule: string;
  targets: string[];
}

/** The first product page the search for "rayban" links to. */
async function firstProductPath(page: Page): Promise<string> {
  await page.goto('/arama?q=rayban');
  const link = page.getByRole('main').locator('a[href^="/urun/"]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href'))!;
}

async function signInForSweep(page: Page, who: 'member' | 'admin') {
  await page.goto('/login');
  if (who === 'admin') await signInThroughForm(page, ADMIN.email, ADMIN.password);
  else await signInThroughForm(page, demoStore('kadikoy'), DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
}

/**
 * Opens each page once it has settled (main heading shown, no request in flight) and returns
 * what axe finds, so one run reports every page rather than stopping at the first.
 */
async function sweep(page: Page, paths: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Yükleniyor...')).toHaveCount(0);
    const result = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    for (const violation of result.violations) {
      const targets = violation.nodes.map((node) => node.target.join(' '));
      if (targets.length) findings.push({ path, rule: violation.id, targets });
    }
  }
  return findings;
}

/** The sweep's three journeys (visitor, member, admin) at the project's viewport. */
export function defineAxeSweep(viewport: string) {
  test.describe(`axe-core (WCAG 2.1 AA), ${viewport}`, () => {
    test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

    test('the public pages, sign-in, application form, search, a category and a product page', async ({ page }) => {
      test.setTimeout(240_000);
      const product = await firstProductPath(page);
      expect(await sweep(page, [...visitorPages, product])).toEqual([]);
    });

    test('the member pages', async ({ page }) => {
      test.setTimeout(240_000);
      await signInForSweep(page, 'member');
      const product = await firstProductPath(page);
      // A thread's view (with its text box), opened through an offer's "Satıcıya Sor".
      await page.goto(product);
      const ask = await page
        .getByRole('link', { name: /^Satıcıya Sor/ })
        .first()
        .getAttribute('href');
      expect(await sweep(page, [...memberPages, product, ask!])).toEqual([]);
    });

    test('the admin pages', async ({ page }) => {
      test.setTimeout(240_000);
      await signInForSweep(page, 'admin');
      expect(await sweep(page, adminPages)).toEqual([]);
    });
  });
}
