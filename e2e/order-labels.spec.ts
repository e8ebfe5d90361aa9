import { expect, test } from './fixtures.ts';
import { axeViolations } from './support/messages.ts';
import { expectTapTargets } from './support/tap-targets.ts';
import {
  buyFromDemoSeller,
  confirmDeliveryOn,
  shipFromSellerPanel,
  signIn,
  switchTo,
  switchToAdmin,
} from './support/trading.ts';
import type { Page } from '@playwright/test';

/** Status and carrier codes must never reach a screen people read (issue 22). */
const CODES = /awaiting_|paid_escrow|partially_refunded|delivery_confirmed|\baras\b|yurtici|\bmng\b/;

/** No codes, axe clean, and every control big enough for a finger. */
async function expectNoCodesAndAxeClean(page: Page) {
  expect(CODES.exec(await page.locator('main').innerText())).toBeNull();
  // A toast fading in has, for a moment, too little contrast for axe: judge the screen at rest.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  expect(await axeViolations(page)).toEqual([]);
  await expectTapTargets(page);
}

test.describe('order labels on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('buyer, seller and admin read the same Turkish label for each state, and no code', async ({ page }) => {
    await signIn(page, 'kadikoy');
    const { number, seller } = await buyFromDemoSeller(page);

    // Shipped: "Kargolandı" for the seller, the buyer and the admin alike.
    await switchTo(page, seller);
    await shipFromSellerPanel(page, number, 'ARS-E2E-22222');
    await page.goto(`/dashboard?tab=orders&status=shipped`);
    await expect(page.getByText(number).filter({ visible: true }).first()).toBeVisible();
    await expect(page.getByText('Kargolandı').filter({ visible: true }).first()).toBeVisible();
    await expectNoCodesAndAxeClean(page);

    await switchTo(page, 'kadikoy');
    await page.goto('/siparislerim');
    const card = page.getByRole('listitem').filter({ hasText: number });
    await expect(card.getByText('Kargolandı')).toBeVisible();
    await expectNoCodesAndAxeClean(page);

    // Confirmed: "Teslimat Onaylandı", and the escrow end date is no longer shown.
    await confirmDeliveryOn(page, card);
    await expect(card.getByText('Teslimat Onaylandı')).toBeVisible();
    await card.getByRole('link', { name: 'Detay' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Sipariş ${number}` })).toBeVisible();
    await expect(page.locator('main').getByText('Teslimat Onaylandı').first()).toBeVisible();
    await expect(page.locator('main')).not.toContainText('Escrow bitiş');
    await expect(page.getByRole('button', { name: 'Teslimatı Onayla' })).toHaveCount(0);
    await expectNoCodesAndAxeClean(page);

    // The admin's list and order page: the same label, the carrier by its name, the timeline in Turkish.
    await switchToAdmin(page);
    await page.goto(`/admin/orders?q=${number}`);
    await expect(page.getByText('Teslimat Onaylandı').filter({ visible: true }).first()).toBeVisible();
    await expectNoCodesAndAxeClean(page);
    await page.getByRole('button', { name: number }).filter({ visible: true }).first().click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByText('Aras Kargo')).toBeVisible();
    await expect(detail.getByText(/→ Teslimat Onaylandı/).first()).toBeVisible();
    expect(CODES.exec(await detail.innerText())).toBeNull();
  });
});
