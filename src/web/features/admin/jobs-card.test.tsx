// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import type { JobsOverview } from '#shared/schemas/jobs.ts';
import { JobsCard } from './jobs-card.tsx';

const j = adminMessages.jobs;
const failedJobId = '5f0c7d1e-8d1a-4f43-9a57-3c1f2b6f9a10';

const overview: JobsOverview = {
  running: true,
  queues: [
    {
      name: 'payouts',
      waiting: 0,
      active: 0,
      failed: 1,
      lastCompletedAt: null,
      lastError: {
        jobId: failedJobId,
        state: 'failed',
        message: 'Banka yanıt vermedi',
        at: '2026-01-15T09:00:00.000Z',
      },
    },
    {
      name: 'mail-delivery',
      waiting: 2,
      active: 1,
      failed: 0,
      lastCompletedAt: '2026-01-15T09:00:00.000Z',
      lastError: null,
    },
  ],
};

const calls: { method: string; url: string }[] = [];

/** The network boundary: answers as the server does, and records what the card asked. */
function fakeFetch(input: RequestInfo | URL, init?: RequestInit) {
  const url = String(input);
  const method = init?.method ?? 'GET';
  calls.push({ method, url });
  const json = (body: unknown, status = 200) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  if (method === 'GET' && url === '/api/admin/jobs') return json(overview);
  if (method === 'POST' && url === '/api/admin/jobs/payouts/run') return json({ message: j.queued });
  if (method === 'POST' && url === `/api/admin/jobs/payouts/${failedJobId}/retry`) return json({ message: j.retried });
  return json({ error: { code: 'NOT_FOUND', message: 'yok' } }, 404);
}

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <JobsCard />
    </QueryClientProvider>,
  );
}

it('shows each job in Turkish with its queue, its last run and its last error', async () => {
  renderCard();
  const payouts = (await screen.findByText(j.labels.payouts)).closest('li')!;
  expect(within(payouts).getByText(`${j.failed}: 1`)).toBeTruthy();
  expect(within(payouts).getByText(`${j.lastRun}: ${j.never}`, { exact: false })).toBeTruthy();
  expect(payouts.textContent).toContain('Banka yanıt vermedi');
  const mail = screen.getByText(j.labels['mail-delivery']).closest('li')!;
  expect(within(mail).getByText(`${j.waiting}: 2`)).toBeTruthy();
  // Only a failed run can be retried.
  expect(within(mail).queryByRole('button', { name: `${j.retryNow}: ${j.labels['mail-delivery']}` })).toBeNull();
});

it('runs a job now and retries a failed run from the keyboard', async () => {
  const user = userEvent.setup();
  renderCard();
  const run = await screen.findByRole('button', { name: `${j.runNow}: ${j.labels.payouts}` });
  run.focus();
  await user.keyboard('{Enter}');
  await user.click(screen.getByRole('button', { name: `${j.retryNow}: ${j.labels.payouts}` }));
  await vi.waitFor(() =>
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/admin/jobs/payouts/run',
      `/api/admin/jobs/payouts/${failedJobId}/retry`,
    ]),
  );
});

it('says so when the server runs no background jobs', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ running: false, queues: [] }), { status: 200 }))),
  );
  renderCard();
  expect(await screen.findByText(j.notRunning)).toBeTruthy();
});
