// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { ShipOrderDialog } from './ship-order-dialog.tsx';
import { fakeNetwork, withProviders } from './test-support.tsx';

const f = tradingMessages.fulfilment;
const ORDER_ID = '0b7c8f1e-3a52-4c1e-9d0e-5f7a1b2c3d4e';
const order = { orderId: ORDER_ID, orderNumber: 'OS-2026-000123' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openDialog() {
  const onClose = vi.fn();
  render(withProviders(<ShipOrderDialog order={order} onClose={onClose} />));
  return { dialog: screen.getByRole('dialog', { name: f.shipTitle(order.orderNumber) }), onClose };
}

it('says in Turkish that carrier and tracking number are missing, and sends nothing', async () => {
  const sent = fakeNetwork(() => ({ id: ORDER_ID, status: 'shipped' }));
  const { dialog, onClose } = openDialog();
  await userEvent.click(within(dialog).getByRole('button', { name: f.ship }));
  await waitFor(() => expect(within(dialog).getAllByText(f.shipMissing)).toHaveLength(2));
  expect(sent).toEqual([]);
  expect(onClose).not.toHaveBeenCalled();
});

it('refuses a tracking number of the wrong shape with its Turkish message, and sends nothing', async () => {
  const sent = fakeNetwork(() => ({ id: ORDER_ID, status: 'shipped' }));
  const { dialog } = openDialog();
  await userEvent.selectOptions(within(dialog).getByLabelText(f.cargoCompany), 'aras');
  await userEvent.type(within(dialog).getByLabelText(f.trackingNumber), 'ABC 12');
  await userEvent.click(within(dialog).getByRole('button', { name: f.ship }));
  await within(dialog).findByText(f.trackingInvalid);
  expect(within(dialog).queryByText(f.shipMissing)).toBeNull();
  expect(sent).toEqual([]);
});

it('posts the carrier and the trimmed tracking number to the ship endpoint, then closes', async () => {
  const sent = fakeNetwork(() => ({ id: ORDER_ID, status: 'shipped' }));
  const { dialog, onClose } = openDialog();
  await userEvent.selectOptions(within(dialog).getByLabelText(f.cargoCompany), 'aras');
  await userEvent.type(within(dialog).getByLabelText(f.trackingNumber), ' ARS-12345 ');
  await userEvent.click(within(dialog).getByRole('button', { name: f.ship }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(sent).toEqual([
    {
      method: 'POST',
      path: `/api/orders/${ORDER_ID}/ship`,
      body: { cargoCompany: 'aras', trackingNumber: 'ARS-12345' },
    },
  ]);
});
