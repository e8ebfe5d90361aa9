import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { buyListing, listingInStock, scanUtsUnits, signIn, switchTo } from './support/trading.ts';

/**
 * The seller's side of issue 12: Kadıköy keeps automatic order approval off (the demo data's
 * choice, decision 027), so its paid orders wait for "Onayla" before "Kargola"; Seyhan buys.
 */

test.describe('seller dashboard', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('without automatic approval a paid order waits for "Onayla", then ships; the buyer sees each step', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'kadikoy');
    const listing = await listingInStock(page);

    // Seyhan buys one of Kadıköy's listings and pays by card.
    await switchTo(page, 'seyhan');
    const number = await buyListing(page, listing.id);
    await page.goto('/siparislerim');
    const card = page.getByRole('listitem').filter({ hasText: number });
    await expect(card.getByText('Satıcı Onayı Bekleniyor')).toBeVisible();

    // Kadıköy's dashboard lists it among the recent orders in the same words.
    await switchTo(page, 'kadikoy');
    await page.goto('/store-dashboard');
    await expect(page.getByRole('listitem').filter({ hasText: number })).toContainText('Satıcı Onayı Bekleniyor');

    // Kadıköy opens its orders from the notification's address: "Onayla" comes before "Kargola".
    await page.goto('/dashboard/orders?view=pending');
    await expect(page.getByRole('heading', { level: 1, name: 'Siparişler' })).toBeVisible();
    // The status filter finds the orders to approve, and keeps the choice in the address.
    const status = page.getByRole('region', { name: 'Filtreler' }).getByLabel('Durum');
    await status.selectOption({ label: 'Satıcı Onayı Bekleniyor' });
    await expect(page).toHaveURL(/\/dashboard\/orders\?status=awaiting_acceptance$/);
    const accept = page.getByRole('button', { name: `${number} numaralı siparişi onayla` }).filter({ visible: true });
    await expect(accept.first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Kargola ${number}` }).filter({ visible: true })).toHaveCount(0);
    await accept.first().click();
    await expect(page.getByText('Sipariş onaylandı').first()).toBeVisible();
    // Approved, it leaves that filter for "Ödeme Alındı", where "Kargola" waits.
    await expect(page.getByText(number)).toHaveCount(0);
    await status.selectOption({ label: 'Ödeme Alındı' });
    await expect(page).toHaveURL(/\/dashboard\/orders\?status=paid_escrow$/);
    await page
      .getByRole('button', { name: `Kargola ${number}` })
      .filter({ visible: true })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: `Kargo Çıkışı - ${number}` });
    await dialog.getByLabel('Kargo Firması').selectOption('yurtici');
    await dialog.getByLabel('Kargo Takip Numarası').fill('YK-E2E-54321');
    await scanUtsUnits(dialog);
    await dialog.getByRole('button', { name: 'Kargola' }).click();
    await expect(page.getByText('Sipariş kargoya verildi').first()).toBeVisible();

    // The buyer's order is now in transit, and its timeline names the acceptance.
    await switchTo(page, 'seyhan');
    await page.goto('/siparislerim');
    await expect(card.getByText('Kargolandı')).toBeVisible();
    await card.getByRole('link', { name: 'Detay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Sipariş ${number}` })).toBeVisible();
    await expect(page.getByText('Satıcı siparişi onayladı')).toBeVisible();
  });

  test('the reports page shows the seller’s figures as charts and downloads them as CSV', async ({ page }) => {
    await signIn(page, 'kadikoy');
    await page.goto('/store-dashboard');
    await page
      .getByRole('navigation', { name: 'Mağaza paneli bölümleri' })
      .getByRole('link', { name: 'Raporlar' })
      .click();
    await expect(page).toHaveURL(/\/store-dashboard\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Raporlar' })).toBeVisible();

    const orders = page.locator('[data-stat="orders"] dd');
    await expect(orders).not.toBeEmpty();
    const shownOrders = Number((await orders.innerText()).replace(/\D/g, ''));
    if (shownOrders > 0) {
      await expect(page.getByRole('figure', { name: 'Aylık Satışlar' })).toBeVisible();
      await expect(page.getByRole('figure', { name: 'Aylık İade Oranı (%)' })).toBeVisible();
    }

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'CSV İndir' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('satis-raporu-son-12-ay.csv');
    const text = await readFile((await download.path())!, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Ay;Sipariş Sayısı;Satış Tutarı (TL);Ortalama Sipariş Tutarı (TL);Ödenen Sipariş;İade Edilen Sipariş;İade Oranı (%)',
    );
    expect(lines).toHaveLength(1 + 12 + 1);
    // The total row agrees with the figure on the page.
    expect(lines.at(-1)!.split(';').slice(0, 2)).toEqual(['Toplam', String(shownOrders)]);

    // The low-stock notification's link lands on the filtered product list.
    await page.goto('/dashboard/products?filter=low-stock');
    await expect(page.getByRole('heading', { level: 1, name: 'Az Stoklu Ürünler' })).toBeVisible();
    await expect(page.getByText(/adedin altında olan \d+ ürün gösteriliyor/)).toBeVisible();
    await page.getByRole('link', { name: 'Tüm ürünleri göster' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ürünlerim' })).toBeVisible();
  });
});
