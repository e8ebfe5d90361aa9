import { expect, test } from './fixtures.ts';
import {
  addOfferRowToCart as addToCart,
  confirmDeliveryOn,
  expectTimelineEvent,
  fillDeliveryAddress,
  INSUFFICIENT_FUNDS_CARD,
  journeySellers as sellers,
  offerFigures,
  openMostOfferedLens,
  payButton,
  payForSingleOrder,
  payOnSandbox,
  shipFromSellerPanel,
  signIn,
  stockOnProductPage,
  SUCCEEDING_CARD,
  switchTo,
} from './support/trading.ts';

test.describe('trading', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('a store pays two sellers in one card payment into escrow; each seller sees their own order', async ({
    page,
  }) => {
    // Two sellers' panels after one payment: about 16 s on CI's 2 cores, half the default budget.
    test.setTimeout(60_000);
    await signIn(page, 'kadikoy');
    const offers = await openMostOfferedLens(page);
    const usable = (await offerFigures(offers)).filter((o) => !o.own && o.stock >= 2 && o.seller in sellers);
    const first = usable[0];
    const second = usable.find((o) => o.seller !== first?.seller);
    expect(first && second, 'two demo sellers offer this product').toBeTruthy();
    await addToCart(page, first);
    await addToCart(page, second!);

    await page.goto('/sepet');
    await expect(page.getByTestId('cart-group')).toHaveCount(2);
    await page.getByRole('button', { name: 'Ödemeye Geç' }).click();
    await expect(page).toHaveURL(/\/odeme$/);
    await expect(page.getByTestId('charged-amount')).toContainText('₺');
    await fillDeliveryAddress(page);
    await payButton(page).click();
    await payOnSandbox(page, SUCCEEDING_CARD);

    await expect(page.getByRole('heading', { level: 1, name: 'Ödeme Başarılı!' })).toBeVisible();
    const numbers = page.getByRole('list', { name: 'Siparişleriniz' }).getByRole('listitem');
    await expect(numbers).toHaveCount(2);
    const orderNumbers = (await numbers.allInnerTexts()).map((text) => /OS-\d{4}-\d{6}/.exec(text)![0]);
    // One order per seller, each with its seller, its own amount and a link to it.
    await expect(page.getByText('Her satıcı için ayrı bir sipariş oluşturuldu')).toBeVisible();
    for (const item of await numbers.all()) {
      await expect(item).toContainText(/Satıcı: @\S+/);
      await expect(item).toContainText('₺');
      await expect(item.getByRole('link')).toHaveAttribute('href', /^\/siparislerim\/[0-9a-f-]{36}$/);
    }

    // The buyer's orders: both, each with its seller's @handle, paid into escrow.
    await page.getByRole('link', { name: 'Siparişlerime Git' }).click();
    await expect(page).toHaveURL(/\/siparislerim$/);
    for (const number of orderNumbers) await expect(page.getByText(number, { exact: true })).toBeVisible();
    for (const offer of [first, second!]) await expect(page.getByText(offer.seller).first()).toBeVisible();
    await expect(page.getByText('Ödeme Alındı').first()).toBeVisible();

    // Each seller sees their order and not the other's, with the buyer as @handle.
    for (const [mine, theirs] of [
      [first, second!],
      [second!, first],
    ]) {
      await switchTo(page, sellers[mine.seller]);
      await page.goto('/dashboard?tab=orders');
      const own = orderNumbers[[first, second].indexOf(mine)];
      const other = orderNumbers[[first, second].indexOf(theirs)];
      await expect(page.getByText(own).filter({ visible: true }).first()).toBeVisible();
      await expect(page.getByText(other)).toHaveCount(0);
      // The detail shows the buyer as @handle and where to ship.
      await page
        .getByRole('button', { name: `Detay ${own}` })
        .filter({ visible: true })
        .click();
      const detail = page.getByRole('dialog');
      await expect(detail).toContainText('@kadikoyoptik');
      await expect(detail).toContainText('Caferağa Mah. Moda Cad. No: 12/3');
      // The seller may write to the buyer about the order.
      await expect(detail.getByRole('link', { name: 'Alıcıya Mesaj Gönder' })).toHaveAttribute(
        'href',
        /^\/mesajlar\/yeni\?siparis=[0-9a-f-]{36}$/,
      );
      await page.keyboard.press('Escape');
      // The bell tells the seller about the new order.
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Bildirimler, \d+ okunmamış/ })
        .click();
      await expect(page.getByText('Yeni sipariş').first()).toBeVisible();
    }
  });

  test('a declined card shows its reason and the stock is back on the product page', async ({ page }) => {
    await signIn(page, 'kadikoy');
    const offers = await openMostOfferedLens(page);
    const offer = (await offerFigures(offers)).find((o) => !o.own && o.stock >= 1 && o.seller in sellers)!;
    expect(offer, 'a demo seller offers this product').toBeDefined();
    const productUrl = page.url();
    const before = offer.stock;
    await addToCart(page, offer);

    await page.goto('/odeme');
    await expect(page.getByTestId('charged-amount')).toContainText('₺');
    await fillDeliveryAddress(page);
    await payButton(page).click();
    // While the buyer is at the bank, the units are held for them.
    await expect(page.getByRole('heading', { name: 'Test Ödeme Sayfası' })).toBeVisible();
    const bank = page.url();
    await page.goto(productUrl);
    expect(await stockOnProductPage(page, offer.id)).toBeLessThan(before);
    await page.goto(bank);
    await payOnSandbox(page, INSUFFICIENT_FUNDS_CARD);

    await expect(page.getByRole('heading', { level: 1, name: 'Ödeme Hatası' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Kartınızın bakiyesi yetersiz.' })).toBeVisible();
    await page.goto(productUrl);
    expect(await stockOnProductPage(page, offer.id)).toBe(before);
  });

  test('the seller ships and the buyer confirms', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, 'kadikoy');
    const offers = await openMostOfferedLens(page);
    const offer = (await offerFigures(offers)).find((o) => !o.own && o.stock >= 1 && o.seller in sellers)!;
    expect(offer, 'a demo seller offers this product').toBeDefined();
    await addToCart(page, offer);
    const number = await payForSingleOrder(page);

    // The seller ships it: nothing is sent without a carrier, then Aras with a tracking number.
    await switchTo(page, sellers[offer.seller]);
    await shipFromSellerPanel(page, number, 'ARS-E2E-12345');

    // The buyer sees it in transit with the carrier's tracking link, and confirms delivery.
    await switchTo(page, 'kadikoy');
    await page.goto('/siparislerim');
    const card = page.getByRole('listitem').filter({ hasText: number });
    await expect(card.getByText('Kargolandı')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Kargoyu Takip Et' })).toHaveAttribute(
      'href',
      /araskargo.*ARS-E2E-12345/,
    );
    await confirmDeliveryOn(page, card);
    // The confirmation kicks the provider job: the sandbox approves and the timeline says the money moved.
    await card.getByRole('link', { name: 'Detay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Sipariş ${number}` })).toBeVisible();
    await expectTimelineEvent(page, 'Ödeme satıcıya aktarıldı');
  });
});
