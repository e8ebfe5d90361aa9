import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { createUser, signIn } from '../../../../test/factories.ts';
import { connectSse } from '../../../../test/sse-client.ts';
import { checkoutBody, createMarket, payWithSandbox, postCheckout } from '../../../../test/trading.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';

const TOKEN = 'metrics-token-for-the-scraper-0123456789';

/** The value of the sample `name` whose labels include `labels` (in any order), or null when there is none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Set((match[2] ?? '').split(',').filter(Boolean));
    if (Object.entries(labels).every(([key, value]) => present.has(`${key}="${value}"`))) return Number(match[3]);
  }
  return null;
}

describeEachDatabase('GET /metrics', (kind) => {
  const t = useTestApp(kind, { env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_MAX: '100000' } });
  const scrape = (remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers the machine itself, and another host only with the token', async () => {
    const local = await scrape();
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    expect(local.headers['cache-control']).toBe('no-store');

    const stranger = await scrape('203.0.113.7');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ error: { code: 'FORBIDDEN', message: messages.errors.FORBIDDEN } });
    expect((await scrape('203.0.113.7', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(403);
    expect((await scrape('203.0.113.7', { authorization: TOKEN })).statusCode).toBe(403);
    expect((await scrape('203.0.113.7', { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
  });

  it('counts requests per matched route with their status, and times them', async () => {
    const health = { method: 'GET', route: '/api/health', status: '200' };
    const before = sample((await scrape()).body, 'optistok_http_requests_total', health) ?? 0;
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const text = (await scrape()).body;
    expect(sample(text, 'optistok_http_requests_total', health)).toBe(before + 3);
    expect(
      sample(text, 'optistok_http_request_duration_seconds_count', { method: 'GET', route: '/api/health' }),
    ).toBeGreaterThanOrEqual(3);
    // An id in the path is the route's pattern, never the id itself.
    await t.app.inject({ method: 'GET', url: `/api/orders/${randomUUID()}` });
    const after = (await scrape()).body;
    expect(after).toContain('route="/api/orders/:id"');
    expect(after).toContain('optistok_process_resident_memory_bytes');
  });

  it('reports the mail backlog, payments by state, provider jobs and open event streams', async () => {
    const db = t.database.db;
    const scrapeText = async () => (await scrape()).body;

    const pendingBefore = sample(await scrapeText(), 'optistok_mail_outbox', { status: 'pending' }) ?? 0;
    await enqueueEmail(
      db,
      'magaza@ornek-optik.com.tr',
      { subject: 'Deneme', text: 'Deneme', html: '<p>Deneme</p>', template: 'test' },
      t.clock.now(),
    );
    expect(sample(await scrapeText(), 'optistok_mail_outbox', { status: 'pending' })).toBe(pendingBefore + 1);

    const succeededBefore = sample(await scrapeText(), 'optistok_payments', { status: 'succeeded' }) ?? 0;
    const m = await createMarket(db);
    const buyer = await signIn(t, m.buyer);
    const placed = (
      await postCheckout(
        t,
        buyer,
        randomUUID(),
        await checkoutBody(t, buyer, [{ listingId: m.listingA.id, quantity: 1 }]),
      )
    ).json() as CheckoutResult;
    expect((await payWithSandbox(t, buyer, placed.paymentUrl)).statusCode).toBe(303);
    const text = await scrapeText();
    expect(sample(text, 'optistok_payments', { status: 'succeeded' })).toBe(succeededBefore + 1);
    expect(sample(text, 'optistok_payments', { status: 'failed' })).not.toBeNull();
    expect(sample(text, 'optistok_provider_jobs', { kind: 'refund', status: 'failed' })).not.toBeNull();

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const member = await signIn(t, await createUser(db));
    const stream = await connectSse(url, { cookie: member });
    try {
      expect(sample(await scrapeText(), 'optistok_event_streams_open')).toBe(1);
    } finally {
      stream.close();
    }
    if (kind === 'postgres') {
      expect(sample(await scrapeText(), 'optistok_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    } else {
      expect(await scrapeText()).not.toContain('optistok_db_pool_connections');
    }
  });
});
