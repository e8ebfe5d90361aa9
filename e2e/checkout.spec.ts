import AxeBuilder from '@axe-core/playwright';
import { autoReleaseRule } from '../src/shared/messages/escrow.tr.ts';
import { provinces } from '../src/shared/provinces.ts';
import type { CheckoutProfile } from '../src/shared/schemas/checkout.ts';
import { DEMO_PASSWORD, demoStore, signInThroughForm } from './support/accounts.ts';
import {
  addOfferToCart,
  field,
  fillDeliveryAddress,
  INSUFFICIENT_FUNDS_CARD,
  openCheckout,
  payButton,
  payOnSandbox,
  readCart,
  signIn,
  SUCCEEDING_CARD,
} from './support/trading.ts';
import { expect, test } from './fixtures.ts';

test.describe('checkout', () => {
  test.beforeEach(({ allowConsoleErrors }) => void allowConsoleErrors);

  test('a visitor is told to sign in and comes back to the checkout afterwards', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByText('Giriş Gerekli')).toBeVisible();
    await expect(page.getByText('Alışverişi tamamlamak için giriş yapmalısınız')).toBeVisible();
    await signInThroughForm(page, demoStore('atakum'), DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/odeme$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ödeme' })).toBeVisible();
    // Nothing in this browser's cart yet: the spec's empty-cart texts.
    await expect(page.getByRole('heading', { name: 'Sepet Boş' })).toBeVisible();
    await expect(page.getByText('Sepetinizde ürün bulunmuyor')).toBeVisible();
  });

  test('the form is prefilled from the store profile, shows billing, card and instalments, and passes axe', async ({
    page,
  }) => {
    await signIn(page, 'kadikoy');
    await addOfferToCart(page);
    await openCheckout(page);
    const response = await page.request.get('/api/checkout/profile');
    expect(response.ok()).toBe(true);
    const profile = (await response.json()) as CheckoutProfile;
    expect(profile.shippingAddress.full_name, 'the store has a name to prefill').not.toBe('');

    const address = profile.shippingAddress;
    await expect(field.fullName(page)).toHaveValue(address.full_name);
    await expect(field.address(page)).toHaveValue(address.address);
    // A city that is not one of the 81 provinces is left for the buyer to choose.
    const isProvince = (provinces as readonly string[]).includes(address.city);
    await expect(field.city(page)).toHaveValue(isProvince ? address.city : '');
    await expect(field.district(page)).toHaveValue(address.district);
    await expect(field.postalCode(page)).toHaveValue(address.postal_code);
    await expect(field.phone(page)).toHaveValue(address.phone);
    // The city is one of the 81 provinces.
    await expect(field.city(page).locator('option')).toHaveCount(82);

    // Billing: the store's registered company and tax number, shown, not editable.
    const billing = page.getByRole('region', { name: 'Fatura Bilgileri' });
    await expect(billing).toContainText(profile.billing.companyName);
    await expect(billing).toContainText(profile.billing.taxNumber);
    await expect(billing.getByRole('textbox')).toHaveCount(0);

    // Card chosen, wallet shown but not available yet.
    await expect(page.getByRole('radio', { name: 'Kredi / Banka Kartı' })).toBeChecked();
    await expect(page.getByRole('radio', { name: /Cüzdan/ })).toBeDisabled();
    await expect(page.getByRole('main').getByText('Yakında', { exact: true })).toBeVisible();

    // Instalments 1/2/3/6/12, Peşin first with its discount; the escrow period from the settings.
    const installments = page.getByRole('group', { name: 'Taksit Seçenekleri' });
    await expect(installments.getByRole('radio')).toHaveCount(5);
    await expect(installments.getByRole('radio', { name: /^Peşin/ })).toBeChecked();
    await expect(installments.locator('label').first()).toContainText(/Peşin\s*%2 indirim\s*₺/);
    for (const n of [2, 3, 6, 12]) {
      const option = installments
        .locator('label')
        .filter({ has: page.getByRole('radio', { name: new RegExp(`^${n} Taksit`) }) });
      // Equal months, or (bank style) the equal months and a last one absorbing the leftover kuruş.
      await expect(option).toContainText(new RegExp(`${n} × ₺|${n - 1} × ₺[\\d.,]+ \\+ son taksit ₺`));
      await expect(option).toContainText('Toplam ₺');
    }
    // The buyer meets the word "Escrow" here first: the card says what it means, with the release
    // rule from the order and from shipping (decision 034), in the reading order a screen reader takes.
    const escrow = page.getByRole('region', { name: 'Escrow ile güvenli ödeme' });
    await expect(escrow.getByRole('term')).toHaveText('Escrow');
    await expect(escrow).toContainText(
      `Escrow: ödemeniz, siz teslimatı onaylayana kadar OptiStok'ta güvende tutulur; onaylamazsanız ${autoReleaseRule(profile.escrowDays, profile.inspectionDays)} satıcıya aktarılır.`,
    );

    // The summary by seller, and the monthly amount once instalments are chosen.
    const summary = page.getByRole('complementary', { name: 'Sipariş Özeti' });
    await expect(summary.getByRole('heading', { level: 3, name: /^@/ })).toHaveCount(1);
    // The cart's rows in the order page's order: the Peşin discount before the VAT it lowers, then the charge.
    await expect(summary.locator('dl').last()).toContainText(
      /Ara Toplam.*Kargo.*Peşin indirimi.*KDV \(%\d+\).*Ödenecek Tutar/,
    );
    await page.getByRole('radio', { name: /^3 Taksit/ }).check();
    await expect(summary).toContainText(/3 × ₺|2 × ₺[\d.,]+ \+ son taksit ₺/);
    await expect(summary).not.toContainText('Peşin indirimi');

    await page.waitForLoadState('networkidle');
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    expect(axe.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([]);
  });

  test('the pay button waits for every required field, and an invalid phone says why', async ({ page }) => {
    await signIn(page, 'kadikoy');
    await addOfferToCart(page);
    await openCheckout(page);

    await field.fullName(page).fill('');
    await field.address(page).fill('');
    await field.city(page).selectOption('');
    await field.district(page).fill('   ');
    await field.postalCode(page).fill('');
    await field.phone(page).fill('');
    await expect(payButton(page)).toBeDisabled();
    await expect(payButton(page)).toHaveAccessibleDescription(
      'Ödeme yapmak için teslimat bilgilerini eksiksiz doldurun.',
    );

    // One required field after another: still disabled until the last; the postal code is optional.
    await field.fullName(page).fill('Deniz Yılmaz');
    await expect(payButton(page)).toBeDisabled();
    await field.address(page).fill('Caferağa Mah. Moda Cad. No: 12/3');
    await expect(payButton(page)).toBeDisabled();
    await field.city(page).selectOption('İstanbul');
    await expect(payButton(page)).toBeDisabled();
    await field.district(page).fill('Kadıköy');
    await expect(payButton(page)).toBeDisabled();
    await field.phone(page).fill('0212 123 45 67');
    await expect(payButton(page)).toBeEnabled();

    // A landline is not a Turkish mobile number: the message sits on the field, nothing is sent.
    await payButton(page).click();
    const phoneMessage = 'Geçerli bir cep telefonu numarası girin (05XX XXX XX XX)';
    await expect(field.phone(page)).toHaveAccessibleDescription(phoneMessage);
    await expect(field.phone(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Eksik Bilgi')).toBeVisible();
    await expect(page.getByText('Lütfen tüm teslimat bilgilerini doldurun')).toBeVisible();
    await expect(page).toHaveURL(/\/odeme$/);

    // Corrected, the message goes away.
    await field.phone(page).fill('0532 123 45 67');
    await expect(field.phone(page)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(phoneMessage)).toHaveCount(0);
  });

  test('paying with the sandbox card and 3-D Secure lands on "Ödeme Başarılı!" and empties the cart', async ({
    page,
  }) => {
    await signIn(page, 'kadikoy');
    await addOfferToCart(page);
    await openCheckout(page);
    await fillDeliveryAddress(page);
    await page.getByRole('radio', { name: /^3 Taksit/ }).check();
    await expect(page.getByRole('complementary', { name: 'Sipariş Özeti' })).toContainText(
      /3 × ₺|2 × ₺[\d.,]+ \+ son taksit ₺/,
    );

    await payButton(page).click();
    await payOnSandbox(page, SUCCEEDING_CARD);

    await expect(page.getByRole('heading', { level: 1, name: 'Ödeme Başarılı!' })).toBeVisible();
    await expect(page.getByRole('main').getByText('Siparişiniz escrow güvencesi altında alındı')).toBeVisible();
    // One seller in the cart: one order, with its number.
    const orderNumbers = page.getByRole('list', { name: 'Siparişleriniz' });
    await expect(orderNumbers.getByRole('listitem')).toHaveCount(1);
    await expect(orderNumbers.getByRole('listitem').first()).not.toBeEmpty();
    await expect.poll(() => readCart(page)).toEqual([]);

    // The checkout now has nothing to pay for; the orders page is one click away.
    await page.getByRole('link', { name: 'Siparişlerime Git' }).click();
    await expect(page).toHaveURL(/\/siparislerim$/);
    await page.goto('/odeme');
    await expect(page.getByRole('heading', { name: 'Sepet Boş' })).toBeVisible();
  });

  test('a declined card shows its reason and keeps the cart for another try', async ({ page }) => {
    await signIn(page, 'cankaya');
    const listingId = await addOfferToCart(page);
    const cartBefore = await readCart(page);
    await openCheckout(page);
    await fillDeliveryAddress(page);

    await payButton(page).click();
    await payOnSandbox(page, INSUFFICIENT_FUNDS_CARD);

    await expect(page.getByRole('heading', { level: 1, name: 'Ödeme Hatası' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Kartınızın bakiyesi yetersiz.' })).toBeVisible();
    expect(await readCart(page)).toEqual(cartBefore);
    await expect(page.getByRole('link', { name: 'Sepete Dön' })).toHaveAttribute('href', '/sepet');

    // "Tekrar Dene" goes back to the checkout with the same cart, priced again by the server.
    await page.getByRole('link', { name: 'Tekrar Dene' }).click();
    await expect(page).toHaveURL(/\/odeme$/);
    await expect(page.getByTestId('charged-amount')).toContainText('₺');
    expect((await readCart(page)).map((item) => item.id)).toContain(listingId);
  });
});
