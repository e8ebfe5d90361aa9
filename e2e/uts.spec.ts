import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addOfferToCart, buyFromDemoSeller, gs1Scan, scanUtsUnits, signIn, switchTo } from './support/trading.ts';

/*
 * ÜTS transfer data of one sale of contact lenses (issue 20, decision 044): the seller scans each
 * box's GS1 DataMatrix while shipping (a box of another product refused first), then finds what
 * its "verme bildirimi" needs, with the buyer's ÜTS number, downloads it and ticks it; the buyer
 * finds its "alma bildirimi" and ticks it. A store without an ÜTS number is told in the cart.
 */

/** WCAG 2.1 AA violations on the page (or in `selector`), as rule and targets. */
async function axeViolations(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']);
  const result = await (selector ? builder.include(selector) : builder).analyze();
  return result.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The demo stores' ÜTS numbers (seed-data/demo-stores.ts); Atakum has none. */
const utsNumbers: Record<string, string> = { cankaya: '2481000000022', seyhan: '2481000000055' };
/** A valid GTIN of a product that is not in the order (the EAN-13 standard's example). */
const OTHER_GTIN = '04006381333931';

test.describe('ÜTS transfer data', () => {
  test('the seller scans the boxes and notifies verme; the buyer sees alma and notifies it', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'seyhan');
    const { number, seller } = await buyFromDemoSeller(page, (offer) => offer.seller === '@cankayagozluk');

    await switchTo(page, seller);
    await page.goto('/dashboard?tab=orders&view=pending');
    await page
      .getByRole('button', { name: `Kargola ${number}` })
      .filter({ visible: true })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Kargo Çıkışı - ${number}` });
    await dialog.getByLabel('Kargo Firması').selectOption('aras');
    await dialog.getByLabel('Kargo Takip Numarası').fill('ARS-E2E-UTS01');
    await expect(dialog.getByRole('heading', { name: 'ÜTS Bilgileri' })).toBeVisible();
    // Shipping without the units says what is missing.
    await dialog.getByRole('button', { name: 'Kargola' }).click();
    await expect(dialog.getByText(/için ÜTS birim bilgisi girilmelidir/)).toBeVisible();
    // A box of another product is refused with its message.
    const scan = dialog.getByLabel(/karekodu$/).first();
    await scan.fill(gs1Scan(OTHER_GTIN));
    await scan.press('Enter');
    await expect(dialog.getByText(/Okutulan ürün numarası \(GTIN\) .+ eşleşmiyor/)).toBeVisible();
    await scanUtsUnits(dialog);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Kargola' }).click();
    await expect(page.getByText('Sipariş kargoya verildi').first()).toBeVisible();
    await expect(dialog).toBeHidden();

    // The seller's Verme list: the buyer's title and ÜTS number, the lot, the CSV, the tick.
    await page.goto('/store-dashboard');
    await page
      .getByRole('navigation', { name: 'Mağaza paneli bölümleri' })
      .getByRole('link', { name: 'ÜTS Bildirimleri' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'ÜTS Verme Bildirimleri' })).toBeVisible();
    const sellerRow = page.getByRole('row').filter({ hasText: number });
    await expect(sellerRow).toContainText('Seyhan Optik Ltd. Şti.');
    await expect(sellerRow).toContainText(utsNumbers.seyhan);
    await expect(sellerRow).toContainText('Lot: LOT-E2E');
    await expect(sellerRow).toContainText('31.12.2030');
    expect(await axeViolations(page)).toEqual([]);
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'CSV İndir' }).click();
    const download = await csvDownload;
    expect(download.suggestedFilename()).toMatch(/^uts-verme-\d{4}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!)).toString('utf8');
    expect(csv.startsWith('\uFEFFGönderim Tarihi;Sipariş No;Alıcı;Alıcı ÜTS Kurum No')).toBe(true);
    const csvLine = csv.split('\r\n').find((line) => line.includes(number));
    expect(csvLine).toContain(`;Seyhan Optik Ltd. Şti.;${utsNumbers.seyhan};`);
    expect(csvLine).toContain(';LOT-E2E;;31.12.2030;1;Hayır');
    await sellerRow.getByRole('button', { name: `${number} siparişini ÜTS’ye bildirdim` }).click();
    await expect(page.getByText('Bildirim işaretlendi.')).toBeVisible();
    await expect(sellerRow).toContainText('Bildirildi');

    // The buyer's Alma list, from Siparişlerim, on a phone: the seller's title and ÜTS number, its own tick.
    await page.setViewportSize({ width: 375, height: 740 });
    await switchTo(page, 'seyhan');
    await page.goto('/siparislerim');
    await page.getByRole('link', { name: 'ÜTS Alma Bildirimleri' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'ÜTS Alma Bildirimleri' })).toBeVisible();
    const buyerRow = page.getByRole('row').filter({ hasText: number });
    await expect(buyerRow).toContainText('Çankaya Gözlük Evi Ltd. Şti.');
    await expect(buyerRow).toContainText(utsNumbers.cankaya);
    // The table scrolls inside its box; the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    // The seller's tick is the seller's: the buyer has not notified yet.
    const tick = buyerRow.getByRole('button', { name: `${number} siparişini ÜTS’ye bildirdim` });
    await tick.click();
    await expect(buyerRow).toContainText('Bildirildi');
  });

  test('a store without an ÜTS number is told before it buys contact lenses', async ({ page }) => {
    await signIn(page, 'atakum');
    await addOfferToCart(page);
    const warning = /ÜTS takipli ürün var, ancak mağazanızın ÜTS kurum numarası kayıtlı değil/;
    await page.goto('/sepet');
    await expect(page.getByText(warning)).toBeVisible();
    await page.goto('/odeme');
    await expect(page.getByText(warning)).toBeVisible();
    // Told, not blocked: the pay button is there.
    await expect(page.getByRole('button', { name: 'Güvenli Ödeme Yap' })).toBeVisible();
  });
});
