// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { statementMessages } from '#shared/messages/statements.tr.ts';
import type { Statement } from '#shared/schemas/statements.ts';
import { formatStatementMonth } from '#shared/statement-lines.ts';
import { StatementView, statementMonths } from './statement-view.tsx';

const sm = statementMessages;
const [thisMonth, lastMonth] = statementMonths();

const statementOf = (month: string): Statement => ({
  month,
  storeTitle: 'Satıcı A Optik Ltd. Şti.',
  taxNumber: '1234567890',
  salesKurus: 1_234_567,
  refundsKurus: 10_001,
  releasedKurus: 900_000,
  commissionKurus: 72_000,
  commissionVatKurus: 12_000,
  commissionVat: [{ vatRateBp: 2000, commissionKurus: 72_000, vatKurus: 12_000 }],
  withholdingKurus: 7_500,
  withholdingBaseKurus: 750_000,
  payoutsKurus: 500_000,
  openingEscrowKurus: 100_000,
  openingPayableKurus: 5_000,
  openingBalanceKurus: 105_000,
  closingEscrowKurus: 424_566,
  closingPayableKurus: 325_500,
  closingBalanceKurus: 750_066,
  purchasesPaidKurus: 250_000,
  purchasesRefundedKurus: 50_000,
});

const fetchMock = vi.fn((input: RequestInfo | URL) => {
  const month = String(input).split('/').at(-1)!;
  return Promise.resolve(
    new Response(JSON.stringify(statementOf(month)), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function Harness() {
  const [month, setMonth] = useState(lastMonth!);
  return <StatementView month={month} onMonthChange={setMonth} />;
}

it('shows the month’s figures with signed movements and balances, downloads CSV and PDF, and asks again for another month', async () => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  const table = await screen.findByRole('table', { name: `${sm.title} — ${formatStatementMonth(lastMonth!)}` });
  const row = (label: string) => within(table).getByRole('row', { name: new RegExp(label.replace(/[()]/g, '\\$&')) });
  expect(row(sm.rows.openingBalance).textContent).toContain('₺1.050,00');
  expect(row(sm.rows.sales).textContent).toContain('₺12.345,67');
  expect(row(sm.rows.refunds).textContent).toContain('-₺100,01');
  expect(row(sm.rows.commission).textContent).toContain('-₺720,00');
  expect(row(sm.commissionVatRate('20')).textContent).toContain('₺120,00');
  expect(row(sm.rows.withholding).textContent).toContain('-₺75,00');
  expect(row(sm.rows.payouts).textContent).toContain('-₺5.000,00');
  expect(row(sm.rows.closingBalance).textContent).toContain('₺7.500,66');
  expect(screen.getByText('Satıcı A Optik Ltd. Şti.')).toBeTruthy();
  const purchases = screen.getByRole('table', {
    name: `${sm.purchases.title} — ${formatStatementMonth(lastMonth!)}`,
  });
  expect(within(purchases).getByRole('row', { name: new RegExp(sm.purchases.refunded) }).textContent).toContain(
    '-₺500,00',
  );
  expect(within(purchases).getByRole('row', { name: new RegExp(sm.purchases.net) }).textContent).toContain('₺2.000,00');

  const csv = screen.getByRole('link', { name: sm.downloadCsv });
  const pdf = screen.getByRole('link', { name: sm.downloadPdf });
  expect(csv.getAttribute('href')).toBe(`/api/me/statements/${lastMonth}/csv`);
  expect(pdf.getAttribute('href')).toBe(`/api/me/statements/${lastMonth}/pdf`);

  const picker = screen.getByLabelText(sm.month) as HTMLSelectElement;
  expect(picker.options).toHaveLength(24);
  expect(picker.options[0]!.textContent).toBe(formatStatementMonth(thisMonth!));
  fireEvent.change(picker, { target: { value: thisMonth } });
  await screen.findByRole('table', { name: `${sm.title} — ${formatStatementMonth(thisMonth!)}` });
  await waitFor(() =>
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`/api/me/statements/${thisMonth}`),
  );
  expect(screen.getByRole('link', { name: sm.downloadPdf }).getAttribute('href')).toBe(
    `/api/me/statements/${thisMonth}/pdf`,
  );
});
