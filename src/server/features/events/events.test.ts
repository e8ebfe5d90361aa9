import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp, testEnv, type TestAppHandle } from '../../../../test/app.ts';
import { describeEachDatabase, describeOnPostgres } from '../../../../test/db.ts';
import { callApi, createUser, signIn } from '../../../../test/factories.ts';
import { connectSse, type SseConnection } from '../../../../test/sse-client.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, selectRows, type Database, type Db } from '../../db/client.ts';
import { notify } from '../notifications/notifications.service.ts';
import { CATCH_UP_LIMIT, MAX_STREAMS_PER_MEMBER } from './events.hub.ts';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function note(userId: string, title: string) {
  return { userId, type: 'order_shipped' as const, title, message: 'm', actionUrl: '/siparislerim' };
}

/** Writes one notification the way an event does: inside a transaction. */
async function writeNotification(db: Db, userId: string, title: string) {
  await db.transaction((tx) => notify(tx, [note(userId, title)], new Date()));
}

const isNotification = (e: { event: string }) => e.event === 'notification';
/** Waits until the stream has had `n` notification events. */
const notificationCount = (c: SseConnection, n: number) => c.waitFor(() => c.events.filter(isNotification).length >= n);

describeEachDatabase('events stream', (kind) => {
  const t: TestAppHandle = useTestApp(kind);
  let baseUrl: string;
  const open: SseConnection[] = [];
  beforeAll(async () => {
    baseUrl = await listen(t.app);
  });
  beforeEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  afterAll(() => {
    for (const c of open.splice(0)) c.close();
  });

  async function member() {
    const user = await createUser(t.database.db);
    return { id: user.id, cookie: await signIn(t, user) };
  }
  async function stream(options: Parameters<typeof connectSse>[1]) {
    const c = await connectSse(baseUrl, options);
    open.push(c);
    return c;
  }

  it('refuses visitors', async () => {
    const c = await stream({});
    expect(c.status).toBe(401);
  });

  it('is an unbuffered, uncompressed event stream that starts with its resume point', async () => {
    const user = await member();
    await writeNotification(t.database.db, user.id, 'before');
    const [{ seq }] = await selectRows<{ seq: string }>(
      t.database.db,
      sql`select max(seq)::text as seq from notifications where user_id = ${user.id}`,
    );
    const c = await stream({ cookie: user.cookie });
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(c.headers['cache-control']).toBe('no-cache, no-transform');
    expect(c.headers['x-accel-buffering']).toBe('no');
    expect(c.headers['content-encoding']).toBeUndefined();
    // The security headers go along although the response is written raw.
    expect(c.headers['x-content-type-options']).toBe('nosniff');
    const ready = await c.waitFor((e) => e.event === 'ready');
    expect(ready.id).toBe(seq);
    // A fresh stream does not replay history.
    expect(c.events.filter(isNotification)).toEqual([]);
  });

  it('delivers a committed notification to the member’s streams only, and nothing of a rolled-back one', async () => {
    const user = await member();
    const other = await member();
    const mine = await stream({ cookie: user.cookie });
    const theirs = await stream({ cookie: other.cookie });
    await mine.waitFor((e) => e.event === 'ready');
    await theirs.waitFor((e) => e.event === 'ready');

    await t.database.db
      .transaction(async (tx) => {
        await notify(tx, [note(user.id, 'rolled back')], new Date());
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await writeNotification(t.database.db, user.id, 'kept');

    const event = await mine.waitFor(isNotification);
    const data = JSON.parse(event.data) as { id: string; type: string };
    expect(data.type).toBe('order_shipped');
    const [row] = await selectRows<{ title: string; seq: string }>(
      t.database.db,
      sql`select title, seq::text as seq from notifications where id = ${data.id}`,
    );
    expect(row.title).toBe('kept');
    expect(event.id).toBe(row.seq);
    expect(mine.events.filter(isNotification)).toHaveLength(1);
    expect(theirs.events.filter(isNotification)).toEqual([]);
  });

  it('tells every tab when notifications are read elsewhere (a badge event)', async () => {
    const user = await member();
    const c = await stream({ cookie: user.cookie });
    await c.waitFor((e) => e.event === 'ready');
    const res = await callApi(t, 'POST', '/api/notifications/read-all', { cookie: user.cookie });
    expect(res.statusCode).toBe(204);
    const badge = await c.waitFor((e) => e.event === 'badge');
    expect(JSON.parse(badge.data)).toEqual({ topic: 'notifications' });
  });

  it('resumes after Last-Event-ID with exactly what was missed, oldest first', async () => {
    const user = await member();
    const first = await stream({ cookie: user.cookie });
    await first.waitFor((e) => e.event === 'ready');
    await writeNotification(t.database.db, user.id, 'seen');
    const seen = await first.waitFor(isNotification);
    first.close();
    await writeNotification(t.database.db, user.id, 'missed 1');
    await writeNotification(t.database.db, user.id, 'missed 2');

    const again = await stream({ cookie: user.cookie, lastEventId: seen.id! });
    await again.waitFor((e) => e.event === 'notification' && Number(e.id) > Number(seen.id));
    await notificationCount(again, 2);
    const ids = again.events.filter(isNotification).map((e) => JSON.parse(e.data).id as string);
    const titles = await selectRows<{ id: string; title: string }>(
      t.database.db,
      sql`select id, title from notifications where user_id = ${user.id} order by seq`,
    );
    expect(ids).toEqual(titles.filter((r) => r.title.startsWith('missed')).map((r) => r.id));
    // The query-string form (a page opening a new EventSource itself) resumes the same way.
    const viaQuery = await stream({ cookie: user.cookie, path: `/api/events?lastEventId=${seen.id}` });
    await notificationCount(viaQuery, 2);
  });

  it(`after more than ${CATCH_UP_LIMIT} missed, a resume says "resync" instead of replaying them`, async () => {
    const user = await member();
    const first = await stream({ cookie: user.cookie });
    const ready = await first.waitFor((e) => e.event === 'ready');
    first.close();
    // Another tab stays open: once it has them all, their NOTIFYs have reached the hub, so the
    // resume below meets them only in the table (the live path would send them however it reads).
    const otherTab = await stream({ cookie: user.cookie });
    await otherTab.waitFor((e) => e.event === 'ready');
    await t.database.db.transaction((tx) =>
      notify(
        tx,
        Array.from({ length: CATCH_UP_LIMIT + 5 }, (_, i) => note(user.id, `n${i}`)),
        new Date(),
      ),
    );
    await notificationCount(otherTab, CATCH_UP_LIMIT + 5);
    const again = await stream({ cookie: user.cookie, lastEventId: ready.id! });
    const resync = await again.waitFor((e) => e.event === 'resync');
    expect(again.events.filter(isNotification)).toEqual([]);
    // The next resume starts after everything the refetch shows, not after the 101st row read.
    const [{ seq }] = await selectRows<{ seq: string }>(
      t.database.db,
      sql`select max(seq)::text as seq from notifications where user_id = ${user.id}`,
    );
    expect(resync.id).toBe(seq);
  });

  it(`holds at most ${MAX_STREAMS_PER_MEMBER} streams per member on an instance`, async () => {
    const user = await member();
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_MEMBER }, () => stream({ cookie: user.cookie })),
    );
    expect(streams.every((c) => c.status === 200)).toBe(true);
    const refused = await stream({ cookie: user.cookie });
    expect(refused.status).toBe(429);
    streams[0].close();
    await new Promise((r) => setTimeout(r, 100));
    expect((await stream({ cookie: user.cookie })).status).toBe(200);
  });

  it('ends the streams of a session that signs out, freeing their slots; another session’s stream stays', async () => {
    const created = await createUser(t.database.db);
    const cookie = await signIn(t, created);
    const otherBrowser = await signIn(t, created);
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_MEMBER - 1 }, () => stream({ cookie })));
    const kept = await stream({ cookie: otherBrowser });
    await Promise.all([...streams, kept].map((c) => c.waitFor((e) => e.event === 'ready')));
    expect(t.app.eventHub.count(created.id)).toBe(MAX_STREAMS_PER_MEMBER);

    expect((await callApi(t, 'POST', '/api/auth/sign-out', { cookie })).statusCode).toBe(204);
    await Promise.all(streams.map((c) => c.ended));
    expect(t.app.eventHub.count(created.id)).toBe(1);
    // The signed-out session's streams hear nothing more; the other browser's still does.
    await writeNotification(t.database.db, created.id, 'after sign-out');
    await kept.waitFor(isNotification);
    expect(streams.every((c) => c.events.filter(isNotification).length === 0)).toBe(true);

    // The freed slots can be used again, up to the limit.
    const again = await signIn(t, created);
    const reopened = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_MEMBER - 1 }, () => stream({ cookie: again })),
    );
    expect(reopened.map((c) => c.status)).toEqual(reopened.map(() => 200));
    expect((await stream({ cookie: again })).status).toBe(429);
  });

  it('ends a member’s streams when an admin revokes their sessions (forced password reset)', async () => {
    const user = await member();
    const bystander = await member();
    const adminCookie = await signIn(t, await createUser(t.database.db, { role: 'admin' }));
    const c = await stream({ cookie: user.cookie });
    const other = await stream({ cookie: bystander.cookie });
    await c.waitFor((e) => e.event === 'ready');
    await other.waitFor((e) => e.event === 'ready');

    const res = await callApi(t, 'POST', `/api/admin/users/${user.id}/force-password-reset`, {
      cookie: adminCookie,
      payload: { reason: 'Hesapta şüpheli giriş denemeleri görüldü' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await c.ended;
    expect(t.app.eventHub.count(user.id)).toBe(0);
    expect(t.app.eventHub.count(bystander.id)).toBe(1);
  });

  it('ends the streams of the sessions a member revokes from their session list', async () => {
    const created = await createUser(t.database.db);
    const elsewhere = await signIn(t, created);
    const here = await signIn(t, created);
    const revoked = await stream({ cookie: elsewhere });
    const current = await stream({ cookie: here });
    await revoked.waitFor((e) => e.event === 'ready');
    await current.waitFor((e) => e.event === 'ready');
    const res = await callApi(t, 'POST', '/api/me/sessions/revoke-others', { cookie: here });
    expect(res.statusCode, res.body).toBe(204);
    await revoked.ended;
    expect(t.app.eventHub.count(created.id)).toBe(1);
  });

  it('ends the other sessions’ streams when the member changes the password in settings', async () => {
    const created = await createUser(t.database.db);
    const elsewhere = await signIn(t, created);
    const here = await signIn(t, created);
    const revoked = await stream({ cookie: elsewhere });
    await revoked.waitFor((e) => e.event === 'ready');
    const newPassword = 'Yeni-Kapı-Kilidi-2026!';
    const res = await callApi(t, 'POST', '/api/me/change-password', {
      cookie: here,
      payload: { currentPassword: created.password, newPassword, confirmPassword: newPassword },
    });
    expect(res.statusCode, res.body).toBe(204);
    await revoked.ended;
    expect(t.app.eventHub.count(created.id)).toBe(0);
  });
});

describe('events stream timings [pglite]', () => {
  const t: TestAppHandle = useTestApp('pglite', { eventStreams: { heartbeatMs: 100, lifetimeMs: 1_000 } });
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await listen(t.app);
  });

  it('sends heartbeats while idle and ends a stream after its lifetime (the browser then resumes)', async () => {
    const user = await createUser(t.database.db);
    const c = await connectSse(baseUrl, { cookie: await signIn(t, user) });
    try {
      await c.waitFor((e) => e.event === 'ready');
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(c.comments).toBeGreaterThanOrEqual(2);
      await c.ended;
      expect(t.app.eventHub.count(user.id)).toBe(0);
    } finally {
      c.close();
    }
  });

  it('ends a stream at the next heartbeat when its session is gone without a word (no NOTIFY)', async () => {
    const user = await createUser(t.database.db);
    const c = await connectSse(baseUrl, { cookie: await signIn(t, user) });
    try {
      await c.waitFor((e) => e.event === 'ready');
      await t.database.db.execute(sql`delete from sessions where user_id = ${user.id}`);
      await c.ended;
      expect(t.app.eventHub.count(user.id)).toBe(0);
    } finally {
      c.close();
    }
  });
});

describeOnPostgres('events across two instances', () => {
  const t: TestAppHandle = useTestApp('postgres');
  let second: { app: FastifyInstance; database: Database; url: string };
  let firstUrl: string;
  beforeAll(async () => {
    firstUrl = await listen(t.app);
    // Instance 2: its own pool and its own LISTEN connection on the same database.
    const database = await openDatabase({ kind: 'postgres', url: t.database.url! });
    // One deployment, one clock: both instances judge sessions by the same time.
    const app = await buildApp({ database, env: testEnv(), clock: t.clock, webRoot: null });
    second = { app, database, url: await listen(app) };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it('a notification written through instance 1 reaches a stream on instance 2 within a second; a resume misses nothing', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    const c = await connectSse(second.url, { cookie });
    try {
      await c.waitFor((e) => e.event === 'ready');
      const started = performance.now();
      await writeNotification(t.app.db, user.id, 'one');
      const first = await c.waitFor(isNotification, 1_000);
      expect(performance.now() - started).toBeLessThan(1_000);
      c.close();

      await writeNotification(t.app.db, user.id, 'two');
      await writeNotification(t.app.db, user.id, 'three');
      // Reconnect to either instance with the last id it had.
      for (const url of [second.url, firstUrl]) {
        const again = await connectSse(url, { cookie, lastEventId: first.id! });
        try {
          await notificationCount(again, 2);
          const ids = again.events.filter(isNotification).map((e) => JSON.parse(e.data).id as string);
          const rows = await selectRows<{ id: string }>(
            t.database.db,
            sql`select id from notifications where user_id = ${user.id} and title in ('two', 'three') order by seq`,
          );
          expect(ids).toEqual(rows.map((r) => r.id));
        } finally {
          again.close();
        }
      }
    } finally {
      c.close();
    }
  });

  it('signing out through instance 1 ends the session’s stream on instance 2', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    const c = await connectSse(second.url, { cookie });
    try {
      await c.waitFor((e) => e.event === 'ready');
      expect((await callApi(t, 'POST', '/api/auth/sign-out', { cookie })).statusCode).toBe(204);
      await c.ended;
      expect(second.app.eventHub.count(user.id)).toBe(0);
    } finally {
      c.close();
    }
  });

  it('after its LISTEN connection is lost, an instance reconnects and its streams catch up', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    const c = await connectSse(second.url, { cookie });
    try {
      await c.waitFor((e) => e.event === 'ready');
      // Kill every LISTEN connection of this database (both instances'), then write meanwhile.
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN%'`,
      );
      await writeNotification(t.app.db, user.id, 'during the outage');
      const event = await c.waitFor(isNotification, 5_000);
      const [row] = await selectRows<{ id: string }>(
        t.database.db,
        sql`select id from notifications where user_id = ${user.id} and title = 'during the outage'`,
      );
      expect(JSON.parse(event.data).id).toBe(row.id);
    } finally {
      c.close();
    }
  });
});
