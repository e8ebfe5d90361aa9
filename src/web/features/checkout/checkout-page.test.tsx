// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY } from '#shared/cart.ts';
import type { CartQuoteBody, CheckoutBody } from '#shared/schemas/checkout.ts';
import { cartItemOf, createFakeShop, fakeFrames, fakeLenses, type FakeShop } from '../../lib/test-support/fake-shop.ts';
import { rowsOfList, sumAboveTotal } from '../../lib/test-support/amount-rows.ts';
import { renderScreen } from '../../lib/test-support/render.tsx';
import { CheckoutPage } from './checkout-page.tsx';

const frames = fakeFrames;
const lenses = fakeLenses;
const items = [cartItemOf(frames, 2), cartItemOf(lenses, 1)];

let shop: FakeShop;

function openCheckout({ offers = [frames, lenses], pricesIncludeVat = false } = {}) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  shop = createFakeShop({ offers, pricesIncludeVat });
  vi.stubGlobal('fetch', shop.fetch);
  return renderScreen(<CheckoutPage />, { path: '/odeme' });
}

const charged = () => screen.getByTestId('charged-amount').textContent;
const payButton = () => screen.getByRole('button', { name: 'Güvenli Ödeme Yap' }) as HTMLButtonElement;
/** The seller block of the summary, by its heading ("@kadikoyoptik"). */
const sellerSummary = (handle: string) =>
  screen.getByRole('heading', { level: 3, name: new RegExp(handle) }).closest('li') as HTMLElement;
const amountOf = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { exact: true }).nextElementSibling?.textContent;
/** The cart's rows, with the charged amount. */
const cartRows = () => rowsOfList(screen.getByTestId('charged-amount').closest('dl')!);
/** One seller's order rows. */
const sellerRows = (handle: string) => rowsOfList(sellerSummary(handle).querySelector('dl')!);

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('prices each seller with its own 25 TL shipping and takes 2 % off for Peşin, the default', async () => {
  openCheckout();
  await waitFor(() => expect(charged()).toBe('₺1.023,47'));

  const kadikoy = sellerSummary('kadikoyoptik');
  expect(within(kadikoy).getByText(/RB2140/).textContent).toContain('2 adet');
  expect(amountOf(kadikoy, 'Kargo')).toBe('₺25,00');
  expect(amountOf(sellerSummary('izmirlens'), 'Kargo')).toBe('₺25,00');

  const pesin = screen.getByRole('radio', { name: /^Peşin/ }) as HTMLInputElement;
  expect(pesin.checked).toBe(true);
  // The order page's rows: goods, shipping, −Peşin, then the VAT of the discounted base, then the charge.
  expect(cartRows()).toEqual([
    ['Ara Toplam', '₺820,30'],
    ['Kargo', '₺50,00'],
    ['Peşin indirimi', '-₺17,41'],
    ['KDV (%20)', '₺170,58'],
    ['Ödenecek Tutar', '₺1.023,47'],
  ]);
  expect(sumAboveTotal(cartRows(), 'Ödenecek Tutar')).toBe(102_347);
  // Each seller's order adds up to its own total the same way.
  expect(sellerRows('kadikoyoptik')).toEqual([
    ['Ara Toplam', '₺699,80'],
    ['Kargo', '₺25,00'],
    ['Peşin indirimi', '-₺14,50'],
    ['KDV (%20)', '₺142,06'],
    ['Toplam', '₺852,36'],
  ]);
  expect(sumAboveTotal(sellerRows('kadikoyoptik'), 'Toplam')).toBe(85_236);
  // The escrow card states the release rule with the inspection period (decision 034).
  expect(screen.getByText(/kargoya verilişten en az 7 gün/).textContent).toContain('sipariş tarihinden en az 15 gün');
});

it('moves to 3 instalments with the arrow keys: no discount, three months adding up, the server asked again', async () => {
  const user = userEvent.setup();
  openCheckout();
  await waitFor(() => expect(charged()).toBe('₺1.023,47'));

  (screen.getByRole('radio', { name: /^Peşin/ }) as HTMLInputElement).focus();
  await user.keyboard('{ArrowDown}{ArrowDown}');

  const three = screen.getByRole('radio', { name: /^3 Taksit/ }) as HTMLInputElement;
  expect(three.checked).toBe(true);
  // No Peşin discount: VAT on the full goods + shipping, ₺1.044,36, three equal months.
  await waitFor(() => expect(charged()).toBe('₺1.044,36'));
  expect(screen.getByText('3 × ₺348,12', { selector: 'p' })).toBeTruthy();
  expect(screen.queryByText('Peşin indirimi')).toBeNull();
  expect(cartRows().map(([label]) => label)).toEqual(['Ara Toplam', 'Kargo', 'KDV (%20)', 'Ödenecek Tutar']);
  expect(sumAboveTotal(cartRows(), 'Ödenecek Tutar')).toBe(104_436);
  const asked = shop.requestsTo('/api/cart/quote').map((request) => (request.body as CartQuoteBody).installments);
  expect(asked).toContain(3);
});

it('with VAT inside the prices and two rates, shows "İçindeki KDV" per rate after the charge, which the rows above add up to', async () => {
  openCheckout({ offers: [frames, { ...lenses, vatRateBp: 1000 }], pricesIncludeVat: true });
  // Goods + shipping − 2 %: ₺870,30 − ₺17,41. The VAT is the part inside each order's discounted base:
  // @kadikoyoptik ₺710,30 at 20 % holds ₺118,38; @izmirlens ₺142,59 at 10 % holds ₺12,96.
  await waitFor(() => expect(charged()).toBe('₺852,89'));

  expect(cartRows()).toEqual([
    ['Ara Toplam', '₺820,30'],
    ['Kargo', '₺50,00'],
    ['Peşin indirimi', '-₺17,41'],
    ['Ödenecek Tutar', '₺852,89'],
    ['İçindeki KDV (%20)', '₺118,38'],
    ['İçindeki KDV (%10)', '₺12,96'],
  ]);
  expect(sumAboveTotal(cartRows(), 'Ödenecek Tutar')).toBe(85_289);
  expect(sellerRows('izmirlens').map(([label]) => label)).toEqual([
    'Ara Toplam',
    'Kargo',
    'Peşin indirimi',
    'Toplam',
    'İçindeki KDV (%10)',
  ]);
});

it('pays the amount the buyer saw, once, with an idempotency key and the normalised address', async () => {
  const user = userEvent.setup();
  openCheckout();
  await waitFor(() => expect(payButton().disabled).toBe(false));

  await user.click(payButton());

  expect(await screen.findByText('Ödeme sayfasına yönlendiriliyorsunuz...')).toBeTruthy();
  const [sent] = shop.requestsTo('/api/checkout');
  expect(shop.requestsTo('/api/checkout')).toHaveLength(1);
  expect(sent!.headers.get('Idempotency-Key')).toMatch(/\S{8,}/);
  const body = sent!.body as CheckoutBody;
  expect(body.installments).toBe(1);
  expect(body.expectedChargedKurus).toBe(102_347);
  expect(body.lines).toEqual([
    { listingId: frames.id, quantity: 2, seenUnitPriceKurus: 34_990 },
    { listingId: lenses.id, quantity: 1, seenUnitPriceKurus: 12_050 },
  ]);
  expect(body.shippingAddress).toMatchObject({ full_name: 'Ayşe Yılmaz', city: 'İstanbul', district: 'Kadıköy' });
});

it("shows the server's Turkish refusal as an alert and lets the buyer try again", async () => {
  const user = userEvent.setup();
  openCheckout();
  await waitFor(() => expect(payButton().disabled).toBe(false));
  shop.failNext('/api/checkout', { status: 409, code: 'CONFLICT', message: 'Ray-Ban RB2140 için stok kalmadı.' });

  await user.click(payButton());

  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Ödeme Hatası');
  expect(alert.textContent).toContain('Ray-Ban RB2140 için stok kalmadı.');
  await waitFor(() => expect(payButton().disabled).toBe(false));
});

it('says the server could not be reached when the connection drops', async () => {
  const user = userEvent.setup();
  openCheckout();
  await waitFor(() => expect(payButton().disabled).toBe(false));
  shop.failNext('/api/checkout', 'network');

  await user.click(payButton());

  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Sunucuya ulaşılamadı. İnternet bağlantınızı kontrol edip tekrar deneyin.');
});

it('refuses an unreadable phone under the field and sends nothing', async () => {
  const user = userEvent.setup();
  openCheckout();
  await waitFor(() => expect(payButton().disabled).toBe(false));

  const phone = screen.getByRole('textbox', { name: 'Telefon' });
  await user.clear(phone);
  await user.type(phone, '12345');
  await user.click(payButton());

  expect(await screen.findByText('Geçerli bir cep telefonu numarası girin (05XX XXX XX XX)')).toBeTruthy();
  expect(phone.getAttribute('aria-invalid')).toBe('true');
  expect(shop.requestsTo('/api/checkout')).toHaveLength(0);
});
