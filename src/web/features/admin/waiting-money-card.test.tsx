// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { adminOrderMessages } from '#shared/messages/admin-orders.tr.ts';
import type { AdminWaitingMoney } from '#shared/schemas/admin-orders.ts';
import { WaitingMoneyCard } from './waiting-money-card.tsx';

const w = adminOrderMessages.waiting;
const paymentId = '5f0c7d1e-8d1a-4f43-9a57-3c1f2b6f9a10';
const groupId = '0b7c6a52-6a43-4a55-9d4e-3f1f5d3f0c11';

const waiting: AdminWaitingMoney = {
  payments: [
    {
      id: paymentId,
      groupId,
      amountKurus: 125_050,
      status: 'pending',
      unknownSince: '2026-01-15T09:00:00.000Z',
      checkAttempts: 10,
      nextCheckAt: '2026-01-15T15:00:00.000Z',
      needsAttention: true,
    },
  ],
  refunds: [
    {
      id: '7a1f6b0e-4c55-4a3b-9e0f-1b2c3d4e5f60',
      orderId: '8b2f7c1f-5d66-4b4c-8f10-2c3d4e5f6a71',
      orderNumber: 'OS-2026-000123',
      amountKurus: 1_000,
      status: 'pending',
      isSent: true,
      attempts: 1,
      createdAt: '2026-01-15T09:00:00.000Z',
      nextAttemptAt: '2026-01-15T09:01:00.000Z',
      lastError: 'refund timed out',
      needsAttention: false,
    },
  ],
  voids: [],
  payoutMismatches: [
    {
      paymentId,
      orderId: '8b2f7c1f-5d66-4b4c-8f10-2c3d4e5f6a71',
      expectedKurus: 97_500,
      providerKurus: 100_000,
      capturedAt: '2026-01-15T09:00:00.000Z',
    },
  ],
};

function fakeFetch(input: RequestInfo | URL) {
  const body = String(input) === '/api/admin/payments/waiting' ? waiting : { error: { code: 'NOT_FOUND' } };
  return Promise.resolve(
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
}

beforeEach(() => vi.stubGlobal('fetch', vi.fn(fakeFetch)));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <WaitingMoneyCard />
    </QueryClientProvider>,
  );
}

it('lists what waits on the provider in Turkish tables with amount, attempts, state and a warning', async () => {
  renderCard();
  const payments = await screen.findByRole('table', { name: w.payments });
  const row = within(payments).getByRole('row', { name: new RegExp(w.payment(paymentId)) });
  expect(row.textContent).toContain(w.paymentPending);
  expect(row.textContent).toContain(w.needsAttention);
  expect(row.textContent).toContain('10');
  const refunds = screen.getByRole('table', { name: w.refunds });
  const refund = within(refunds).getByRole('row', { name: /OS-2026-000123/ });
  expect(refund.textContent).toContain(w.refundSent);
  expect(refund.textContent).toContain('refund timed out');
  expect(screen.queryByRole('table', { name: w.voids })).toBeNull();
  // A seller payout at the provider that differs from our books: what it pays, what we book.
  const mismatch = within(screen.getByRole('table', { name: w.payoutMismatches })).getByRole('row', {
    name: new RegExp(w.payment(paymentId)),
  });
  expect(mismatch.textContent).toContain('₺1.000,00');
  expect(mismatch.textContent).toContain(w.payoutMismatch('₺975,00'));
  expect(mismatch.textContent).toContain(w.needsAttention);
});

it('says so when nothing waits', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ payments: [], refunds: [], voids: [], payoutMismatches: [] }), { status: 200 }),
      ),
    ),
  );
  renderCard();
  expect(await screen.findByText(w.empty)).toBeTruthy();
});
