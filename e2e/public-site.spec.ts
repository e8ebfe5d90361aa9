import type { PublicStats } from '../src/shared/schemas/stats.ts';
import { expect, test } from './fixtures.ts';

const formatCount = (n: number) => new Intl.NumberFormat('tr-TR').format(n);
const formatKurus = (k: number) =>
  new Intl.NumberFormat('tr-TR', { style: 'currency', currency: 'TRY', minimumFractionDigits: 2 }).format(k / 100);

test.describe('public site', () => {
  // Requesting the fixture arms the console-error check for every test here.
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('landing page is Turkish and shows the live statistics from the database', async ({ page, request }) => {
    const stats: PublicStats = await (await request.get('/api/stats')).json();
    expect(stats.activeListings).toBeGreaterThan(0); // demo data is seeded
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Optik mağazalar arası güvenli stok ticareti');
    await expect(page.getByRole('heading', { name: 'Neden OptiStok?' })).toBeVisible();
    for (const title of ['Güvenli Ticaret', 'Hızlı İşlemler', 'Geniş Network']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.locator('[data-stat="activeListings"] dd')).toHaveText(formatCount(stats.activeListings));
    await expect(page.locator('[data-stat="members"] dd')).toHaveText(formatCount(stats.members));
    await expect(page.locator('[data-stat="completedOrders"] dd')).toHaveText(formatCount(stats.completedOrders));
    await expect(page.locator('[data-stat="escrowHeld"] dd')).toHaveText(formatKurus(stats.escrowHeldKurus));
    await expect(page.getByRole('link', { name: 'Üyelik Başvurusu Yap' }).first()).toHaveAttribute('href', '/register');
  });

  test('benefit cards fade in when scrolled into view', async ({ page }) => {
    await page.goto('/');
    const card = page.locator('.reveal').first();
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveAttribute('data-visible', 'true');
    await expect(card).toHaveCSS('opacity', '1');
  });

  test('header search navigates only when the trimmed text is not empty', async ({ page }) => {
    await page.goto('/hakkimizda');
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Ürün veya marka ara' });
    await expect(search).toHaveAttribute('placeholder', 'Ürün veya marka ara...');
    await search.fill('   ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/hakkimizda$/);
    await search.fill('  Ray-Ban İstanbul ');
    await search.press('Enter');
    await expect(page).toHaveURL('/arama?q=Ray-Ban%20%C4%B0stanbul');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('"Ray-Ban İstanbul" için arama');
  });

  test('an unknown route shows the not-found page with working home and back buttons', async ({ page }) => {
    await page.goto('/iletisim');
    await page.goto('/boyle-bir-sayfa-yok');
    await expect(page.getByRole('heading', { name: 'Sayfa Bulunamadı' })).toBeVisible();
    await page.getByRole('button', { name: 'Geri Dön' }).click();
    await expect(page).toHaveURL(/\/iletisim$/);
    await page.goto('/boyle-bir-sayfa-yok');
    await page.getByRole('main').getByRole('link', { name: 'Ana Sayfa' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('every footer link opens a page with real content', async ({ page }) => {
    // Walks some thirty pages in one test: the 30 s default is a budget for one journey, not for thirty.
    test.setTimeout(120_000);
    await page.goto('/');
    const links = page.getByRole('contentinfo').getByRole('link');
    const hrefs = await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThanOrEqual(15);
    for (const href of hrefs) {
      await page.goto('/');
      await page.getByRole('contentinfo').locator(`a[href="${href}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading, href).toBeVisible();
      await expect(heading).not.toHaveText('Sayfa Bulunamadı');
      // Category pages load their listings after the heading shows: wait for the content.
      const main = page.getByRole('main');
      await expect
        .poll(async () => (await main.innerText()).length, { message: `${href} has content` })
        .toBeGreaterThan(150);
      expect(await main.innerText()).not.toMatch(/lorem ipsum/i);
    }
  });

  test('every public route of the spec shows a proper page', async ({ page }) => {
    // Walks some thirty pages in one test: the 30 s default is a budget for one journey, not for thirty.
    test.setTimeout(120_000);
    const routes = [
      '/hakkimizda',
      '/iletisim',
      '/sss',
      '/kullanici-sozlesmesi',
      '/gizlilik-politikasi',
      '/hesap-kapat',
      '/nasil-calisir',
      '/guvenlik',
      '/uyyelik-sartlari',
      '/uyelik-sartlari',
      '/destek',
      '/canli-destek',
      '/kullanim-sartlari',
      '/gizlilik',
      '/kvkk',
      '/cerez',
      '/arama',
      '/login',
      '/auth/login',
      '/auth',
      '/register',
      '/auth/register',
      '/kategori/gozluk',
      '/kategori/lens/kontakt',
      '/kategoriler',
      '/urunler',
      '/marketplace',
      '/sepet',
      '/dashboard',
      '/admin',
      '/admin/settings',
      '/store-dashboard',
    ];
    for (const route of routes) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 }), route).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 }), route).not.toHaveText('Sayfa Bulunamadı');
    }
  });

  test('the contact form validates in Turkish and stores a message', async ({ page }) => {
    await page.goto('/iletisim');
    await page.getByRole('button', { name: 'Mesajı Gönder' }).click();
    await expect(page.getByText('Ad soyad en az 2 karakter olmalıdır')).toBeVisible();
    await expect(page.getByText('Geçerli bir e-posta adresi giriniz')).toBeVisible();
    await expect(page.getByText('Mesajınız en az 10 karakter olmalıdır')).toBeVisible();
    await page.getByLabel('Ad Soyad').fill('Ayşe Işık');
    await page.getByLabel('E-posta').fill('ayse@kadikoyoptik.com.tr');
    await page.getByLabel('Konu').fill('Üyelik başvurusu');
    await page.getByLabel('Mesajınız').fill('Merhaba, başvurumun durumunu öğrenmek istiyorum.');
    await page.getByRole('button', { name: 'Mesajı Gönder' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Mesajınız alındı' })).toContainText(/ILT-[0-9A-F]{8}/);
    await expect(page.getByLabel('Ad Soyad')).toHaveValue('');
  });

  test('a part of the app that fails to load shows "Render Hatası" with a reload button', async ({
    page,
    allowConsoleErrors,
  }) => {
    allowConsoleErrors(/Failed to load resource|dynamically imported module|Failed to fetch/);
    await page.route(/contact-page-.*\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'İletişim' }).click();
    await expect(page.getByRole('heading', { name: 'Render Hatası' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sayfayı Yenile' })).toBeVisible();
  });

  test('the navigation turns opaque after 20 px and back-to-top appears after 400 px', async ({ page }) => {
    await page.goto('/kullanici-sozlesmesi');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-opaque', 'false');
    await page.evaluate(() => window.scrollTo(0, 100));
    await expect(header).toHaveAttribute('data-opaque', 'true');
    await expect(page.getByRole('button', { name: 'Sayfanın başına dön' })).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByRole('button', { name: 'Sayfanın başına dön' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a link opens the next page at its top', async ({ page }) => {
    await page.goto('/kullanici-sozlesmesi');
    const categories = page.getByRole('contentinfo').getByRole('navigation', { name: 'Kategoriler' });
    await categories.getByRole('link').first().hover(); // scrolled down to the footer
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await categories.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/kategori\//);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('switching the results to the list view keeps the place on the page', async ({ page }) => {
    await page.goto('/urunler');
    const listView = page.getByRole('button', { name: 'Liste görünümü' });
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    // Instant scrolling, so a reset to the top would show at once instead of gliding there.
    await page.evaluate(() => (document.documentElement.style.scrollBehavior = 'auto'));
    await page.evaluate(() => window.scrollTo(0, 200));
    await listView.dispatchEvent('click'); // a click() would scroll the button into view first
    await expect(listView).toHaveAttribute('aria-pressed', 'true');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(150); // not reset to the top
  });
});
