import { paymentPageMessages } from '#shared/messages/payment-pages.tr.ts';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '../../test/eventually.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import { createTestDatabase, describeOnPostgres, type TestDatabase } from '../../test/db.ts';
import { startServer, type ServerProcess } from '../../test/server-process.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { connectSse } from '../../test/sse-client.ts';
import { createMarket, deliveryAddress, SUCCESS_CARD } from '../../test/trading.ts';
import { createUser } from '../../test/factories.ts';
import { eq } from 'drizzle-orm';
import { users } from './db/schema/users.ts';
import { publishAccessChanged } from './lib/live-events.ts';
import { enqueueEmails } from './lib/mailer/outbox.ts';
import { passwordResetEmail } from './lib/mailer/templates.ts';
import { formBody, formHeaders, readPostForm } from './lib/payments/payment-test-helpers.ts';

/** Both instances answer as one site behind a proxy: the same APP_URL, so the same origin. */
const ORIGIN = 'http://127.0.0.1';

/** A member's fetch against one instance, as the browser sends it (cookie, origin on changes). */
function client(base: string, cookie = '') {
  return (path: string, init: { method?: string; body?: object; headers?: Record<string, string> } = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.method && init.method !== 'GET' ? { origin: ORIGIN } : {}),
        ...(cookie ? { cookie } : {}),
        ...init.headers,
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
}

/** Polls until the call answers `status`; a revocation must reach the other instance within a second. */
async function answersWithinASecond(call: () => Promise<Response>, status: number) {
  const until = Date.now() + 1_000;
  for (;;) {
    const res = await call();
    if (res.status === status) return;
    if (Date.now() > until) throw new Error(`still ${res.status}, not ${status}, a second later`);
    await sleep(20);
  }
}

async function signInAt(base: string, user: { email: string; password: string }) {
  const res = await client(base)('/api/auth/sign-in', { method: 'POST', body: user });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describeOnPostgres('two app instances on one database', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  const servers: ServerProcess[] = [];
  let a: string;
  let b: string;

  function start() {
    const server = startServer({
      DATABASE_URL: database.url!,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      APP_URL: ORIGIN,
      SMTP_URL: smtp.url,
      RATE_LIMIT_MAX: '100000',
    });
    servers.push(server);
    return server;
  }
  const listening = async (server: ServerProcess) =>
    (await server.waitForStdout(/listening on (http:\/\/127\.0\.0\.1:\d+)/))[1]!;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    smtp = await startSmtpServer();
    const [first, second] = [start(), start()];
    [a, b] = await Promise.all([listening(first!), listening(second!)]);
  }, 90_000);

  afterAll(async () => {
    for (const server of servers) server.kill();
    await Promise.all(servers.map((s) => s.exited));
    await smtp?.close();
    await database?.close();
  });

  it('a checkout started on one instance is paid on the other, and the seller hears of it on the first', async () => {
    const m = await createMarket(database.db);
    const buyerOnA = client(a, await signInAt(a, m.buyer));
    const sellerStream = await connectSse(a, { cookie: await signInAt(a, m.sellerA) });
    try {
      await sellerStream.waitFor((e) => e.event === 'ready');
      const lines = [{ listingId: m.listingA.id, quantity: 1 }];
      const quote = (await (
        await buyerOnA('/api/cart/quote', { method: 'POST', body: { lines, installments: 1 } })
      ).json()) as { price: { chargedKurus: number }; lines: { unitPriceKurus: number }[] };
      const placed = await buyerOnA('/api/checkout', {
        method: 'POST',
        headers: { 'idempotency-key': randomUUID() },
        body: {
          lines: [{ ...lines[0], seenUnitPriceKurus: quote.lines[0]!.unitPriceKurus }],
          shippingAddress: deliveryAddress,
          paymentMethod: 'card',
          installments: 1,
          expectedChargedKurus: quote.price.chargedKurus,
        },
      });
      expect(placed.status).toBe(201);
      const { groupId, paymentUrl } = (await placed.json()) as CheckoutResult;

      // The same buyer's browser, now routed to B by the proxy: the bank's pages and its callback.
      const buyerOnB = client(b, await signInAt(b, m.buyer));
      const started = await buyerOnB(paymentUrl);
      expect(started.status).toBe(303);
      const cardUrl = new URL(started.headers.get('location')!, b);
      const card = await fetch(new URL(cardUrl.pathname + cardUrl.search, b), {
        method: 'POST',
        redirect: 'manual',
        headers: formHeaders,
        body: formBody({ cardHolder: 'Ayşe Yılmaz', cardNumber: SUCCESS_CARD, expiry: '12/30', cvc: '123' }),
      });
      expect(card.status).toBe(303);
      const threeDsUrl = new URL(card.headers.get('location')!, b);
      const threeDs = await fetch(new URL(threeDsUrl.pathname + threeDsUrl.search, b), {
        method: 'POST',
        headers: formHeaders,
        body: formBody({ code: '123456' }),
      });
      expect(threeDs.status).toBe(200);
      const callback = readPostForm(await threeDs.text(), paymentPageMessages.continue);
      const paid = await fetch(`${b}${new URL(callback.action).pathname}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...formHeaders, origin: 'https://bank.example' },
        body: formBody(callback.fields),
      });
      expect(paid.status).toBeLessThan(400);

      const status = (await (await buyerOnA(`/api/checkout/groups/${groupId}`)).json()) as { status: string };
      expect(status.status).toBe('paid');
      // The sale's notification was written by B; A's stream hears it through LISTEN/NOTIFY.
      await sellerStream.waitFor((e) => e.event === 'notification', 15_000);
    } finally {
      sellerStream.close();
    }
  });

  it('a session ended on one instance is ended on the other at once', async () => {
    const m = await createMarket(database.db);
    const cookie = await signInAt(a, m.buyer);
    const sessionUser = async (base: string) =>
      ((await (await client(base, cookie)('/api/auth/session')).json()) as { user: { id: string } | null }).user;
    expect((await sessionUser(b))?.id).toBe(m.buyer.id);
    const revoked = await client(b, cookie)('/api/me/sessions/revoke-all', { method: 'POST' });
    expect(revoked.status).toBeLessThan(300);
    expect((await sessionUser(a)) ?? null).toBeNull();
    expect((await client(a, cookie)('/api/me/profile')).status).toBe(401);
  });

  it('a session cached on both instances is refused by the other within a second of its end', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const adminOnA = client(a, await signInAt(a, admin));
    /** A member signed in on A whose session both instances have cached. */
    const cachedMember = async () => {
      const member = await createUser(database.db);
      const cookie = await signInAt(a, member);
      for (const base of [a, b]) expect((await client(base, cookie)('/api/me/profile')).status).toBe(200);
      return { member, onA: client(a, cookie), onB: client(b, cookie) };
    };

    const signedOut = await cachedMember();
    expect((await signedOut.onA('/api/auth/sign-out', { method: 'POST' })).status).toBe(204);
    await answersWithinASecond(() => signedOut.onB('/api/me/profile'), 401);

    const everywhere = await cachedMember();
    expect((await everywhere.onA('/api/me/sessions/revoke-all', { method: 'POST' })).status).toBeLessThan(300);
    await answersWithinASecond(() => everywhere.onB('/api/me/profile'), 401);

    const forced = await cachedMember();
    const reset = await adminOnA(`/api/admin/users/${forced.member.id}/force-password-reset`, {
      method: 'POST',
      body: { reason: 'Şüpheli giriş denemeleri' },
    });
    expect(reset.status).toBe(200);
    await answersWithinASecond(() => forced.onB('/api/me/profile'), 401);

    const promoted = await cachedMember();
    expect((await promoted.onB('/api/admin/users')).status).toBe(403);
    const changed = await adminOnA(`/api/admin/users/${promoted.member.id}/change-role`, {
      method: 'POST',
      body: { newRole: 'admin', reason: 'Operasyon ekibine katıldı' },
    });
    expect(changed.status).toBe(200);
    await answersWithinASecond(() => promoted.onB('/api/admin/users'), 200);

    // A ban has no screen yet; whatever writes one announces it in its transaction, as here.
    const banned = await cachedMember();
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ banned: true }).where(eq(users.id, banned.member.id));
      await publishAccessChanged(tx, [banned.member.id]);
    });
    await answersWithinASecond(() => banned.onA('/api/me/profile'), 403);
    await answersWithinASecond(() => banned.onB('/api/me/profile'), 403);
  });

  it('mail queued once is sent once, whichever instance wakes first', async () => {
    const tag = randomUUID().slice(0, 8);
    const addresses = Array.from({ length: 12 }, (_, i) => `ikiz-${tag}-${i}@ornek-optik.com.tr`);
    await enqueueEmails(
      database.db,
      addresses.map((to) => ({ to, email: passwordResetEmail({ name: 'Ayşe', resetUrl: `${ORIGIN}/reset` }) })),
      new Date(),
    );
    const ours = () => smtp.received.filter((mail) => JSON.stringify(mail.to ?? '').includes(tag));
    await eventually(() => ours().length >= addresses.length);
    // Both instances were woken by the commit; give a duplicate every chance to show up.
    await sleep(3_000);
    const sentTo = ours().map((mail) => JSON.stringify(mail.to));
    expect(sentTo).toHaveLength(addresses.length);
    expect(new Set(sentTo).size).toBe(addresses.length);
  });

  it('one instance shuts down quickly and cleanly, with a stream open; the other serves on', async () => {
    const m = await createMarket(database.db);
    const stream = await connectSse(a, { cookie: await signInAt(a, m.sellerA) });
    await stream.waitFor((e) => e.event === 'ready');
    const first = servers[0]!;
    const stopping = Date.now();
    first.child.kill('SIGTERM');
    const exit = await first.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopping).toBeLessThan(10_000);
    await stream.ended;
    expect(first.stdout() + first.stderr()).not.toMatch(/Cannot use a pool|timed out/);
    expect((await fetch(`${b}/api/health`)).status).toBe(200);
  });
});
