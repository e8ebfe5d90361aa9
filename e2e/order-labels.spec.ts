import { expect, test } from './fixtures.ts';
import { CODES, expectNoCodesAndAxeClean } from './support/order-screens.ts';
import { expectTapTargets } from './support/tap-targets.ts';
import {
  askPartialRefund,
  buyFromDemoSeller,
  cartFromDemoSeller,
  confirmDeliveryOn,
  expectTimelineEvent,
  fillDeliveryAddress,
  openCheckout,
  payButton,
  PARTIAL_REFUND_ACTION,
  runPayouts,
  savePayoutAccount,
  openSellerOrder,
  shipFromSellerPanel,
  signIn,
  switchTo,
  switchToAdmin,
} from './support/trading.ts';

test.describe('order labels on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('buyer, seller and admin read the same Turkish label for each state, and no code', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'kadikoy');
    const { number, seller } = await buyFromDemoSeller(page);

    // Shipped: "Kargolandı" for the seller, the buyer and the admin alike.
    // The ship dialog (with its messages shown) and the order with its packing slip fit a finger too.
    await switchTo(page, seller);
    await shipFromSellerPanel(page, number, 'ARS-E2E-22222', () => expectTapTargets(page));
    await page.goto(`/dashboard?tab=orders&status=shipped`);
    await expect(page.getByText(number).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText('Kargolandı').filter({ visible: true }).first()).toBeVisible();
    await expectNoCodesAndAxeClean(page);
    const order = await openSellerOrder(page, number);
    await expect(order.getByRole('link', { name: 'Paketleme Fişi (PDF)' })).toBeVisible();
    await expect(order.getByText('Kargolandı').first()).toBeVisible();
    expect(CODES.exec(await order.innerText())).toBeNull();
    await expectTapTargets(page);

    await switchTo(page, 'kadikoy');
    await page.goto('/siparislerim');
    const card = page.getByRole('listitem').filter({ hasText: number });
    await expect(card.getByText('Kargolandı')).toBeVisible();
    await expectNoCodesAndAxeClean(page);

    // Confirmed: "Teslimat Onaylandı"; its toast closes by a button named in Turkish.
    await confirmDeliveryOn(page, card);
    await expect(page.getByRole('button', { name: 'Bildirimi kapat' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close toast' })).toHaveCount(0);
    await card.getByRole('link', { name: 'Detay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Sipariş ${number}` })).toBeVisible();
    await expect(page.locator('main').getByText('Teslimat Onaylandı').first()).toBeVisible();
    await expect(page.locator('main').getByText('Otomatik onay')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Teslimatı Onayla' })).toHaveCount(0);
    await expectNoCodesAndAxeClean(page);
    await expectTimelineEvent(page, 'Ödeme satıcıya aktarıldı');

    // The seller's money is released: its movement no longer shows an escrow end date.
    await switchTo(page, seller);
    await page.goto('/dashboard?tab=transactions');
    await page
      .getByRole('tabpanel', { name: /Bekleyen Ödemelerim/ })
      .getByRole('button', { name: `Detay ${number}` })
      .filter({ visible: true })
      .first()
      .click();
    const movement = page.getByRole('dialog', { name: number });
    await expect(movement.getByText(/^(Serbest bırakıldı|IBAN bekleniyor)$/)).toBeVisible();
    await expect(movement.getByText('Escrow Bitiş')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await savePayoutAccount(page);

    // Paid out: "Tamamlandı" on the admin's list and order page (the carrier by its name, the
    // timeline in Turkish) and for the buyer.
    await switchToAdmin(page);
    await runPayouts(page);
    await page.goto(`/admin/orders?q=${number}`);
    await expect(page.getByText('Tamamlandı').filter({ visible: true }).first()).toBeVisible();
    await expectNoCodesAndAxeClean(page);
    await page.getByRole('button', { name: number }).filter({ visible: true }).first().click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByText('Aras Kargo')).toBeVisible();
    await expect(detail.getByText(/→ Teslimat Onaylandı/).first()).toBeVisible();
    await expect(detail.getByText(/→ Tamamlandı/).first()).toBeVisible();
    expect(CODES.exec(await detail.innerText())).toBeNull();

    await switchTo(page, 'kadikoy');
    await page.goto('/siparislerim');
    await expect(card.getByText('Tamamlandı')).toBeVisible();
    await expectNoCodesAndAxeClean(page);
  });

  test('a dispute and a partial refund read the same on every side, and the decision asks first', async ({ page }) => {
    // Three stores' screens, four axe sweeps and a wait for the refund job: 30 s is too tight on CI's 2 cores.
    test.setTimeout(120_000);
    await signIn(page, 'kadikoy');
    const { number, seller } = await buyFromDemoSeller(page);

    // Disputed: "Sorunlu" for the buyer, the seller and the admin.
    await page.goto('/siparislerim');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: number }) });
    await card.getByRole('button', { name: 'Sorun Bildir' }).click();
    const report = page.getByRole('dialog', { name: 'Sorun Bildir' });
    await report.getByLabel('Sorun türü').selectOption({ label: 'Hasarlı ürün' });
    await report.getByLabel('Açıklama').fill('Çerçevenin sağ sapı kırık geldi.');
    await expectTapTargets(page);
    await report.getByRole('button', { name: 'Gönder' }).click();
    await expect(card.getByText('Sorunlu').first()).toBeVisible();
    await expectNoCodesAndAxeClean(page);

    await switchTo(page, seller);
    await page.goto('/dashboard?tab=orders');
    await expect(page.getByText(number).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText('Sorunlu').filter({ visible: true }).first()).toBeVisible();
    await expectNoCodesAndAxeClean(page);

    // The admin decides a partial refund, after a confirmation that says who gets what.
    await switchToAdmin(page);
    await page.goto('/admin/disputes');
    await page.getByRole('link', { name: number }).click();
    await expect(page.getByText('Sorunlu').filter({ visible: true }).first()).toBeVisible();
    await expectNoCodesAndAxeClean(page);
    const confirm = await askPartialRefund(page, '10,00');
    await expect(confirm).toContainText('₺10,00');
    await expectTapTargets(page);
    await confirm.getByRole('button', { name: PARTIAL_REFUND_ACTION }).click();
    await expect(page.getByText('Karar kaydedildi').first()).toBeVisible();

    // Partly refunded: the same label for the buyer, with the net the order finally cost.
    await switchTo(page, 'kadikoy');
    await page.goto('/siparislerim');
    await expect(card.getByText('Kısmen İade Edildi').first()).toBeVisible();
    // The refund shows once the provider has given it back (a job right after the decision).
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(card).toBeVisible();
          return card.getByText('İade sonrası net tutar').count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await expectNoCodesAndAxeClean(page);
  });

  test("a payment given up is 'İptal Edildi' on the admin desk and leaves the buyer's list", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'kadikoy');
    await cartFromDemoSeller(page);
    await openCheckout(page);
    await fillDeliveryAddress(page);
    await payButton(page).click();
    await expect(page.getByRole('heading', { name: 'Test Ödeme Sayfası' })).toBeVisible();

    // The buyer leaves the bank: the order waits for its payment, then the buyer gives it up.
    await page.goto('/siparislerim');
    const card = page.getByRole('listitem').filter({ hasText: 'Ödeme Bekleniyor' }).first();
    const number = /OS-\d{4}-\d{6}/.exec(await card.innerText())![0];
    await expectNoCodesAndAxeClean(page);
    await card.getByRole('link', { name: `Ödemeye Devam Et ${number}` }).click();
    await page.getByRole('button', { name: 'Ödemeyi İptal Et' }).click();
    await expect(page.getByText('Ödemeden vazgeçtiniz; ürünler serbest bırakıldı.').first()).toBeVisible();
    await expectNoCodesAndAxeClean(page);
    // An order never paid is no purchase: the buyer's list leaves it out once given up.
    await page.goto('/siparislerim');
    await expect(page.getByRole('heading', { level: 1, name: 'Siparişlerim' })).toBeVisible();
    await expect(page.getByRole('heading', { name: number })).toHaveCount(0);

    await switchToAdmin(page);
    await page.goto(`/admin/orders?q=${number}`);
    await expect(page.getByText('İptal Edildi').filter({ visible: true }).first()).toBeVisible();
    await expectNoCodesAndAxeClean(page);
  });
});
