import { expect, test } from './fixtures.ts';

/**
 * The public pages come server-rendered to visitors (docs/decisions/045-server-rendering.md): the
 * document holds the page with its data, and the app hydrates it without fetching that data again,
 * without a hydration error, and stays a working app.
 */

async function firstProductId(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const search = await (await request.get('/api/marketplace/listings?q=rayban')).json();
  return search.items[0].productId as string;
}

test.describe('server-rendered public pages', () => {
  test('a product page shows its name, title and description without JavaScript', async ({ browser, request }) => {
    const productId = await firstProductId(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/urun/${productId}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(/ray-?ban/i);
    await expect(page).toHaveTitle(/\| OptiStok$/);
    expect(await page.title()).toContain((await heading.textContent())!.trim());
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /OptiStok'ta \d+ satıcı teklifi/);
    await expect(page.getByRole('heading', { name: /Satıcı Teklifleri/ })).toBeVisible();
    await context.close();
  });

  test('a product page hydrates without refetching its data and stays interactive', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const productId = await firstProductId(request);
    const productCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/marketplace/products/')) productCalls.push(r.url());
    });
    await page.goto(`/urun/${productId}`);
    await page.waitForLoadState('networkidle');
    expect(productCalls, 'the server-rendered data is not fetched again').toEqual([]);
    // No hydration mismatch (React reports one as a console error) and the app works: the breadcrumb's link navigates.
    expect(consoleErrors).toEqual([]);
    await page.getByRole('navigation', { name: 'Sayfa konumu' }).getByRole('link').last().click();
    await expect(page).toHaveURL(/\/kategori\//);
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a search page hydrates without refetching its results and its cards lead on', async ({
    page,
    consoleErrors,
  }) => {
    const listingCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/marketplace/listings')) listingCalls.push(r.url());
    });
    await page.goto('/arama?q=rayban');
    await page.waitForLoadState('networkidle');
    expect(listingCalls, 'the server-rendered results are not fetched again').toEqual([]);
    expect(consoleErrors).toEqual([]);
    const firstCard = page.getByRole('article').first();
    await firstCard.getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/urun\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
