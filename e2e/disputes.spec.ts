import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures.ts';
import {
  askPartialRefund,
  buyFromDemoSeller,
  PARTIAL_REFUND_ACTION,
  signIn,
  switchTo,
  switchToAdmin,
} from './support/trading.ts';

test.describe('disputes', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('a buyer reports a problem, the admin refunds part of the order, and both sides see the result', async ({
    page,
  }) => {
    // A paid order of a demo seller.
    await signIn(page, 'kadikoy');
    const { number: orderNumber, seller } = await buyFromDemoSeller(page);

    // The buyer reports a problem on it: the description is required.
    await page.getByRole('link', { name: 'Siparişlerime Git' }).click();
    const orderCard = (number: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: number }) });
    const order = orderCard(orderNumber);
    await order.getByRole('button', { name: 'Sorun Bildir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sorun Bildir' });
    await dialog.getByLabel('Sorun türü').selectOption({ label: 'Hasarlı ürün' });
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(dialog.getByText('Lütfen sorunu açıklayın')).toBeVisible();
    await dialog.getByLabel('Açıklama').fill('Çerçevenin sağ sapı kırık geldi.');
    await dialog.getByRole('button', { name: 'Gönder' }).click();
    await expect(page.getByText('İtiraz Oluşturuldu').first()).toBeVisible();
    await expect(order.getByText('Sorunlu').first()).toBeVisible();

    // The buyer writes to the seller from the order's page: the thread shows the order.
    await order.getByRole('link', { name: 'Detay' }).click();
    await page.getByRole('link', { name: 'Satıcıya Mesaj Gönder' }).click();
    await expect(page).toHaveURL(/\/mesajlar\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Sipariş hakkında')).toBeVisible();
    await expect(page.getByText(orderNumber)).toBeVisible();
    const note = 'Fotoğrafları da ekledim, sap tamamen kopmuş.';
    await page.getByRole('textbox', { name: 'Mesajınız' }).fill(note);
    await page.getByRole('button', { name: 'Gönder' }).click();
    await expect(page.getByTestId('message').filter({ hasText: note })).toBeVisible();

    // The admin decides: a partial refund, with a reason.
    await switchToAdmin(page);
    await page.goto('/admin/disputes');
    await page.getByRole('link', { name: orderNumber }).click();
    // The parties' messages about the order, read-only on the desk.
    await expect(page.getByTestId('message').filter({ hasText: note })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Mesajınız' })).toHaveCount(0);
    // The decision moves money at once: it asks first, with who gets what.
    const confirm = await askPartialRefund(page, '10,00');
    await expect(confirm).toContainText('geri alınamaz');
    await expect(confirm).toContainText(/Alıcıya iade \(.+\)\s*₺10,00/);
    await expect(confirm).toContainText('Satıcıya aktarılacak');
    const axe = await new AxeBuilder({ page })
      .include('[role="alertdialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await confirm.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Karar kaydedildi')).toHaveCount(0);
    await page.getByRole('button', { name: 'Kararı Kaydet' }).click();
    await confirm.getByRole('button', { name: PARTIAL_REFUND_ACTION }).click();
    await expect(page.getByText('Karar kaydedildi').first()).toBeVisible();

    // The buyer sees the outcome on the order, with the refund.
    await switchTo(page, 'kadikoy');
    await page.goto('/siparislerim');
    await expect(orderCard(orderNumber).getByText('Kısmen İade Edildi').first()).toBeVisible();
    // The refund shows once the provider has given it back (a job right after the decision).
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(orderCard(orderNumber)).toBeVisible();
          return orderCard(orderNumber).getByText('İade edilen').count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect(
      orderCard(orderNumber)
        .locator('div')
        .filter({ hasText: /^İade edilen/ }),
    ).toContainText('₺10,00');
    // What the order finally cost, once part of it came back.
    await expect(orderCard(orderNumber).getByText('İade sonrası net tutar')).toBeVisible();

    // So does the seller, in their orders tab.
    await switchTo(page, seller);
    await page.goto('/dashboard?tab=orders');
    const row = page.getByRole('row').filter({ hasText: orderNumber }).first();
    await expect(row.getByText('Kısmen İade Edildi')).toBeVisible();
  });
});
