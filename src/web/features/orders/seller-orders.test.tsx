// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { awaitingAcceptanceLabel, orderStatusLabels } from '#shared/messages/trading/order-status.tr.ts';
import type { OrderAction, SellerOrderList, SellerOrderRow } from '#shared/schemas/orders.ts';
import type { OrderStatus } from '#shared/status.ts';
import { SellerOrders } from './seller-orders.tsx';
import type { SellerOrderFilters } from './seller-order-filters.ts';
import { fakeNetwork, orderLine, withProviders, type SentRequest } from './test-support.tsx';

const m = tradingMessages.orders;
const f = tradingMessages.fulfilment;
const allFilters: SellerOrderFilters = { view: 'all', status: '', from: '', to: '', cargoCompany: '', page: 1 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function row(n: number, status: OrderStatus, actions: OrderAction[], accepted = true): SellerOrderRow {
  const id = `00000000-0000-4000-8000-00000000000${n}`;
  return {
    orderId: id,
    orderNumber: `OS-2026-00000${n}`,
    status,
    createdAt: '2026-11-20T09:00:00.000Z',
    escrowEndsAt: '2026-12-05T09:00:00.000Z',
    acceptedAt: accepted ? '2026-11-20T09:05:00.000Z' : null,
    acceptBy: accepted ? null : '2026-11-21T09:00:00.000Z',
    awaitingAcceptance: !accepted,
    buyerHandle: 'merkez-optik',
    buyerSlug: 'merkez-optik',
    cargoCompany: status === 'shipped' ? 'aras' : null,
    trackingNumber: status === 'shipped' ? 'ARS-123456' : null,
    hasDispute: false,
    actions,
    orderTotalKurus: 120_000,
    line: orderLine(n),
  };
}

const list: SellerOrderList = {
  rows: [row(1, 'paid_escrow', ['accept'], false), row(2, 'paid_escrow', ['ship']), row(3, 'shipped', [])],
  total: 3,
  allOrders: 7,
  page: 1,
  pageSize: 25,
};

function answer(request: SentRequest) {
  if (request.method === 'GET' && request.path.startsWith('/api/seller/orders?')) return list;
  if (request.method === 'POST') return { id: list.rows[0].orderId, status: 'paid_escrow' };
  throw new Error(`unexpected request ${request.method} ${request.path}`);
}

/** The desktop table (the phone cards repeat the same buttons below xl). */
async function table() {
  return within(await screen.findByRole('table', { name: m.sellerView.tableCaption }));
}

it('lists the orders from the server with its filters, and shows each row the buttons its actions allow', async () => {
  const sent = fakeNetwork(answer);
  render(withProviders(<SellerOrders filters={allFilters} onFiltersChange={vi.fn()} />));
  const rows = await table();
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(m.sellerView.title(7));
  expect(sent[0].path).toBe('/api/seller/orders?view=all&page=1&pageSize=25');

  const rowOf = (n: number) => within(rows.getByRole('rowheader', { name: `OS-2026-00000${n}` }).closest('tr')!);
  expect(rowOf(1).getByRole('button', { name: f.acceptLabel('OS-2026-000001') })).toBeTruthy();
  expect(rowOf(1).queryByRole('button', { name: `${f.ship} OS-2026-000001` })).toBeNull();
  expect(rowOf(2).getByRole('button', { name: `${f.ship} OS-2026-000002` })).toBeTruthy();
  expect(rowOf(2).queryByRole('button', { name: f.acceptLabel('OS-2026-000002') })).toBeNull();
  expect(rowOf(3).queryByRole('button', { name: new RegExp(`^(${f.accept}|${f.ship})`) })).toBeNull();
  expect(rows.getByRole('rowheader', { name: 'OS-2026-000003' }).closest('tr')!.textContent).toContain('ARS-123456');
  // The badge reads the server's awaitingAcceptance: row 1 waits for "Onayla", row 2 (accepted) waits for shipping.
  expect(rowOf(1).getByText(awaitingAcceptanceLabel)).toBeTruthy();
  expect(rowOf(2).queryByText(awaitingAcceptanceLabel)).toBeNull();
  expect(rowOf(2).getByText(orderStatusLabels.paid_escrow)).toBeTruthy();
});

it('accepting a row posts to its accept endpoint and reloads the list', async () => {
  const sent = fakeNetwork(answer);
  render(withProviders(<SellerOrders filters={allFilters} onFiltersChange={vi.fn()} />));
  const rows = await table();
  await userEvent.click(rows.getByRole('button', { name: f.acceptLabel('OS-2026-000001') }));
  await waitFor(() => expect(sent.filter((r) => r.path.startsWith('/api/seller/orders?'))).toHaveLength(2));
  expect(sent.filter((r) => r.method === 'POST')).toEqual([
    { method: 'POST', path: `/api/orders/${list.rows[0].orderId}/accept`, body: null },
  ]);
});

it('"Kargola" opens the shipping dialog for that order', async () => {
  fakeNetwork(answer);
  render(withProviders(<SellerOrders filters={allFilters} onFiltersChange={vi.fn()} />));
  const rows = await table();
  await userEvent.click(rows.getByRole('button', { name: `${f.ship} OS-2026-000002` }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('OS-2026-000002');
});

it('changing the status filter asks for page 1 of that view', async () => {
  fakeNetwork(answer);
  const onFiltersChange = vi.fn();
  render(withProviders(<SellerOrders filters={allFilters} onFiltersChange={onFiltersChange} />));
  await table();
  await userEvent.selectOptions(screen.getByLabelText(m.sellerView.filterStatus), 'view:pending');
  expect(onFiltersChange).toHaveBeenCalledWith({ view: 'pending', status: '', page: 1 });
});
