// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { completeEan13 } from '#shared/barcode.ts';
import { toGtin14 } from '#shared/gs1.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { utsMessages } from '#shared/messages/uts.tr.ts';
import type { UtsTrackedLines } from '#shared/schemas/uts.ts';
import { ShipOrderDialog } from './ship-order-dialog.tsx';
import { fakeNetwork, withProviders } from './test-support.tsx';

const f = tradingMessages.fulfilment;
const ORDER_ID = '0b7c8f1e-3a52-4c1e-9d0e-5f7a1b2c3d4e';
const order = { orderId: ORDER_ID, orderNumber: 'OS-2026-000123' };

const LINE_ID = '10000000-0000-4000-8000-000000000001';
const BARCODE = completeEan13('869123456789');
const lensLine = {
  orderLineId: LINE_ID,
  productName: 'Günlük Kontakt Lens',
  marka: 'Acuvue',
  modelKodu: 'MOIST',
  barcode: BARCODE,
  quantity: 3,
};

/** The server: the order's tracked lines (none unless given) and the ship's answer. */
function answer(lines: UtsTrackedLines['lines'] = []) {
  return (request: { path: string }) =>
    request.path.endsWith('/uts/lines') ? { lines } : { id: ORDER_ID, status: 'shipped' };
}

/** What was posted; the dialog's GET of the tracked lines left out. A live view of `sent`. */
function posts<T extends { method: string }>(sent: T[]) {
  return new Proxy(sent, {
    get: (target, key) =>
      Reflect.get(
        target.filter((r) => r.method !== 'GET'),
        key,
      ),
  });
}

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
  const sent = posts(fakeNetwork(answer()));
  const { dialog, onClose } = openDialog();
  await userEvent.click(within(dialog).getByRole('button', { name: f.ship }));
  await waitFor(() => expect(within(dialog).getAllByText(f.shipMissing)).toHaveLength(2));
  expect(sent).toEqual([]);
  expect(onClose).not.toHaveBeenCalled();
});

it('refuses a tracking number of the wrong shape with its Turkish message, and sends nothing', async () => {
  const sent = posts(fakeNetwork(answer()));
  const { dialog } = openDialog();
  await userEvent.selectOptions(within(dialog).getByLabelText(f.cargoCompany), 'aras');
  await userEvent.type(within(dialog).getByLabelText(f.trackingNumber), 'ABC 12');
  await userEvent.click(within(dialog).getByRole('button', { name: f.ship }));
  await within(dialog).findByText(f.trackingInvalid);
  expect(within(dialog).queryByText(f.shipMissing)).toBeNull();
  expect(sent).toEqual([]);
});

it('posts the carrier and the trimmed tracking number to the ship endpoint, then closes', async () => {
  const sent = posts(fakeNetwork(answer()));
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

it('asks a tracked line for its units: a wrong GTIN is refused, scans fill rows and add up, then the units are posted', async () => {
  const network = fakeNetwork(answer([lensLine]));
  const { dialog, onClose } = openDialog();
  await userEvent.selectOptions(within(dialog).getByLabelText(f.cargoCompany), 'aras');
  await userEvent.type(within(dialog).getByLabelText(f.trackingNumber), 'ARS-12345');
  const scanField = await within(dialog).findByLabelText(utsMessages.dialog.scanLabel(lensLine.productName));
  expect(within(dialog).getByText(utsMessages.dialog.count(0, 3))).toBeTruthy();

  // Sending without units says what is missing and sends nothing.
  await userEvent.click(within(dialog).getByRole('button', { name: f.ship }));
  await within(dialog).findByText(utsMessages.ship.unitsMissing(lensLine.productName));

  const gtin = toGtin14(BARCODE);
  await userEvent.type(scanField, '(01)04006381333931(10)L1{Enter}');
  await within(dialog).findByText(utsMessages.ship.gtinMismatch(lensLine.productName));
  await userEvent.clear(scanField);
  await userEvent.type(scanField, `]d201${gtin}17281200` + '10LOT7{Enter}');
  await userEvent.type(scanField, `01${gtin}10LOT7{Enter}`);
  await userEvent.type(scanField, `(01)${gtin}(21)SN9{Enter}`);
  expect(within(dialog).getByText(utsMessages.dialog.count(3, 3))).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: f.ship }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(network.filter((r) => r.method === 'POST')).toEqual([
    {
      method: 'POST',
      path: `/api/orders/${ORDER_ID}/ship`,
      body: {
        cargoCompany: 'aras',
        trackingNumber: 'ARS-12345',
        utsUnits: [
          {
            orderLineId: LINE_ID,
            units: [
              { gtin, lot: 'LOT7', expiry: '2028-12-31', quantity: 2 },
              { gtin, serial: 'SN9', quantity: 1 },
            ],
          },
        ],
      },
    },
  ]);
});
