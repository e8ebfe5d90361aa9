// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, expect, it, vi } from 'vitest';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { splitInstallments } from '#shared/pricing.ts';
import type { BuyerOrderDetail } from '#shared/schemas/orders.ts';
import { BuyerOrderDetailPage } from './buyer-order-detail-page.tsx';
import { fakeNetwork, orderLine } from './test-support.tsx';

const ORDER_ID = '0b7c8f1e-3a52-4c1e-9d0e-5f7a1b2c3d4e';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function orderOf(installments: number, chargedKurus: number): BuyerOrderDetail {
  return {
    id: ORDER_ID,
    orderNumber: 'OS-2026-000123',
    groupId: '7d1c2b0e-4f7a-4c39-9a55-2f1d7f0c9e11',
    status: 'paid_escrow',
    createdAt: '2026-03-01T09:00:00.000Z',
    paidAt: '2026-03-01T09:01:00.000Z',
    escrowEndsAt: '2026-03-16T09:01:00.000Z',
    acceptedAt: '2026-03-01T09:01:00.000Z',
    acceptBy: null,
    subtotalKurus: chargedKurus,
    shippingKurus: 0,
    vatKurus: 0,
    discountKurus: 0,
    totalKurus: chargedKurus,
    pricesIncludeVat: false,
    refundedKurus: 0,
    sellerHandle: 'kadikoyoptik',
    sellerSlug: 'kadikoy-optik',
    cargoCompany: null,
    trackingNumber: null,
    items: [],
    actions: [],
    awaitingAcceptance: false,
    hasDispute: false,
    isReviewable: false,
    shippingAddress: null,
    installments,
    installmentAmounts: splitInstallments(chargedKurus, installments),
    cardBrand: 'MASTER_CARD',
    cardLastFour: '0008',
    events: [],
    invoice: null,
  };
}

function openOrder(order: BuyerOrderDetail) {
  fakeNetwork(() => order);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/siparislerim/${ORDER_ID}`]}>
        <Routes>
          <Route path="/siparislerim/:id" element={<BuyerOrderDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('shows the card payment split into instalments as the bank charges it, adding up to the total', async () => {
  openOrder(orderOf(6, 1_463_301));
  expect(await screen.findByText('6 taksit')).toBeTruthy();
  expect(screen.getByText('5 × ₺2.438,83 + son taksit ₺2.438,86')).toBeTruthy();
  expect(screen.getByText('Kart ödemesi toplamı ₺14.633,01')).toBeTruthy();
});

it('shows equal months plainly, and no split for Peşin', async () => {
  openOrder(orderOf(3, 123_300));
  expect(await screen.findByText('3 × ₺411,00')).toBeTruthy();
  cleanup();
  openOrder(orderOf(1, 123_298));
  expect(await screen.findByText('Peşin')).toBeTruthy();
  expect(screen.queryByText(/×/)).toBeNull();
  expect(screen.queryByText(/Kart ödemesi toplamı/)).toBeNull();
});

it('an order whose checkout waits for payment offers to continue or give it up, on the checkout page', async () => {
  const order = orderOf(1, 123_298);
  openOrder({ ...order, status: 'awaiting_payment', paidAt: null, escrowEndsAt: null, actions: ['cancelPayment'] });
  const link = await screen.findByRole('link', { name: 'Ödemeye Devam Et OS-2026-000123' });
  expect(link.getAttribute('href')).toBe(`/odeme/sonuc/${order.groupId}`);
  cleanup();
  openOrder(order);
  expect(await screen.findByText('Peşin')).toBeTruthy();
  expect(screen.queryByRole('link', { name: /Ödemeye Devam Et/ })).toBeNull();
});

it('with VAT-inclusive prices the order adds up: the VAT is shown as "İçindeki KDV" after the total, not added', async () => {
  // The reported order: 8.642,90 + 0 − 172,86 = 8.470,04, with 1.318,41 VAT inside.
  openOrder({
    ...orderOf(1, 847_004),
    subtotalKurus: 864_290,
    shippingKurus: 0,
    vatKurus: 131_841,
    discountKurus: 17_286,
    pricesIncludeVat: true,
  });
  const total = await screen.findByText('Toplam');
  const list = total.closest('dl')!;
  const rows = [...list.querySelectorAll('div')].map((row) => row.textContent);
  expect(rows).toEqual([
    'Ara Toplam₺8.642,90',
    'Kargo₺0,00',
    'Peşin indirimi-₺172,86',
    'Toplam₺8.470,04',
    'İçindeki KDV₺1.318,41',
  ]);
});

it('after a partial refund shows what came back and the net the order finally cost', async () => {
  openOrder({ ...orderOf(1, 123_298), status: 'partially_refunded', refundedKurus: 1_000 });
  const total = await screen.findByText('Toplam');
  const rows = [...total.closest('dl')!.querySelectorAll('div')].map((row) => row.textContent);
  expect(rows.slice(-2)).toEqual(['İade edilen-₺10,00', 'İade sonrası net tutar₺1.222,98']);
});

it('with VAT added on top the Peşin discount lowers the base and the VAT is an addend before the total', async () => {
  // 1.000 + 25 − 20,50 (2 % of 1.025) = 1.004,50; 20 % VAT 200,90; total 1.205,40.
  openOrder({
    ...orderOf(1, 120_540),
    subtotalKurus: 100_000,
    shippingKurus: 2_500,
    vatKurus: 20_090,
    discountKurus: 2_050,
    pricesIncludeVat: false,
  });
  const list = (await screen.findByText('Toplam')).closest('dl')!;
  expect([...list.querySelectorAll('div')].map((row) => row.textContent)).toEqual([
    'Ara Toplam₺1.000,00',
    'Kargo₺25,00',
    'Peşin indirimi-₺20,50',
    'KDV₺200,90',
    'Toplam₺1.205,40',
  ]);
});

it('shows the VAT per rate of the order’s own lines, adding up to the total', async () => {
  // A frame at 20 % and a lens at 10 %: 1.000 + 300 + 25 − 26,50 Peşin; VAT 200,90 + 29,62.
  openOrder({
    ...orderOf(1, 152_902),
    subtotalKurus: 130_000,
    shippingKurus: 2_500,
    vatKurus: 23_052,
    discountKurus: 2_650,
    pricesIncludeVat: false,
    items: [
      { ...orderLine(1), unitPriceKurus: 100_000, lineTotalKurus: 100_000, vatRateBp: 2000, vatKurus: 20_090 },
      { ...orderLine(2), unitPriceKurus: 30_000, lineTotalKurus: 30_000, vatRateBp: 1000, vatKurus: 2_962 },
    ],
  });
  const list = (await screen.findByText('Toplam')).closest('dl')!;
  expect([...list.querySelectorAll('div')].map((row) => row.textContent)).toEqual([
    'Ara Toplam₺1.300,00',
    'Kargo₺25,00',
    'Peşin indirimi-₺26,50',
    'KDV (%20)₺200,90',
    'KDV (%10)₺29,62',
    'Toplam₺1.529,02',
  ]);
});

it('"Yazdır" prints the page, whose print styles leave the navigation and buttons off the paper', async () => {
  const print = vi.fn();
  vi.stubGlobal('print', print);
  openOrder(orderOf(1, 50_000));
  const button = await screen.findByRole('button', { name: tradingMessages.orders.print });
  button.click();
  expect(print).toHaveBeenCalledOnce();
  expect(button.closest('[data-print-hide]')).not.toBeNull();
  expect(screen.getByRole('link', { name: tradingMessages.orders.backToList }).hasAttribute('data-print-hide')).toBe(
    true,
  );
  const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
  expect(css).toMatch(/@media print \{ header, nav, footer, \[data-print-hide\] \{ display: none !important; \} \}/);
  // What the paper keeps: the order's number and seller.
  expect(screen.getByRole('heading', { level: 1 }).closest('[data-print-hide]')).toBeNull();
});
