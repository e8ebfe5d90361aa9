import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { OrderLine } from '#shared/schemas/orders.ts';

/** A request the component sent: method, path with query, and JSON or multipart body (if any). */
export interface SentRequest {
  method: string;
  path: string;
  body: unknown;
}

/** A multipart body as its fields, each file as `file:<name>` (null for any other body). */
function formFields(body: RequestInit['body']) {
  if (!(body instanceof FormData)) return null;
  return Object.fromEntries(
    [...body.entries()].map(([key, value]) => [key, value instanceof File ? `file:${value.name}` : value]),
  );
}

/**
 * Stands in for the network (not our server): answers each request with `answer(request)` as JSON
 * and records what was sent. Installed as the global `fetch`; restore with `vi.unstubAllGlobals()`.
 */
export function fakeNetwork(answer: (request: SentRequest) => unknown) {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const request = {
      method: init.method ?? 'GET',
      path: input,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : formFields(init.body),
    };
    sent.push(request);
    return new Response(JSON.stringify(answer(request)), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return sent;
}

/** Renders with a real QueryClient (no retries) and a router at `address`, as the app does. */
export function withProviders(ui: ReactNode, address = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>{ui}</MemoryRouter>
    </QueryClientProvider>
  );
}

/**
 * Order line `n` as the server answers it (one Ray-Ban frame), as on an order placed before
 * per-line VAT (decision 039): no VAT of its own, so the order shows one VAT row.
 */
export function orderLine(n: number): OrderLine {
  return {
    id: `10000000-0000-4000-8000-00000000000${n}`,
    listingId: null,
    productId: null,
    marka: 'Ray-Ban',
    modelKodu: `RB${n}000`,
    productName: 'Güneş gözlüğü',
    barcode: null,
    thumbnailUrl: null,
    unitPriceKurus: 100_000,
    vatRateBp: 1800,
    quantity: 1,
    lineTotalKurus: 118_000,
    vatKurus: null,
  };
}
