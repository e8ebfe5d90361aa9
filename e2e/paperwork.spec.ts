import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startMailCatcher } from './support/mail-catcher.ts';
import {
  buyFromDemoSeller,
  confirmDeliveryOn,
  expectTimelineEvent,
  openSellerOrder,
  shipFromSellerPanel,
  signIn,
  switchTo,
  switchToAdmin,
} from './support/trading.ts';
import { demoStore } from './support/accounts.ts';

/*
 * The paperwork of one sale, each side in its own screens (issue 20): the buyer's billing party
 * reaches the seller, the seller's invoice reaches the buyer (page and mail), and the release
 * withholds e-ticaret stopajı that the seller sees in Hesap Hareketlerim and the admin in the
 * monthly report.
 */

const INVOICE_NUMBER = 'OPT2026000000042';
const ETTN = '3f2c7a1e-9b4d-4c1a-8e2f-5a6b7c8d9e01';
/** A small but real PDF: the upload checks the magic bytes, the buyer gets these bytes back. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The demo sellers' tax numbers (seed-data/demo-stores.ts), as the withholding report lists them. */
const sellerTaxNumbers: Record<string, string> = { cankaya: '4810000002', seyhan: '4810000005', atakum: '4810000006' };

/** "₺1.234,56" → 123456 kuruş. */
function kurusOf(text: string): number {
  const match = /([\d.]+),(\d{2})/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replace(/\./g, '')) * 100 + Number(match[2]);
}

/** The amount of one row of the order page's amount list ("Toplam", "KDV (%20)" …). */
async function amountRows(page: Page): Promise<{ label: string; kurus: number }[]> {
  const rows = page.locator('dl > div').filter({ has: page.locator('dt') });
  return (
    await rows.evaluateAll((divs) =>
      divs.map((d) => [d.querySelector('dt')!.textContent!, d.querySelector('dd')?.textContent ?? '']),
    )
  )
    .filter(([, amount]) => /₺/.test(amount))
    .map(([label, amount]) => ({ label: label.trim(), kurus: kurusOf(amount) }));
}

test.describe('paperwork of a sale', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  test.beforeAll(async () => {
    mail = await startMailCatcher();
  });
  test.afterAll(async () => {
    await mail.close();
  });

  test('billing party → invoice upload and download → withholding at release, for buyer, seller and admin', async ({
    page,
  }) => {
    test.setTimeout(150_000);

    // Buyer: the billing party is kept in the settings and shown at checkout.
    await signIn(page, 'kadikoy');
    await page.goto('/settings');
    const billing = page.getByRole('form', { name: 'Fatura Bilgileri' });
    await billing.getByLabel('Vergi Dairesi').fill('Kadıköy');
    await billing.getByLabel('Fatura Adresi').fill('Caferağa Mah. Moda Cad. No: 12/3');
    await billing.getByLabel('İl', { exact: true }).selectOption('İstanbul');
    await billing.getByLabel('İlçe').fill('Kadıköy');
    await billing.getByLabel('e-Fatura mükellefi', { exact: true }).check();
    await billing.getByRole('button', { name: 'Fatura Bilgilerini Kaydet' }).click();
    await expect(page.getByText('Fatura bilgileriniz kaydedildi.').first()).toBeVisible();
    const { number, seller } = await buyFromDemoSeller(page);

    // Seller: the buyer's billing party on the order, then "Faturayı Yükle" and shipping.
    await switchTo(page, seller);
    await page.goto('/dashboard?tab=orders');
    const detail = await openSellerOrder(page, number);
    // The lines with the VAT the seller invoices.
    await expect(detail.getByText(/^KDV %\d+: ₺[\d.]+,\d{2}$/).first()).toBeVisible();
    const invoicePanel = detail.getByRole('region', { name: 'Fatura' });
    await expect(invoicePanel.getByText('Alıcının Fatura Bilgileri')).toBeVisible();
    await expect(invoicePanel.getByText('Kadıköy').first()).toBeVisible();
    await expect(invoicePanel.getByText('e-Fatura mükellefi', { exact: true })).toBeVisible();
    await expect(invoicePanel.getByText('Bu sipariş için henüz fatura yüklenmedi.')).toBeVisible();
    await invoicePanel.getByRole('button', { name: 'Faturayı Yükle' }).click();
    const upload = page.getByRole('dialog', { name: 'Faturayı Yükle' });
    await upload
      .getByLabel('Fatura PDF')
      .setInputFiles({ name: 'fatura.pdf', mimeType: 'application/pdf', buffer: PDF });
    await upload.getByLabel('Fatura Numarası').fill('opt2026');
    await upload.getByLabel('ETTN').fill(ETTN);
    await upload.getByRole('button', { name: 'Yükle' }).click();
    // A wrong number is refused with the rule, in Turkish, and nothing is stored.
    await expect(upload.getByText(/Fatura numarası 16 karakter olmalıdır/)).toBeVisible();
    await upload.getByLabel('Fatura Numarası').fill(INVOICE_NUMBER.toLowerCase());
    await upload.getByRole('button', { name: 'Yükle' }).click();
    await expect(page.getByText('Fatura yüklendi ve alıcıya bildirildi.').first()).toBeVisible();
    await expect(upload).toBeHidden();
    await expect(invoicePanel.getByText(`Fatura No: ${INVOICE_NUMBER}`)).toBeVisible();
    await expect(invoicePanel.getByText(`ETTN: ${ETTN}`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await shipFromSellerPanel(page, number, 'ARS-FATURA-2026');

    // Buyer: the mail links to the order; the order page hands over the very file.
    const notice = await mail.waitFor(demoStore('kadikoy'), /Faturanız yüklendi/);
    const link = /https?:\/\/[^\s"<>]+\/siparislerim\/[0-9a-f-]{36}/.exec(notice.html || notice.text || '')?.[0];
    expect(link, 'the invoice mail links to the order').toBeDefined();
    await switchTo(page, 'kadikoy');
    await page.goto(new URL(link!).pathname);
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible();
    await expect(page.getByText(`Fatura No: ${INVOICE_NUMBER}`)).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Faturayı İndir (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`fatura-${INVOICE_NUMBER}.pdf`);
    expect(Buffer.compare(await readFile((await download.path())!), PDF)).toBe(0);
    const amounts = await amountRows(page);
    const total = amounts.find((row) => row.label === 'Toplam')!.kurus;
    const vat = amounts.filter((row) => /KDV/.test(row.label)).reduce((sum, row) => sum + row.kurus, 0);
    expect(total).toBeGreaterThan(0);
    expect(vat).toBeGreaterThan(0);

    // Buyer confirms; the release withholds 1 % of the VAT-exclusive amount (the demo's rate).
    await page.goto('/siparislerim');
    await confirmDeliveryOn(page, page.getByRole('listitem').filter({ hasText: number }));
    await page.getByRole('listitem').filter({ hasText: number }).getByRole('link', { name: 'Detay' }).click();
    await expectTimelineEvent(page, 'Ödeme satıcıya aktarıldı');
    const withheld = Math.round((total - vat) / 100);

    // Seller: Hesap Hareketlerim shows the order's commission, Stopaj (%1) and what is paid.
    await switchTo(page, seller);
    await page.goto('/dashboard?tab=transactions');
    const panel = page.getByRole('tabpanel', { name: /Bekleyen Ödemelerim/ });
    const row = panel.getByRole('row').filter({ hasText: number });
    await expect(row).toBeVisible();
    const cells = await row.getByRole('cell').allInnerTexts();
    const [orderAmount, commission, withholding, paid] = cells.slice(2, 6);
    expect(kurusOf(orderAmount)).toBe(total);
    expect(withholding).toMatch(/\(%1\)$/);
    expect(kurusOf(withholding)).toBe(withheld);
    expect(kurusOf(paid)).toBe(total - kurusOf(commission) - withheld);

    // Seller: this month's statement (Aylık Hesap Özeti) carries the release and its withholding
    // (other journeys may have sold from this store this month: at least this order's), and its PDF
    // and CSV download for the accountant.
    await page.goto('/dashboard/statements');
    await expect(page.getByRole('heading', { name: 'Aylık Hesap Özeti' })).toBeVisible();
    const statement = page.getByRole('table', { name: /^Aylık Hesap Özeti — / });
    const figure = async (label: string) =>
      kurusOf(
        await statement
          .getByRole('row', { name: new RegExp(`^${label}`) })
          .getByRole('cell')
          .innerText(),
      );
    expect(await figure('E-ticaret stopajı')).toBeGreaterThanOrEqual(withheld);
    expect(await figure('Stopaj matrahı')).toBeGreaterThanOrEqual(total - vat);
    expect(await figure('Size serbest bırakılan satışlar')).toBeGreaterThanOrEqual(total);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'PDF İndir' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^hesap-ozeti-\d{4}-\d{2}\.pdf$/);
    const pdfBytes = await readFile((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfBytes.toString('latin1')).toContain('DejaVuSans');
    const [statementCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'CSV İndir' }).click(),
    ]);
    const statementText = await readFile((await statementCsv.path())!, 'utf8');
    expect(statementText.charCodeAt(0)).toBe(0xfeff);
    expect(statementText).toContain('E-ticaret stopajı');

    // Admin: the month's withholding report lists the seller (by tax number) with at least this tax.
    await switchToAdmin(page);
    await page.goto('/admin/reports');
    const report = page.getByRole('table', { name: 'Aylık Stopaj Raporu' });
    const sellerRow = report.getByRole('row').filter({ hasText: sellerTaxNumbers[seller] });
    await expect(sellerRow).toBeVisible();
    expect(kurusOf((await sellerRow.getByRole('cell').allInnerTexts()).at(-1)!)).toBeGreaterThanOrEqual(withheld);
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('region', { name: 'Aylık Stopaj Raporu' }).getByRole('button', { name: 'CSV İndir' }).click(),
    ]);
    const text = await readFile((await csv.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('Kesilen Stopaj (TL)');
    expect(text).toContain(sellerTaxNumbers[seller]);
  });
});
