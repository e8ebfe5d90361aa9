import { expect, test } from './fixtures.ts';
import {
  addOfferRowToCart,
  confirmDeliveryOn,
  journeySellers,
  offerFigures,
  offerRow,
  openMostOfferedLens,
  payForSingleOrder,
  shipFromSellerPanel,
  switchTo,
} from './support/trading.ts';

test.describe('reviews', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('after a confirmed order the buyer rates the seller; the rating shows on the offer and the store page, and the seller answers', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // Atakum buys from another journey seller that has not been rated in this run.
    await switchTo(page, 'atakum');
    const offers = await openMostOfferedLens(page);
    const productUrl = page.url();
    const offer = (await offerFigures(offers)).find((o) => !o.own && o.stock >= 1 && o.seller in journeySellers)!;
    expect(offer, 'a journey seller offers this product').toBeDefined();
    const row = offerRow(page, offer.id);
    await expect(row.getByText('Henüz puan yok')).toBeVisible();
    await addOfferRowToCart(page, offer);
    const number = await payForSingleOrder(page);

    await switchTo(page, journeySellers[offer.seller]);
    await shipFromSellerPanel(page, number, 'ARS-E2E-REVIEW');

    await switchTo(page, 'atakum');
    await page.goto('/siparislerim');
    const card = page.getByRole('listitem').filter({ hasText: number });
    await confirmDeliveryOn(page, card);
    await card.getByRole('link', { name: 'Detay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Sipariş ${number}` })).toBeVisible();

    // "Satıcıyı Değerlendir": stars are required, then 4 stars and a comment.
    // Said once: the panel's heading asks, the button acts.
    await expect(page.getByText('Satıcıyı Değerlendir', { exact: true })).toHaveCount(1);
    await page.getByRole('button', { name: 'Satıcıyı Değerlendir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Satıcıyı Değerlendir' });
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(dialog.getByText('Lütfen 1 ile 5 arasında bir puan seçin.')).toBeVisible();
    await dialog.getByRole('radio', { name: '4 yıldız' }).check();
    const comment = `Paketleme özenliydi, teşekkürler (${number}).`;
    await dialog.getByLabel('Yorumunuz (isteğe bağlı)').fill(comment);
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(page.getByText('Değerlendirmeniz kaydedildi.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const mine = page.getByRole('region', { name: 'Değerlendirmeniz' });
    await expect(mine).toContainText(comment);
    await expect(mine.getByRole('button', { name: 'Değerlendirmeyi Düzenle' })).toBeVisible();

    // The offer now shows the seller's rating, and its @handle opens the store page.
    await page.goto(productUrl);
    await expect(row.getByText('4,0 (1)')).toBeVisible();
    await row.getByRole('link', { name: offer.seller, exact: true }).click();
    await expect(page).toHaveURL(/\/magaza\/[a-z0-9-]+$/);
    const storeUrl = page.url();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('store-rating')).toContainText('4,0 (1)');
    const review = page.getByTestId('store-review').filter({ hasText: comment });
    await expect(review).toBeVisible();
    await expect(review.getByRole('button', { name: 'Yanıtla' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: /Aktif İlanlar \(\d+\)/ })).toBeVisible();
    await expect(page.getByTestId('store-listing').first()).toBeVisible();

    // The seller answers once, on its own store page.
    await switchTo(page, journeySellers[offer.seller]);
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Mağaza Sayfam ve Değerlendirmeler' }).click();
    await expect(page).toHaveURL(storeUrl);
    await expect(page.getByText('Bu sizin mağaza sayfanız.', { exact: false })).toBeVisible();
    const own = page.getByTestId('store-review').filter({ hasText: comment });
    await own.getByRole('button', { name: 'Yanıtla' }).click();
    const replyDialog = page.getByRole('dialog', { name: 'Değerlendirmeyi Yanıtla' });
    await replyDialog.getByLabel('Yanıtınız').fill('Teşekkür ederiz, yine bekleriz.');
    await replyDialog.getByRole('button', { name: 'Yanıtla' }).click();
    await expect(page.getByText('Yanıtınız yayımlandı.')).toBeVisible();
    await expect(own).toContainText('Teşekkür ederiz, yine bekleriz.');
    await expect(own.getByRole('button', { name: 'Yanıtla' })).toHaveCount(0);
  });

  test('/markalar lists the brands with their listing counts; the search finds them in Turkish letters and opens the brand', async ({
    page,
  }) => {
    await page.goto('/markalar');
    await expect(page.getByRole('heading', { level: 1, name: 'Markalar' })).toBeVisible();
    const brands = page.getByTestId('brand-link');
    await expect(brands.first()).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Markalarda ara' });
    await search.fill('RAY-BAN');
    await expect(brands).toHaveCount(1);
    await expect(brands).toContainText('RB');
    await expect(brands).toContainText(/\d+ aktif ilan/);
    await search.fill('zzzz');
    await expect(page.getByText('Aramanıza uyan marka yok.')).toBeVisible();
    await search.fill('ray');
    await brands.filter({ hasText: 'Ray-Ban' }).click();
    await expect(page).toHaveURL(/\/arama\?brand=Ray-Ban$/);
    await expect(page.getByRole('heading', { level: 1, name: /Ray-Ban/ })).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const text of await cards.allInnerTexts()) expect(text).toContain('Ray-Ban');
  });
});
