// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { adminOrderMessages } from '#shared/messages/admin-orders.tr.ts';
import type { AdminWaitingMoney } from '#shared/schemas/admin-orders.ts';
import { renderScreen } from '../../lib/test-support/render.tsx';
import { WaitingMoneyCard } from './waiting-money-card.tsx';

const w = adminOrderMessages.waiting;
const a = w.actions;
const paymentId = '5f0c7d1e-8d1a-4f43-9a57-3c1f2b6f9a10';
const groupId = '0b7c6a52-6a43-4a55-9d4e-3f1f5d3f0c11';
const failedRefundId = '9c3a8d2f-6e77-4c5d-8a21-3d4e5f6a7b82';
const voidPaymentId = '1d2e3f4a-5b6c-4d7e-8f90-a1b2c3d4e5f6';

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
    {
      id: failedRefundId,
      orderId: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7',
      orderNumber: 'OS-2026-000124',
      amountKurus: 2_500,
      status: 'failed',
      isSent: false,
      attempts: 8,
      createdAt: '2026-01-15T09:00:00.000Z',
      nextAttemptAt: '2026-01-15T10:00:00.000Z',
      lastError: 'provider down',
      needsAttention: true,
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

/** What the server lists (each test starts from `waiting`). */
let listed: AdminWaitingMoney = waiting;
/** What the card asked the server, in order. */
const calls: { method: string; url: string }[] = [];
/** The answer to a POST (an action): the server's Turkish line, or its refusal. */
let actionAnswer: { status: number; body: unknown } = { status: 200, body: { message: 'ok' } };

/** The network boundary: answers as the server does, and records what the card asked. */
function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const url = String(input);
  const method = init?.method ?? 'GET';
  calls.push({ method, url });
  const json = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  if (method === 'GET' && url === '/api/admin/payments/waiting') return json(listed);
  if (method === 'POST') return json(actionAnswer.body, actionAnswer.status);
  return json({ error: { code: 'NOT_FOUND', message: 'yok' } }, 404);
}

beforeEach(() => {
  calls.length = 0;
  listed = waiting;
  actionAnswer = { status: 200, body: { message: 'ok' } };
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  return renderScreen(<WaitingMoneyCard />);
}

const answerWith = (message: string) => {
  actionAnswer = { status: 200, body: { message } };
};
const posts = () => calls.filter((c) => c.method === 'POST').map((c) => c.url);
const waitingReads = () => calls.filter((c) => c.method === 'GET' && c.url === '/api/admin/payments/waiting').length;

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

it('gives each row its action, named after the row: ask a payment now, retry a failed refund, mark a mismatch reviewed', async () => {
  const user = userEvent.setup();
  renderCard();
  const payments = await screen.findByRole('table', { name: w.payments });
  const check = within(payments).getByRole('button', { name: a.checkNowLabel(w.payment(paymentId)) });
  expect(check.textContent).toBe(a.checkNow);
  const refunds = screen.getByRole('table', { name: w.refunds });
  // A refund still in line has no button; the one the job gave up on does.
  const pendingRefund = within(refunds).getByRole('row', { name: /OS-2026-000123/ });
  expect(within(pendingRefund).queryByRole('button')).toBeNull();
  const retry = within(refunds).getByRole('button', { name: a.retryRefundLabel('OS-2026-000124') });
  const mismatches = screen.getByRole('table', { name: w.payoutMismatches });
  const review = within(mismatches).getByRole('button', { name: a.reviewLabel(w.payment(paymentId)) });

  // Each answer (the server's Turkish line) is a toast. From the keyboard as well as the mouse.
  answerWith(a.checkRequested);
  check.focus();
  await user.keyboard('{Enter}');
  expect(await screen.findByText(a.checkRequested)).toBeTruthy();
  answerWith(a.providerJobRetried);
  await user.click(retry);
  expect(await screen.findByText(a.providerJobRetried)).toBeTruthy();
  answerWith(a.mismatchReviewed);
  await user.click(review);
  expect(await screen.findByText(a.mismatchReviewed)).toBeTruthy();
  expect(posts()).toEqual([
    `/api/admin/payments/${paymentId}/check`,
    `/api/admin/provider-jobs/${failedRefundId}/retry`,
    `/api/admin/payments/${paymentId}/payout-mismatch/review`,
  ]);
  // The list is read again after each action.
  await vi.waitFor(() => expect(waitingReads()).toBeGreaterThanOrEqual(4));
});

it('retries a void from its row, and shows the server’s refusal in a toast', async () => {
  listed = {
    payments: [],
    refunds: [],
    voids: [
      {
        paymentId: voidPaymentId,
        groupId,
        amountKurus: 50_000,
        status: 'failed',
        attempts: 8,
        capturedAt: '2026-01-15T09:00:00.000Z',
        nextAttemptAt: null,
        lastError: 'cancel timed out',
        needsAttention: true,
      },
    ],
    payoutMismatches: [],
  };
  actionAnswer = { status: 409, body: { error: { code: 'CONFLICT', message: w.errors.voidNotRetryable } } };
  const user = userEvent.setup();
  renderCard();
  const voids = await screen.findByRole('table', { name: w.voids });
  await user.click(within(voids).getByRole('button', { name: a.retryVoidLabel(w.payment(voidPaymentId)) }));
  await vi.waitFor(() => expect(posts()).toEqual([`/api/admin/payments/${voidPaymentId}/void/retry`]));
  expect(await screen.findByText(a.failed)).toBeTruthy();
  expect(await screen.findByText(w.errors.voidNotRetryable)).toBeTruthy();
});
