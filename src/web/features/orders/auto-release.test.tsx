// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { formatDate } from '#shared/dates.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { BuyerOrder, BuyerOrderList, OrderAction, SellerOrderDetail } from '#shared/schemas/orders.ts';
import type { OrderStatus } from '#shared/status.ts';
import { BuyerOrdersPage } from './buyer-orders-page.tsx';
import { SellerOrderDetailDialog } from './seller-order-detail-dialog.tsx';
import { fakeNetwork, orderLine, withProviders } from './test-support.tsx';

const m = tradingMessages.orders;
const f = tradingMessages.fulfilment;
// Shipped on day 16 of a 15-day escrow: the release moved to shipped + 7 days (decision 033).
const ESCROW_ENDS_AT = '2026-12-13T09:00:00.000Z';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function buyerOrder(n: number, status: OrderStatus, actions: OrderAction[]): BuyerOrder {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    orderNumber: `OS-2026-00000${n}`,
    groupId: null,
    status,
    createdAt: '2026-11-20T09:00:00.000Z',
    paidAt: '2026-11-20T09:00:00.000Z',
    escrowEndsAt: status === 'shipped' ? ESCROW_ENDS_AT : '2026-12-05T09:00:00.000Z',
    acceptedAt: '2026-11-20T09:05:00.000Z',
    acceptBy: null,
    subtotalKurus: 100_000,
    shippingKurus: 0,
    vatKurus: 18_000,
    discountKurus: 0,
    totalKurus: 118_000,
    pricesIncludeVat: false,
    refundedKurus: 0,
    sellerHandle: 'satici-a',
    sellerSlug: 'satici-a',
    cargoCompany: status === 'shipped' ? 'aras' : null,
    trackingNumber: status === 'shipped' ? 'ARS-123456' : null,
    items: [orderLine(n)],
    actions,
    awaitingAcceptance: false,
    hasDispute: false,
    isReviewable: false,
  };
}

it('the buyer sees "Otomatik onay" with the moved date on a shipped order only, and no confirmation before shipping', async () => {
  const list: BuyerOrderList = {
    orders: [buyerOrder(1, 'paid_escrow', ['dispute']), buyerOrder(2, 'shipped', ['confirmDelivery', 'dispute'])],
    total: 2,
    page: 1,
    pageSize: 10,
  };
  fakeNetwork(() => list);
  render(withProviders(<BuyerOrdersPage />));
  const [paid, shipped] = await Promise.all(
    ['OS-2026-000001', 'OS-2026-000002'].map(async (n) => (await screen.findByText(n)).closest('li')!),
  );
  expect(within(shipped).getByText(m.autoRelease)).toBeTruthy();
  expect(within(shipped).getByText(formatDate(ESCROW_ENDS_AT))).toBeTruthy();
  expect(within(shipped).getByRole('button', { name: new RegExp(f.confirm) })).toBeTruthy();
  expect(within(paid).queryByText(m.autoRelease)).toBeNull();
  expect(within(paid).queryByRole('button', { name: new RegExp(f.confirm) })).toBeNull();
});

it('the seller sees "Otomatik onay" with the moved date in a shipped order’s detail', async () => {
  const detail: SellerOrderDetail = {
    orderId: '00000000-0000-4000-8000-000000000002',
    orderNumber: 'OS-2026-000002',
    status: 'shipped',
    createdAt: '2026-11-20T09:00:00.000Z',
    escrowEndsAt: ESCROW_ENDS_AT,
    acceptedAt: '2026-11-20T09:05:00.000Z',
    acceptBy: null,
    buyerHandle: 'merkez-optik',
    buyerSlug: 'merkez-optik',
    cargoCompany: 'aras',
    trackingNumber: 'ARS-123456',
    actions: [],
    awaitingAcceptance: false,
    hasDispute: false,
    subtotalKurus: 100_000,
    shippingKurus: 2_500,
    vatKurus: 20_500,
    discountKurus: 2_460,
    refundedKurus: 0,
    pricesIncludeVat: false,
    totalKurus: 120_540,
    shippingAddress: null,
    items: [
      { ...orderLine(2), vatRateBp: 2000, vatKurus: 20_500 },
      { ...orderLine(3), vatRateBp: 1000 },
    ],
    events: [],
    billingParty: null,
    invoice: null,
  };
  fakeNetwork((request) => (request.path.includes('/dispute') ? null : detail));
  render(withProviders(<SellerOrderDetailDialog orderId={detail.orderId} onClose={vi.fn()} />));
  const label = await screen.findByText(m.autoRelease);
  expect(label.parentElement!.textContent).toBe(`${m.autoRelease}${formatDate(ESCROW_ENDS_AT)}`);
  // The seller sees the whole sum, the Peşin discount among it, and who bears it.
  const money = screen.getByText(m.total).closest('dl')!;
  expect([...money.querySelectorAll('div')].map((row) => row.textContent)).toEqual([
    `${m.subtotal}₺1.000,00`,
    `${m.shipping}₺25,00`,
    `${m.cashDiscount}-₺24,60`,
    `${m.vat}₺205,00`,
    `${m.total}₺1.205,40`,
  ]);
  expect(screen.getByText(m.cashDiscountBorneBySeller)).toBeTruthy();
  // Each line with its VAT rate, and its amount where the order has per-line VAT (what to invoice).
  expect(screen.getByText('KDV %20: ₺205,00')).toBeTruthy();
  expect(screen.getByText('KDV %10')).toBeTruthy();
});
