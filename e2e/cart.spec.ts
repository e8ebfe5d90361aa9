import type { Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import { expect, test } from './fixtures.ts';
import { offerFigures, openMostOfferedLens } from './support/trading.ts';

const storedCart = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { id: string; quantity: number }[]);

test.describe('cart', () => {
  test('a member fills the cart from two sellers, sees it grouped and priced by the server, changes quantities within stock and clears it', async ({
    page,
  }) => {
    await page.goto('/login');
    await signInThroughForm(page, demoStore('kadikoy'), DEMO_PASSWORD);
    await expect(page.getByRole('heading', { level: 1, name: /Hoş geldiniz/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sepet, 0 ürün' })).toBeVisible();

    // Two offers of one product from two different sellers (not the member's own), with room to grow.
    const offers = await openMostOfferedLens(page);
    const figures = await offerFigures(offers);
    const buyable = figures.filter((o) => !o.own && o.stock >= 3 && o.seller !== '');
    const first = buyable[0];
    const second = buyable.find((o) => o.seller !== first.seller)!;
    expect(second, 'two sellers offer this product').toBeDefined();
    for (const offer of [first, second]) {
      const row = offers.and(page.locator(`[data-listing-id="${offer.id}"]`));
      await row.getByRole('button', { name: 'Sepete Ekle' }).click();
      await expect(row.getByText(/Sepetinizde \d+ adet/)).toBeVisible();
    }
    const added = await storedCart(page);
    expect(added.map((i) => i.id)).toEqual([first.id, second.id]);
    const units = added.reduce((sum, i) => sum + i.quantity, 0);

    // The header's badge counts units; it leads to the cart.
    await page.getByRole('link', { name: `Sepet, ${units} ürün` }).click();
    await expect(page).toHaveURL('/sepet');
    await expect(page.getByRole('heading', { level: 1, name: 'Sepetim' })).toBeVisible();

    // One group per seller, each with its @handle, subtotal and shipping; prices say "+KDV".
    const groups = page.getByTestId('cart-group');
    await expect(groups).toHaveCount(2);
    await expect(groups.nth(0).getByRole('heading', { name: `Satıcı: ${first.seller}` })).toBeVisible();
    await expect(groups.nth(1).getByRole('heading', { name: `Satıcı: ${second.seller}` })).toBeVisible();
    for (const group of [groups.nth(0), groups.nth(1)]) {
      await expect(group.getByText('Satıcı ara toplamı')).toBeVisible();
      await expect(group.getByText('Kargo', { exact: true })).toBeVisible();
      await expect(group.getByText('+KDV').first()).toBeVisible();
    }
    const summary = page.getByTestId('cart-summary');
    // The order page's rows, before a payment is chosen: no Peşin discount yet.
    await expect(summary).toContainText(/Ara Toplam.*Kargo.*KDV \(%\d+\).*Genel Toplam\s*₺/);
    await expect(summary).not.toContainText('Peşin');
    await expect(page.getByText(/ve üzeri siparişlerde kargo ücretsiz \(satıcı başına\)/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ödemeye Geç' })).toBeEnabled();

    // Quantity: plus adds one, minus is disabled at 1, unreadable text falls back to 1.
    const item = page.getByTestId('cart-item').and(page.locator(`[data-listing-id="${first.id}"]`));
    const quantity = item.getByRole('textbox');
    const before = Number(await quantity.inputValue());
    await item.getByRole('button', { name: 'Artır' }).click();
    await expect(quantity).toHaveValue(String(before + 1));
    await expect(page.getByRole('link', { name: `Sepet, ${units + 1} ürün` })).toBeVisible();
    await quantity.fill('iki');
    await quantity.press('Enter');
    await expect(quantity).toHaveValue('1');
    await expect(item.getByRole('button', { name: 'Azalt' })).toBeDisabled();
    expect((await storedCart(page)).find((i) => i.id === first.id)?.quantity).toBe(1);

    // More than the stock is set to the stock, and a toast says why.
    await quantity.fill(String(first.stock + 1));
    await quantity.press('Enter');
    await expect(page.getByText('Stok Yetersiz')).toBeVisible();
    await expect(page.getByText(`Stokta ${first.stock} adet var; adet ${first.stock} yapıldı.`)).toBeVisible();
    await expect(quantity).toHaveValue(String(first.stock));
    expect((await storedCart(page)).find((i) => i.id === first.id)?.quantity).toBe(first.stock);
    // At the stock plus is disabled.
    await expect(item.getByRole('button', { name: 'Artır' })).toBeDisabled();

    // The cart survives a reload.
    await page.reload();
    await expect(page.getByTestId('cart-item')).toHaveCount(2);

    // Clearing asks first; cancelling keeps everything.
    await page.getByRole('button', { name: 'Sepeti Temizle' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sepeti Temizle' });
    await expect(dialog).toContainText('Sepetinizdeki tüm ürünler kaldırılacak. Emin misiniz?');
    await dialog.getByRole('button', { name: 'İptal' }).click();
    await expect(page.getByTestId('cart-item')).toHaveCount(2);
    await page.getByRole('button', { name: 'Sepeti Temizle' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Temizle' }).click();

    await expect(page.getByRole('heading', { name: 'Sepetiniz boş' })).toBeVisible();
    expect(await storedCart(page)).toEqual([]);
    await expect(page.getByRole('link', { name: 'Sepet, 0 ürün' })).toBeVisible();
    await page.getByRole('link', { name: 'Alışverişe başlayın' }).click();
    await expect(page).toHaveURL('/marketplace');
  });

  test('a visitor sees the cart without prices, is asked to sign in, and comes back to the cart with prices', async ({
    page,
  }) => {
    // Visitors see offers without prices (and without a cart button): put one in the stored cart directly.
    const offers = await openMostOfferedLens(page);
    // Not atakum's own offer: atakum signs in below.
    const [offer] = (await offerFigures(offers)).filter((o) => o.stock > 0 && o.seller !== '@atakumgozlukcu');
    await page.evaluate(
      ({ id, stock }) =>
        localStorage.setItem(
          'cart',
          JSON.stringify([
            {
              id,
              marka: 'Acuvue',
              model_kodu: 'E2E',
              // A price no offer has: the server must report the real one after signing in.
              fiyat: 1,
              quantity: 1,
              maxStock: stock,
              images: [],
              seller_id: 'e2e-seller',
            },
          ]),
        ),
      offer,
    );

    await page.goto('/sepetim');
    await expect(page).toHaveURL('/sepet');
    await expect(page.getByRole('link', { name: 'Sepet, 1 ürün' })).toBeVisible();
    await expect(page.getByTestId('cart-item')).toHaveCount(1);
    await expect(page.getByText('Fiyatları görmek ve sipariş vermek için giriş yapın.')).toBeVisible();
    await expect(page.getByTestId('cart-group')).toHaveCount(1);
    await expect(
      page.getByTestId('cart-group').getByRole('heading', { name: `Satıcı: ${offer.seller}` }),
    ).toBeVisible();
    expect(await page.getByTestId('cart-group').innerText()).not.toContain('₺');
    await expect(page.getByTestId('cart-summary')).toHaveCount(0);

    // "Ödemeye Geç" leads a visitor to sign in, and signing in comes back to the cart.
    await page.getByRole('link', { name: 'Ödemeye Geç' }).click();
    await expect(page).toHaveURL('/login');
    await signInThroughForm(page, demoStore('atakum'), DEMO_PASSWORD);
    await expect(page).toHaveURL('/sepet');
    await expect(page.getByText('Fiyatları görmek ve sipariş vermek için giriş yapın.')).toHaveCount(0);
    await expect(page.getByTestId('cart-summary')).toContainText('₺');
    // The stored price was made up: the server reports the real one (old → new), checkout waits,
    // and one click accepts it.
    const problem = page.getByTestId('cart-item').locator('[data-problem="price_changed"]');
    await expect(problem).toContainText(/Fiyat değişti: ₺0,01 → ₺[\d.]+,\d{2}/);
    await expect(page.getByRole('heading', { name: 'Sepetinizde değişiklik var' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ödemeye Geç' })).toBeDisabled();
    await page.getByRole('button', { name: 'Tüm Değişiklikleri Uygula' }).click();
    await expect(problem).toHaveCount(0);
    expect((await storedCart(page))[0]).toEqual(expect.objectContaining({ id: offer.id }));
    expect((await page.evaluate(() => JSON.parse(localStorage.getItem('cart')!)[0].fiyat)) as number).toBeGreaterThan(
      1,
    );
    await expect(page.getByRole('button', { name: 'Ödemeye Geç' })).toBeEnabled();
  });

  test('the admin sets the free-shipping limit and "prices include VAT"; price labels and the public settings follow', async ({
    page,
  }) => {
    await page.goto('/login');
    await signInThroughForm(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/settings');
    const freeFrom = page.getByLabel('Ücretsiz kargo alt limiti (₺, satıcı başına)');
    const includesVat = page.getByRole('switch', { name: 'Fiyatlara KDV dahil' });
    const save = page.getByRole('button', { name: 'Ayarları Kaydet' });
    await expect(freeFrom).toHaveValue('1.000,00');
    await expect(freeFrom).toHaveAccessibleDescription(/0 girilirse ücretsiz kargo kapalıdır/);
    await expect(includesVat).not.toBeChecked();

    await freeFrom.fill('1.500');
    await expect(page.getByText('Kaydedilecek: ₺1.500,00')).toBeVisible();
    await includesVat.click();
    await save.click();
    await expect(page.getByText('Platform ayarları kaydedildi.')).toBeVisible();
    await page.reload();
    await expect(freeFrom).toHaveValue('1.500,00');
    await expect(includesVat).toBeChecked();
    const settings = await (await page.request.get('/api/settings/public')).json();
    expect(settings).toMatchObject({ freeShippingFromKurus: 150_000, pricesIncludeVat: true });

    // Prices now say "KDV dahil" instead of "+KDV".
    await page.goto('/arama?q=acuvue');
    const card = page.getByRole('main').getByRole('article').filter({ hasText: 'En düşük fiyat' }).first();
    await expect(card.getByTestId('vat-note')).toHaveText('KDV dahil');

    // Put the settings back for the other journeys.
    await page.goto('/admin/settings');
    await freeFrom.fill('1.000');
    await includesVat.click();
    await save.click();
    await expect(page.getByText('Platform ayarları kaydedildi.').first()).toBeVisible();
    await page.goto('/arama?q=acuvue');
    await expect(card.getByTestId('vat-note')).toHaveText('+KDV');
  });
});
