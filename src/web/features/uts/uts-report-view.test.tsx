// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { utsMessages } from '#shared/messages/uts.tr.ts';
import type { UtsReport } from '#shared/schemas/uts.ts';
import { renderScreen } from '../../lib/test-support/render.tsx';
import { UtsReportView } from './uts-report-view.tsx';

const p = utsMessages.page;
const ORDER_ID = '0b7c8f1e-3a52-4c1e-9d0e-5f7a1b2c3d4e';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function row(n: number, fields: Partial<UtsReport['rows'][number]> = {}): UtsReport['rows'][number] {
  return {
    id: `10000000-0000-4000-8000-00000000000${n}`,
    orderId: ORDER_ID,
    orderNumber: 'OS-2026-000123',
    shippedAt: '2026-11-20T09:00:00.000Z',
    counterpartyTitle: 'Seyhan Optik Ltd. Şti.',
    counterpartyUtsNumber: '2481000000055',
    productName: 'Günlük Kontakt Lens',
    gtin: '08690000000017',
    lot: 'LOT7',
    serial: null,
    expiry: '2028-12-31',
    quantity: 2,
    notifiedAt: null,
    ...fields,
  };
}

/** The server: the month's rows until the tick, then the rows ticked. */
function fakeServer() {
  const sent: { method: string; path: string }[] = [];
  let notifiedAt: string | null = null;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, path });
    if (method === 'POST') notifiedAt = '2026-11-21T10:00:00.000Z';
    const body =
      method === 'POST'
        ? { orderId: ORDER_ID, side: 'verme', notifiedAt }
        : {
            month: '2026-11',
            side: 'verme',
            rows: [row(1, { notifiedAt }), row(2, { lot: null, serial: 'SN9', quantity: 1, notifiedAt })],
          };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

it('lists the units with the buyer’s ÜTS number, links the month’s CSV and ticks the order once', async () => {
  const sent = fakeServer();
  renderScreen(<UtsReportView side="verme" />);
  const table = await screen.findByRole('table');
  const rows = within(table).getAllByRole('row');
  expect(rows).toHaveLength(3);
  expect(rows[1]!.textContent).toContain('2481000000055');
  expect(rows[1]!.textContent).toContain(p.lot('LOT7'));
  expect(rows[2]!.textContent).toContain(p.serial('SN9'));
  const month = (screen.getByLabelText(p.month) as HTMLInputElement).value;
  expect(screen.getByRole('link', { name: p.downloadCsv }).getAttribute('href')).toBe(
    `/api/me/uts/verme.csv?ay=${month}`,
  );
  // One button per order, not per row.
  const tick = screen.getByRole('button', { name: p.markNotifiedLabel('OS-2026-000123') });
  expect(screen.getAllByRole('button', { name: /ÜTS’ye bildirdim/ })).toHaveLength(1);
  await userEvent.click(tick);
  await waitFor(() => expect(screen.getAllByText(/^Bildirildi/)).toHaveLength(2));
  expect(sent.filter((r) => r.method === 'POST')).toEqual([
    { method: 'POST', path: `/api/orders/${ORDER_ID}/uts/bildirildi` },
  ]);
});
