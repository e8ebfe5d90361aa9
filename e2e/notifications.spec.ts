import { expect, test } from './fixtures.ts';
import {
  fillDeliveryAddress,
  offerFigures,
  openMostOfferedLens,
  payButton,
  payOnSandbox,
  signIn,
  SUCCEEDING_CARD,
} from './support/trading.ts';

/**
 * Real time: a seller keeps a page open; a buyer, in another browser, pays for the seller's offer;
 * the seller's bell and /bildirimler show the new order without a reload (the stream, not the
 * polling: polling is off while the stream is up, and would wait 30 s). Seyhan sells, Atakum buys.
 */
test.describe('live notifications', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('the seller’s bell and notification page update live when a buyer pays', async ({
    page,
    browser,
    extraHTTPHeaders,
  }) => {
    test.setTimeout(90_000);
    // The bell opens the tab's stream as soon as the member is signed in.
    const stream = page.waitForResponse((res) => res.url().includes('/api/events') && res.status() === 200);
    // The count before the sale is what the bell's list answered (its label may not show it yet).
    const list = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/notifications' && res.status() === 200,
    );
    await signIn(page, 'seyhan');
    const bell = page.getByRole('button', { name: /^Bildirimler/ });
    await expect(bell).toBeVisible();
    await stream;
    const unreadBefore = ((await (await list).json()) as { unreadCount: number }).unreadCount;

    const buyerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders });
    const buyer = await buyerContext.newPage();
    await signIn(buyer, 'atakum');
    const offers = await openMostOfferedLens(buyer);
    const figures = await offerFigures(offers);
    const index = figures.findIndex((o) => o.seller === '@seyhanoptik' && o.stock > 0);
    expect(index, 'Seyhan offers the product').toBeGreaterThanOrEqual(0);
    await offers.nth(index).getByRole('button', { name: 'Sepete Ekle' }).click();
    await expect(buyer.getByText('Sepete eklendi')).toBeVisible();
    await buyer.goto('/odeme');
    await expect(buyer.getByTestId('charged-amount')).toContainText('₺');
    await fillDeliveryAddress(buyer);
    await payButton(buyer).click();
    await payOnSandbox(buyer, SUCCEEDING_CARD);
    await expect(buyer.getByRole('heading', { level: 1, name: 'Ödeme Başarılı!' })).toBeVisible();
    const orderNumber = /OS-\d{4}-\d{6}/.exec(
      await buyer.getByRole('list', { name: 'Siparişleriniz' }).innerText(),
    )![0];
    await buyerContext.close();

    // No reload on the seller's page: the badge counts the new order within seconds. The sale may
    // bring the seller more than the order's news (a low-stock warning after earlier journeys'
    // sales), so the badge must show what the server counts now.
    const unreadAfter = ((await (await page.request.get('/api/notifications')).json()) as { unreadCount: number })
      .unreadCount;
    expect(unreadAfter).toBeGreaterThan(unreadBefore);
    await expect(bell).toHaveAttribute('aria-label', `Bildirimler, ${unreadAfter} okunmamış`, {
      timeout: 10_000,
    });
    await bell.click();
    const dropdown = page.getByRole('dialog', { name: 'Bildirimler' });
    await expect(dropdown.getByText(new RegExp(orderNumber))).toBeVisible();

    // The full list, filtered by type; marking it read clears the badge in the same tab's header.
    await dropdown.getByRole('link', { name: 'Tüm bildirimleri gör' }).click();
    await expect(page).toHaveURL(/\/bildirimler$/);
    await page.getByLabel('Tür').selectOption({ label: 'Yeni sipariş' });
    await expect(page).toHaveURL(/tur=order_new/);
    const row = page.getByTestId('notification-row').filter({ hasText: orderNumber });
    await expect(row).toBeVisible();
    // The filter lives in the address: the box turns checked once the URL has changed, not at the click.
    const onlyUnread = page.getByLabel('Yalnızca okunmamışlar');
    await onlyUnread.click();
    await expect(onlyUnread).toBeChecked();
    await row.getByRole('button', { name: /Okundu İşaretle/ }).click();
    await expect(row).toHaveCount(0);
    await expect(bell).toHaveAttribute(
      'aria-label',
      unreadAfter > 1 ? `Bildirimler, ${unreadAfter - 1} okunmamış` : 'Bildirimler',
    );
  });
});
