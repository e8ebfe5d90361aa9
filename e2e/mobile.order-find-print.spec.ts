import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { buyFromDemoSeller, signIn, switchTo } from './support/trading.ts';

/*
 * Find, print and follow an order on a 375 px phone (issue 22): the buyer finds the order on
 * /siparislerim by its number and by its product (the search lives in the address), opens it from
 * its notification and prints it; the seller finds it by the buying store's name, opens it from the
 * notification and downloads its packing slip.
 */

async function expectAxeClean(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function searchOrders(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: 'Siparişlerde ara' });
  await box.fill(text);
  await box.press('Enter');
}

test.describe('find, print and follow an order', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('the buyer finds, follows and prints the order; the seller finds it and prints the packing slip', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signIn(page, 'kadikoy');
    const { number, seller } = await buyFromDemoSeller(page);
    const orderLink = page.getByRole('link', { name: `${number} numaralı siparişin ayrıntıları` });

    // By number ("#" typed as a person would), kept in the address across a reload.
    await page.goto('/siparislerim');
    await searchOrders(page, `#${number}`);
    await expect(page).toHaveURL(/\/siparislerim\?q=%23OS-/);
    await expect(orderLink).toBeVisible();
    await page.reload();
    await expect(orderLink).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Siparişlerde ara' })).toHaveValue(`#${number}`);
    // By product (the lens bought is an Acuvue), in any casing; a search finding nothing says so.
    await searchOrders(page, 'ACUVUE');
    await expect(orderLink).toBeVisible();
    await searchOrders(page, 'böyle bir sipariş yok');
    await expect(page.getByText('"böyle bir sipariş yok" ile eşleşen sipariş bulunamadı.')).toBeVisible();
    await expectAxeClean(page);
    await page.goBack();
    await expect(orderLink).toBeVisible();

    // The payment notification opens the order itself.
    await page.goto('/bildirimler');
    const paid = page
      .getByTestId('notification-row')
      .filter({ hasText: 'Ödemeniz alındı' })
      .filter({ hasText: number });
    await paid.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/siparislerim\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: `Sipariş ${number}` })).toBeVisible();

    // "Yazdır": the browser prints; on paper the order stays and the navigation and buttons go.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    const print = page.getByRole('button', { name: 'Yazdır' });
    await print.click();
    await expect(page.locator('body')).toHaveAttribute('data-printed', 'yes');
    await expectAxeClean(page);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { level: 1, name: `Sipariş ${number}` })).toBeVisible();
    await expect(page.getByText('Teslimat Adresi')).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(print).toBeHidden();
    await expect(page.getByRole('link', { name: 'Siparişlerime Dön' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });

    // The seller finds the order by the buying store's name, in capitals.
    await switchTo(page, seller);
    await page.goto('/dashboard?tab=orders');
    await searchOrders(page, 'KADIKÖY');
    await expect(page).toHaveURL(/tab=orders&q=KADIK/);
    await expect(page.getByText(number).filter({ visible: true }).first()).toBeVisible();

    // Its notification opens the order in the orders tab, with the packing slip.
    await page.goto('/bildirimler');
    await page
      .getByTestId('notification-row')
      .filter({ hasText: 'Yeni sipariş' })
      .filter({ hasText: number })
      .getByRole('link')
      .first()
      .click();
    await expect(page).toHaveURL(/\/dashboard\?tab=orders&order=[0-9a-f-]{36}$/);
    const dialog = page.getByRole('dialog', { name: `Sipariş ${number}` });
    await expect(dialog.getByText('Teslimat Adresi')).toBeVisible();
    const slip = dialog.getByRole('link', { name: 'Paketleme Fişi (PDF)' });
    const pdf = await page.request.get((await slip.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toBe(`attachment; filename="paketleme-fisi-${number}.pdf"`);
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectAxeClean(page);
  });
});
