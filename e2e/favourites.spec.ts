import { DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { expect, test } from './fixtures.ts';

test.describe('favourites', () => {
  test('a favourite survives a reload and a new sign-in, shows on /favorilerim and can be removed', async ({
    page,
  }) => {
    const email = demoStore('atakum');
    await page.goto('/login');
    await signInThroughForm(page, email, DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: /Hoş geldiniz/ })).toBeVisible();

    await page.goto('/urunler');
    const card = page.getByRole('main').getByRole('article').first();
    const title = await card.getByRole('heading', { level: 3 }).innerText();
    const modelCode = title.split('\n').at(-1)!.trim();
    await card.getByRole('button', { name: 'Favorilere ekle', pressed: false }).click();
    await expect(card.getByRole('button', { name: 'Favorilere ekle' })).toHaveAttribute('aria-pressed', 'true');

    // The product page shows the same heart, stored on the server: a reload keeps it.
    await card.getByRole('heading', { level: 3 }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(modelCode);
    const productUrl = page.url();
    const heart = page.getByRole('main').getByRole('button', { name: 'Favorilere ekle', pressed: true }).first();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');

    // Signed out, the heart leads to sign-in; signed in again, the favourite is still there.
    await page.getByRole('button', { name: /Hesap menüsü/ }).click();
    await page.getByRole('menuitem', { name: 'Çıkış Yap' }).click();
    await expect(page.getByText('Başarıyla çıkış yaptınız.')).toBeVisible();
    await page.goto(productUrl);
    await page.getByRole('main').getByRole('link', { name: 'Favorilere ekle' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    // The sign-in page says why the visitor is there.
    await expect(page.getByRole('status').filter({ hasText: 'Favorilere eklemek için giriş yapın.' })).toBeVisible();
    await signInThroughForm(page, email, DEMO_PASSWORD);
    await expect(page).toHaveURL(productUrl);
    await expect(
      page.getByRole('main').getByRole('button', { name: 'Favorilere ekle', pressed: true }).first(),
    ).toHaveAttribute('aria-pressed', 'true');

    // /favorilerim lists it; the search folds Turkish letters and case.
    await page.goto('/favorilerim');
    await expect(page.getByRole('heading', { level: 1, name: 'Favorilerim' })).toBeVisible();
    const favourite = page.getByRole('main').getByRole('article');
    await expect(favourite).toHaveCount(1);
    await expect(favourite).toContainText(modelCode);
    const search = page.getByLabel('Favorilerde ara');
    await search.fill('bulunmayacak-ürün');
    await expect(page.getByText('Aramanıza uyan favori ürün yok.')).toBeVisible();
    await search.fill(modelCode.toLocaleUpperCase('tr-TR'));
    await expect(favourite).toHaveCount(1);

    // Removing it leaves the spec's empty state, whose button leads to the marketplace.
    await favourite.getByRole('button', { name: 'Favorilere ekle', pressed: true }).click();
    await expect(page.getByRole('heading', { name: 'Henüz favori ürün yok' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Henüz favori ürün yok' })).toBeVisible();
    await page.getByRole('link', { name: 'Ürünleri Keşfet' }).click();
    await expect(page).toHaveURL('/marketplace');
    await expect(page.getByRole('heading', { level: 1, name: 'Pazaryeri' })).toBeVisible();
  });
});
