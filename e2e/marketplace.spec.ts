import type { Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { expect, test } from './fixtures.ts';

async function signIn(page: Page, store: Parameters<typeof demoStore>[0]) {
  await page.goto('/login');
  await signInThroughForm(page, demoStore(store), DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: /Hoş geldiniz/ })).toBeVisible();
}

/** The offers as listed: their numbers from the data attributes the offer rows carry. */
async function offerFigures(offers: Locator) {
  return offers.evaluateAll((rows) =>
    rows.map((row) => ({
      id: row.getAttribute('data-listing-id')!,
      price: Number(row.getAttribute('data-final-price')),
      days: Number(row.getAttribute('data-handling-days')),
      stock: Number(row.getAttribute('data-stock')),
      own: row.hasAttribute('data-own-offer'),
    })),
  );
}

const isSorted = (values: number[]) => values.every((value, i) => i === 0 || values[i - 1] <= value);

/** In order by one figure, sold-out offers last. */
function isOrderedBy<T extends { stock: number }>(offers: T[], figure: (offer: T) => number) {
  const firstSoldOut = offers.findIndex((o) => o.stock === 0);
  const buyable = firstSoldOut === -1 ? offers : offers.slice(0, firstSoldOut);
  return (
    buyable.every((o) => o.stock > 0) &&
    offers.slice(buyable.length).every((o) => o.stock === 0) &&
    isSorted(buyable.map(figure))
  );
}

test.describe('marketplace', () => {
  test('a member finds contact lenses despite a typo, compares the offers and fills the cart within stock', async ({
    page,
  }) => {
    await signIn(page, 'cankaya');
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Ürün veya marka ara' });
    await search.fill('akuvue');
    await search.press('Enter');
    await expect(page).toHaveURL('/arama?q=akuvue');
    await expect(page.getByRole('heading', { level: 2, name: /\d+ sonuç bulundu/ })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toContainText(/Acuvue/i);
    await expect(cards.filter({ hasText: 'En düşük fiyat' }).first()).toContainText('₺');

    // The product page gathers every seller's offer: open the product most sellers offer here.
    const sellerCounts = (await cards.allInnerTexts()).map((text) => Number(/(\d+) satıcı/.exec(text)?.[1] ?? 0));
    const mostOffered = sellerCounts.indexOf(Math.max(...sellerCounts));
    await cards.nth(mostOffered).locator('h3 a').click();
    await expect(page).toHaveURL(/\/urun\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Acuvue/i);
    const offers = page.getByTestId('offer');
    await expect(offers.first()).toBeVisible();
    const all = await offerFigures(offers);
    expect(all.length, 'the product has offers from several sellers').toBeGreaterThan(1);
    expect(
      isOrderedBy(all, (o) => o.price),
      'cheapest first by default',
    ).toBe(true);

    // Sort by delivery time, then keep only the fastest offers.
    await page.getByLabel('Sırala').selectOption({ label: 'Teslim süresi' });
    const byDelivery = await offerFigures(offers);
    expect(isOrderedBy(byDelivery, (o) => o.days)).toBe(true);
    expect(byDelivery.map((o) => o.id).sort()).toEqual(all.map((o) => o.id).sort());
    const fastest = Math.min(...all.map((o) => o.days));
    const slider = page.getByRole('slider', { name: /En fazla teslim süresi/ });
    await slider.focus();
    await page.keyboard.press('Home');
    for (let day = 1; day < fastest; day++) await page.keyboard.press('ArrowRight');
    await expect(slider).toHaveValue(String(fastest));
    await expect.poll(async () => (await offerFigures(offers)).every((o) => o.days <= fastest)).toBe(true);
    await expect(offers).toHaveCount(all.filter((o) => o.days <= fastest).length);
    await page.keyboard.press('End');
    await expect(offers).toHaveCount(all.length);

    // Back to price order; add the cheapest buyable offer, at its minimum order quantity, within its stock.
    await page.getByLabel('Sırala').selectOption({ label: 'Fiyat' });
    const byPrice = await offerFigures(offers);
    // The member's own offer (cankaya sells this product too) has no cart button.
    for (const [i, offer] of byPrice.entries()) {
      if (offer.own) await expect(offers.nth(i).getByRole('button', { name: 'Sepete Ekle' })).toHaveCount(0);
    }
    const index = byPrice.findIndex((o) => o.stock > 0 && !o.own);
    const chosen = byPrice[index];
    const row = offers.nth(index);
    const quantity = row.getByRole('textbox', { name: /^Adet/ });
    const first = Number(await quantity.inputValue());
    expect(first).toBeGreaterThanOrEqual(1);
    await row.getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(page.getByText('Sepete eklendi')).toBeVisible();
    await expect(row.getByText(`Sepetinizde ${first} adet`)).toBeVisible();
    const cartAfterAdd = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'));
    expect(cartAfterAdd).toEqual([
      expect.objectContaining({ id: chosen.id, quantity: first, maxStock: chosen.stock, fiyat: chosen.price }),
    ]);

    // More than the stock allows: refused with the spec's message, and the cart stays as it was.
    await quantity.fill(String(chosen.stock - first + 1));
    await row.getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(page.getByText('Stok Yetersiz')).toBeVisible();
    await expect(page.getByText(`En fazla ${chosen.stock} adet ekleyebilirsiniz.`)).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'))).toEqual(cartAfterAdd);

    // A quantity it cannot read is refused with a Turkish message, not guessed.
    await quantity.fill('iki');
    await row.getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(quantity).toHaveAccessibleDescription('Sayı okunamadı. Tam sayı yazın, örneğin 12 veya 1.350.');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? 'null'))).toEqual(cartAfterAdd);

    // The cart survives a reload.
    await page.reload();
    await expect(page.getByTestId('offer').filter({ hasText: `Sepetinizde ${first} adet` })).toHaveCount(1);
  });

  test('a visitor browses a category without prices and is invited to sign in', async ({ page }) => {
    await page.goto('/kategori/gunes-gozlugu');
    await expect(page.getByRole('heading', { level: 1, name: 'Güneş Gözlüğü' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThan(1);
    await expect(page.getByRole('status').filter({ hasText: 'Fiyatları görmek için giriş yapın.' })).toBeVisible();
    await expect(cards.first().getByRole('link', { name: 'Fiyatları görmek için giriş yapın.' })).toBeVisible();
    expect(await page.getByRole('main').innerText()).not.toContain('₺');

    // A subcategory chip narrows the list and keeps the address.
    await page.getByRole('navigation', { name: 'Alt kategoriler' }).getByRole('link', { name: /Kadın/ }).click();
    await expect(page).toHaveURL('/kategori/gunes-gozlugu/kadin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Güneş Gözlüğü – Kadın');
    await expect(cards.first()).toBeVisible();
    expect(await page.getByRole('main').innerText()).not.toContain('₺');

    // The sign-in link brings the visitor back to the same page, now with prices.
    await cards.first().getByRole('link', { name: 'Fiyatları görmek için giriş yapın.' }).click();
    await signInThroughForm(page, demoStore('cankaya'), DEMO_PASSWORD);
    await expect(page).toHaveURL('/kategori/gunes-gozlugu/kadin');
    await expect(cards.first()).toContainText('₺');
  });

  test('an unknown category shows the not-found page', async ({ page }) => {
    await page.goto('/kategori/olmayan-kategori');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sayfa Bulunamadı');
    await page.goto('/kategori/lens/olmayan');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sayfa Bulunamadı');
  });

  test('search shows one card per product with its sellers, the lowest price and the comparison a click away', async ({
    page,
  }) => {
    const wayfarer = 'Ray-Ban RB2140 Wayfarer Güneş Gözlüğü 50 mm Siyah';
    await page.goto('/arama?q=rayban');
    const cards = page.getByRole('main').getByRole('article');
    const card = cards.filter({ has: page.getByText(wayfarer, { exact: true }) });
    // Every demo store offers this product: one card, not one per offer.
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('6 satıcı');
    await expect(card).toContainText(/\d+ adet stok/);
    const names = await cards.evaluateAll((articles) =>
      articles.map((a) => a.querySelector('h3 a')!.getAttribute('href')),
    );
    expect(new Set(names).size).toBe(names.length);
    // Visitors see no price on the card.
    expect(await card.innerText()).not.toContain('₺');
    await expect(card.getByRole('link', { name: 'Fiyatları görmek için giriş yapın.' })).toBeVisible();

    // Brands are Latin names: upper-cased without the Turkish dotted İ.
    await page.goto('/arama?q=gucci');
    const brand = cards.first().locator('h3 [lang="en"]');
    await expect(brand).toHaveText('Gucci');
    expect(await brand.innerText()).toBe('GUCCI');
    await cards.first().locator('h3 a').click();
    const productBrand = page.getByRole('main').locator('p[lang="en"]').first();
    await expect(productBrand).toHaveText('Gucci');
    expect(await productBrand.innerText()).toBe('GUCCI');

    // Signed in, the card shows the lowest in-stock price, and opens the comparison of every offer.
    await page.goto('/arama?q=rayban');
    await card.getByRole('link', { name: 'Fiyatları görmek için giriş yapın.' }).click();
    await signInThroughForm(page, demoStore('cankaya'), DEMO_PASSWORD);
    await expect(page).toHaveURL('/arama?q=rayban');
    await expect(card).toContainText('En düşük fiyat');
    const lowest = /₺\s?[\d.,]+/.exec(await card.innerText())![0];
    await card.locator('h3 a').click();
    await expect(page).toHaveURL(/\/urun\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('offer').first()).toBeVisible();
    const offers = await offerFigures(page.getByTestId('offer'));
    expect(offers).toHaveLength(6);
    const cheapest = Math.min(...offers.filter((o) => o.stock > 0).map((o) => o.price));
    // "₺1.234,50" is 123450 kuruş.
    expect(Number(lowest.replace(/\D/g, ''))).toBe(cheapest);
  });
});
