// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { withholdingMessages } from '#shared/messages/withholding.tr.ts';
import type { WithholdingReport } from '#shared/schemas/withholding.ts';
import { WithholdingReportCard } from './withholding-report.tsx';

const w = withholdingMessages.report;

const report: WithholdingReport = {
  month: '2026-01',
  rows: [
    {
      sellerId: 'seller-a',
      storeTitle: 'Satıcı A Optik Ltd. Şti.',
      taxNumber: '1234567890',
      grossKurus: 120_000,
      baseKurus: 100_000,
      withheldKurus: 1_000,
    },
  ],
  totals: { grossKurus: 120_000, baseKurus: 100_000, withheldKurus: 1_000 },
};

const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const body = String(input).endsWith('month=2026-01') ? report : { ...report, month: '2026-02', rows: [] };
  return Promise.resolve(
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

it('shows the month’s withholding per seller with its totals, and asks again for another month', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WithholdingReportCard />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText(w.month), { target: { value: '2026-01' } });
  const table = await screen.findByRole('table', { name: w.title });
  const row = within(table).getByRole('row', { name: /Satıcı A Optik/ });
  expect(row.textContent).toContain('1234567890');
  expect(row.textContent).toContain('₺1.200,00');
  expect(row.textContent).toContain('₺1.000,00');
  expect(row.textContent).toContain('₺10,00');
  expect(within(table).getByRole('row', { name: new RegExp(w.total) }).textContent).toContain('₺10,00');

  fireEvent.change(screen.getByLabelText(w.month), { target: { value: '2026-02' } });
  await waitFor(() => expect(screen.getByText(w.empty)).toBeTruthy());
  expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/admin/reports/withholding?month=2026-02');
});
