import { expect, test } from './fixtures.ts';
import {
  buyFromDemoSeller,
  expectTimelineEvent,
  IBAN,
  runPayouts,
  savePayoutAccount,
  shipFromSellerPanel,
  signIn,
  switchTo,
  switchToAdmin,
} from './support/trading.ts';

/** Today as the app shows dates: dd.MM.yyyy in Turkish time. */
const today = () =>
  new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', day: '2-digit', month: '2-digit', year: 'numeric' })
    .format(new Date())
    .replace(/\//g, '.');

test.describe('payouts', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('ship → confirm: the seller sees the money pending, then paid with its date after the admin’s payout run', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'kadikoy');
    const { number, seller } = await buyFromDemoSeller(page);

    // The seller sets the payout IBAN in Hesap Hareketlerim and ships.
    await switchTo(page, seller);
    await page.goto('/dashboard?tab=transactions');
    await savePayoutAccount(page);
    await shipFromSellerPanel(page, number, 'ARS-PAYOUT-2026');

    // The buyer confirms; the sandbox approves the release (the timeline says the money moved).
    await switchTo(page, 'kadikoy');
    await page.goto('/siparislerim');
    const card = page.getByRole('listitem').filter({ hasText: number });
    await card.getByRole('button', { name: 'Teslimatı Onayla' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Teslimatı Onayla' }).click();
    await expect(page.getByText('Teslimat Onaylandı — Ödeme satıcıya aktarılacak')).toBeVisible();
    await card.getByRole('link', { name: 'Detay' }).click();
    await expectTimelineEvent(page, 'Ödeme satıcıya aktarıldı');

    // The seller: the order's money is pending, not yet paid out.
    await switchTo(page, seller);
    await page.goto('/dashboard?tab=transactions');
    const pendingTab = page.getByRole('tab', { name: /Bekleyen Ödemelerim/ });
    const paidTab = page.getByRole('tab', { name: /Hesabıma Aktarılanlar/ });
    const pendingPanel = page.getByRole('tabpanel', { name: /Bekleyen Ödemelerim/ });
    const paidPanel = page.getByRole('tabpanel', { name: /Hesabıma Aktarılanlar/ });
    await pendingTab.click();
    const pendingRow = pendingPanel.getByRole('row').filter({ hasText: number });
    await expect(pendingRow).toBeVisible();
    const amount = /₺[\d.,]+/.exec(await pendingRow.getByRole('cell').nth(5).innerText())![0];
    await paidTab.click();
    await expect(paidPanel.getByRole('row').first().or(paidPanel.getByText('Henüz Ödeme Yok'))).toBeVisible();
    await expect(paidPanel.getByRole('row').filter({ hasText: number })).toHaveCount(0);

    // The admin runs the payouts.
    await switchToAdmin(page);
    await runPayouts(page);
    await expect(page.getByRole('row').filter({ hasText: IBAN }).first()).toBeVisible();

    // The seller: now paid, with today's payment date and the same amount; no longer pending.
    await switchTo(page, seller);
    await page.goto('/dashboard?tab=transactions');
    await pendingTab.click();
    await expect(pendingPanel.getByRole('row').first().or(pendingPanel.getByText('Bekleyen Ödeme Yok'))).toBeVisible();
    await expect(pendingPanel.getByRole('row').filter({ hasText: number })).toHaveCount(0);
    await paidTab.click();
    const paidRow = paidPanel.getByRole('row').filter({ hasText: number });
    await expect(paidRow).toBeVisible();
    await expect(paidRow).toContainText(amount);
    // One date column (Aktarım Tarihi) on the paid tab; the status column says it was paid.
    await expect(paidRow.getByRole('cell').first()).toHaveText(today());
    await expect(paidRow.getByRole('cell').nth(6)).toHaveText('Ödendi');
    await expect(paidPanel.getByRole('columnheader', { name: 'Aktarım Tarihi' })).toHaveCount(1);
  });
});
