// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { CART_STORAGE_KEY, type CartItem } from '#shared/cart.ts';
import type { CartQuoteBody } from '#shared/schemas/checkout.ts';
import {
  cartItemOf,
  createFakeShop,
  fakeFrames,
  fakeLenses,
  type FakeOffer,
  type FakeShop,
} from '../../lib/test-support/fake-shop.ts';
import { rowsOfList, sumAboveTotal } from '../../lib/test-support/amount-rows.ts';
import { renderScreen } from '../../lib/test-support/render.tsx';
import { CartPage } from './cart-page.tsx';

const frames = fakeFrames;
const lenses = fakeLenses;
const cartItem = cartItemOf;

let shop: FakeShop;

function openCart(items: CartItem[], offers: FakeOffer[] = [frames, lenses]) {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  shop = createFakeShop({ offers });
  vi.stubGlobal('fetch', shop.fetch);
  return renderScreen(<CartPage />, { path: '/sepet' });
}

/** The value beside a label in a summary block (dt/dd or span/span). */
function valueBeside(container: HTMLElement, label: string): string | null | undefined {
  return within(container).getByText(label, { exact: true }).nextElementSibling?.textContent;
}

const group = (handle: string) => screen.getByRole('region', { name: `Satıcı: @${handle}` });
const summary = () => screen.getByTestId('cart-summary');
const summaryRows = () => rowsOfList(summary());
const lastQuotedQuantities = () =>
  (shop.requestsTo('/api/cart/quote').at(-1)?.body as CartQuoteBody).lines.map((line) => line.quantity);

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('groups the lines by seller with the server prices, 25 TL shipping per seller and the totals in tr-TR', async () => {
  openCart([cartItem(frames, 2), cartItem(lenses, 1)]);
  await waitFor(() => expect(valueBeside(summary(), 'Genel Toplam')).toBe('₺1.044,36'));

  const kadikoy = group('kadikoyoptik');
  const [frameLine] = within(kadikoy).getAllByTestId('cart-item');
  expect(frameLine!.textContent).toContain('RB2140');
  expect(frameLine!.textContent).toContain('₺349,90');
  expect(valueBeside(kadikoy, 'Satıcı ara toplamı')).toBe('₺699,80');
  expect(valueBeside(kadikoy, 'Kargo')).toBe('₺25,00');
  expect(within(kadikoy).getByTestId('free-shipping').textContent).toBe(
    'Bu satıcıdan ₺300,20 daha ekleyin, kargo ücretsiz olsun.',
  );

  const izmir = group('izmirlens');
  expect(within(izmir).getAllByTestId('cart-item')).toHaveLength(1);
  expect(valueBeside(izmir, 'Satıcı ara toplamı')).toBe('₺120,50');
  expect(valueBeside(izmir, 'Kargo')).toBe('₺25,00');

  // The order page's rows, before a payment is chosen (no Peşin discount): 20 % of ₺870,30 is ₺174,06.
  expect(summaryRows()).toEqual([
    ['Ara Toplam', '₺820,30'],
    ['Kargo', '₺50,00'],
    ['KDV (%20)', '₺174,06'],
    ['Genel Toplam', '₺1.044,36'],
  ]);
  expect(sumAboveTotal(summaryRows(), 'Genel Toplam')).toBe(104_436);
  expect(screen.getByText('3 ürün')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Ödemeye Geç' }) as HTMLButtonElement).disabled).toBe(false);
});

it('changes quantities with the keyboard, asks the server again, and ships a seller free from 1.000 TL', async () => {
  const user = userEvent.setup();
  openCart([cartItem(frames, 2), cartItem(lenses, 1)]);
  await waitFor(() => expect(valueBeside(summary(), 'Genel Toplam')).toBe('₺1.044,36'));

  const increase = within(screen.getByRole('group', { name: 'Ray-Ban RB2140 adedi' })).getByRole('button', {
    name: 'Artır',
  });
  increase.focus();
  await user.keyboard('{Enter}');

  expect((screen.getByRole('textbox', { name: 'Ray-Ban RB2140 adedi' }) as HTMLInputElement).value).toBe('3');
  await waitFor(() => expect(valueBeside(group('kadikoyoptik'), 'Kargo')).toBe('Ücretsiz'));
  expect(lastQuotedQuantities()).toEqual([3, 1]);
  expect(valueBeside(group('kadikoyoptik'), 'Satıcı ara toplamı')).toBe('₺1.049,70');
  expect(within(group('kadikoyoptik')).getByTestId('free-shipping').textContent).toBe('Bu satıcıdan kargo ücretsiz.');
  expect(valueBeside(summary(), 'Kargo')).toBe('₺25,00');
});

it('keeps a quantity between 1 and the stock: the buttons stop there and a typed excess is set to the stock, saying why', async () => {
  const user = userEvent.setup();
  openCart([cartItem(frames, 2), cartItem(lenses, 1)]);
  await waitFor(() => expect(valueBeside(summary(), 'Genel Toplam')).toBe('₺1.044,36'));

  const lensControl = screen.getByRole('group', { name: 'Acuvue Oasys adedi' });
  const decrease = within(lensControl).getByRole('button', { name: 'Azalt' }) as HTMLButtonElement;
  const increase = within(lensControl).getByRole('button', { name: 'Artır' }) as HTMLButtonElement;
  expect(decrease.disabled).toBe(true);
  await user.click(increase);
  await user.click(increase);
  expect((within(lensControl).getByRole('textbox') as HTMLInputElement).value).toBe('3');
  expect(increase.disabled).toBe(true);

  const frameField = screen.getByRole('textbox', { name: 'Ray-Ban RB2140 adedi' }) as HTMLInputElement;
  await user.clear(frameField);
  await user.type(frameField, '7{Enter}');
  expect(await screen.findByText('Stokta 5 adet var; adet 5 yapıldı.')).toBeTruthy();
  expect(screen.getByText('Stok Yetersiz')).toBeTruthy();
  expect(frameField.value).toBe('5');
  await waitFor(() => expect(lastQuotedQuantities()).toEqual([5, 3]));
});

it('removes a line, and the seller group with it', async () => {
  const user = userEvent.setup();
  openCart([cartItem(frames, 2), cartItem(lenses, 1)]);
  await waitFor(() => expect(valueBeside(summary(), 'Genel Toplam')).toBe('₺1.044,36'));

  await user.click(screen.getByRole('button', { name: 'Kaldır: Acuvue Oasys' }));

  expect(screen.queryByRole('region', { name: 'Satıcı: @izmirlens' })).toBeNull();
  // 699,80 + 25,00 shipping + 144,96 VAT (20 % of both).
  await waitFor(() => expect(valueBeside(summary(), 'Genel Toplam')).toBe('₺869,76'));
  expect(screen.getByText('2 ürün')).toBeTruthy();
});

it('shows a price the seller changed and accepts it in one click before checkout', async () => {
  const user = userEvent.setup();
  openCart([cartItem(frames, 1)], [{ ...frames, unitPriceKurus: 36_000 }]);

  expect(await screen.findByText('Fiyat değişti: ₺349,90 → ₺360,00')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Ödemeye Geç' }) as HTMLButtonElement).disabled).toBe(true);

  await user.click(screen.getByRole('button', { name: 'Tüm Değişiklikleri Uygula' }));

  await waitFor(() => expect(screen.queryByText('Sepetinizde değişiklik var')).toBeNull());
  await waitFor(() => expect(valueBeside(summary(), 'Ara Toplam')).toBe('₺360,00'));
  expect((screen.getByRole('button', { name: 'Ödemeye Geç' }) as HTMLButtonElement).disabled).toBe(false);
});

it('says so when the server cannot check the cart, and tries again on request', async () => {
  const user = userEvent.setup();
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([cartItem(frames, 1)]));
  shop = createFakeShop({ offers: [frames] });
  shop.failNext('/api/cart/quote', {
    status: 503,
    code: 'SERVICE_UNAVAILABLE',
    message: 'Hizmet geçici olarak kullanılamıyor.',
  });
  vi.stubGlobal('fetch', shop.fetch);
  renderScreen(<CartPage />, { path: '/sepet' });

  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('Sepetiniz kontrol edilemedi; güncel fiyat ve stok bilgisi alınamadı.');
  expect((screen.getByRole('button', { name: 'Ödemeye Geç' }) as HTMLButtonElement).disabled).toBe(true);

  await user.click(within(alert).getByRole('button', { name: 'Tekrar Dene' }));

  await waitFor(() => expect(valueBeside(summary(), 'Ara Toplam')).toBe('₺349,90'));
  expect(screen.queryByRole('alert')).toBeNull();
});

it('with VAT inside the prices and two rates, shows "İçindeki KDV" per rate after the total the rows above add up to', async () => {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([cartItem(frames, 2), cartItem(lenses, 1)]));
  shop = createFakeShop({ offers: [frames, { ...lenses, vatRateBp: 1000 }], pricesIncludeVat: true });
  vi.stubGlobal('fetch', shop.fetch);
  renderScreen(<CartPage />, { path: '/sepet' });

  // ₺820,30 + ₺50,00; inside: ₺724,80 at 20 % holds ₺120,80, ₺145,50 at 10 % holds ₺13,23.
  await waitFor(() =>
    expect(summaryRows()).toEqual([
      ['Ara Toplam', '₺820,30'],
      ['Kargo', '₺50,00'],
      ['Genel Toplam', '₺870,30'],
      ['İçindeki KDV (%20)', '₺120,80'],
      ['İçindeki KDV (%10)', '₺13,23'],
    ]),
  );
  expect(sumAboveTotal(summaryRows(), 'Genel Toplam')).toBe(87_030);
});

it('sends a visitor to sign in instead of showing prices', async () => {
  window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([cartItem(frames, 1)]));
  shop = createFakeShop({ offers: [frames], user: null });
  vi.stubGlobal('fetch', shop.fetch);
  renderScreen(<CartPage />, { path: '/sepet' });

  expect(await screen.findByText('Fiyatları görmek ve sipariş vermek için giriş yapın.')).toBeTruthy();
  await waitFor(() => expect(shop.requestsTo('/api/cart/quote')).toHaveLength(1));
  expect(screen.queryByTestId('cart-summary')).toBeNull();
  expect(screen.queryByText('₺349,90')).toBeNull();
  expect(screen.getByRole('link', { name: 'Ödemeye Geç' }).getAttribute('href')).toBe('/login');
});
