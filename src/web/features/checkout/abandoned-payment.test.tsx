// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useReleaseAbandonedPayment } from './abandoned-payment.ts';
import { peekPendingPayment, rememberPendingPayment, saveAttempt } from './pending-payment.ts';

const GROUP_ID = '7d1c2b0e-4f7a-4c39-9a55-2f1d7f0c9e11';

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Stands in for the network (not our server): answers every request with `status`, and records them. */
function network(status: number, code = 'CONFLICT') {
  const sent: { method: string; path: string }[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    sent.push({ method: init.method ?? 'GET', path: input });
    const body = status === 200 ? { message: 'ok' } : { error: { code, message: 'x' } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}

function Cart() {
  useReleaseAbandonedPayment();
  return null;
}

function openCart() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/sepet']}>
        <Routes>
          <Route path="/sepet" element={<Cart />} />
          <Route path="/odeme/sonuc/:groupId" element={<p>Sonuç sayfası</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

it('back in the cart, the checkout this tab left at the bank is cancelled and forgotten', async () => {
  rememberPendingPayment({ groupId: GROUP_ID, listingIds: ['a'] });
  saveAttempt({ key: 'k', fingerprint: 'f' });
  const sent = network(200);
  openCart();
  await waitFor(() => expect(peekPendingPayment()).toBeNull());
  expect(sent).toEqual([{ method: 'POST', path: `/api/checkout/groups/${GROUP_ID}/cancel` }]);
  expect(window.sessionStorage.getItem('checkout:attempt')).toBeNull();
});

it('a checkout settled meanwhile (409) is forgotten too; without one nothing is sent', async () => {
  rememberPendingPayment({ groupId: GROUP_ID, listingIds: ['a'] });
  network(409);
  openCart();
  await waitFor(() => expect(peekPendingPayment()).toBeNull());
  cleanup();
  const sent = network(200);
  openCart();
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sent).toEqual([]);
});

it('a network failure keeps it for the next visit', async () => {
  rememberPendingPayment({ groupId: GROUP_ID, listingIds: ['a'] });
  const sent = network(503);
  openCart();
  await waitFor(() => expect(sent).toHaveLength(1));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(peekPendingPayment()).toEqual({ groupId: GROUP_ID, listingIds: ['a'] });
});

it('a payment the bank is still being asked about is kept, and the buyer is taken to its result page', async () => {
  rememberPendingPayment({ groupId: GROUP_ID, listingIds: ['a'] });
  network(409, 'REQUEST_IN_PROGRESS');
  openCart();
  expect(await screen.findByText('Sonuç sayfası')).toBeTruthy();
  expect(peekPendingPayment()).toEqual({ groupId: GROUP_ID, listingIds: ['a'] });
});
