// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { OrderAction } from '#shared/schemas/orders.ts';
import { ConfirmDeliveryButton, SellerOrderActions } from './order-actions.tsx';
import { fakeNetwork, withProviders } from './test-support.tsx';

const f = tradingMessages.fulfilment;
const ORDER_ID = '0b7c8f1e-3a52-4c1e-9d0e-5f7a1b2c3d4e';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function sellerOrder(actions: OrderAction[]) {
  return { orderId: ORDER_ID, orderNumber: 'OS-2026-000123', acceptBy: null, actions };
}

it('shows the seller "Onayla" when the order allows accept, and clicking it posts to the accept endpoint', async () => {
  const sent = fakeNetwork(() => ({ id: ORDER_ID, status: 'paid_escrow' }));
  render(withProviders(<SellerOrderActions order={sellerOrder(['accept'])} onShip={vi.fn()} />));
  expect(screen.queryByRole('button', { name: new RegExp(f.ship) })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: f.acceptLabel('OS-2026-000123') }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ method: 'POST', path: `/api/orders/${ORDER_ID}/accept` });
});

it('shows "Kargola" when the order allows ship, and hands the order to the shipping dialog', async () => {
  const sent = fakeNetwork(() => null);
  const onShip = vi.fn();
  render(withProviders(<SellerOrderActions order={sellerOrder(['ship'])} onShip={onShip} />));
  expect(screen.queryByRole('button', { name: f.acceptLabel('OS-2026-000123') })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: `${f.ship} OS-2026-000123` }));
  expect(onShip).toHaveBeenCalledWith({ orderId: ORDER_ID, orderNumber: 'OS-2026-000123' });
  expect(sent).toEqual([]);
});

it('shows the seller no button when the order allows nothing, even with buyer verbs in the list', () => {
  render(withProviders(<SellerOrderActions order={sellerOrder([])} onShip={vi.fn()} />));
  expect(screen.queryAllByRole('button')).toEqual([]);
});

it('"Teslimatı Onayla" asks first, then posts to confirm-delivery; without the verb there is no button', async () => {
  const sent = fakeNetwork(() => ({ id: ORDER_ID, status: 'delivery_confirmed' }));
  const { unmount } = render(withProviders(<ConfirmDeliveryButton order={{ id: ORDER_ID, actions: ['dispute'] }} />));
  expect(screen.queryByRole('button', { name: f.confirm })).toBeNull();
  unmount();

  render(withProviders(<ConfirmDeliveryButton order={{ id: ORDER_ID, actions: ['confirmDelivery', 'dispute'] }} />));
  await userEvent.click(screen.getByRole('button', { name: f.confirm }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain(f.confirmTitle);
  expect(sent).toEqual([]);
  const buttons = screen.getAllByRole('button', { name: f.confirm });
  await userEvent.click(buttons[buttons.length - 1]);
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ method: 'POST', path: `/api/orders/${ORDER_ID}/confirm-delivery` });
});
