import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { describeEachDatabase, describeOnPostgres } from '../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../test/app.ts';
import { eventually } from '../../../test/eventually.ts';
import { callApi, createUser, signIn, sessionsOf } from '../../../test/factories.ts';
import { sessions } from '../db/schema/auth.ts';
import { SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS } from '../lib/auth.ts';
import { publishSessionsEnded } from '../lib/live-events.ts';

const status = (res: { statusCode: number }) => res.statusCode;

describeEachDatabase('the session cache', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.reset());

  it('answers a known session without reading the sessions table, until its end is announced', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(200);
    // The row goes behind the app's back: a request that read the table would be refused.
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(200);
    await publishSessionsEnded(t.database.db, [user.id]);
    expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(401);
  });

  it('refuses a cached session once it has expired by the app clock', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(200);
    t.clock.advance(SESSION_IDLE_SECONDS * 1000 + 1000);
    expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(401);
  });

  it('lets better-auth slide a cached session once it is due, and sends the new cookie', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    const first = await callApi(t, 'GET', '/api/me/profile', { cookie });
    expect(first.headers['set-cookie']).toBeUndefined();
    const [before] = await sessionsOf(t.database.db, user.id);
    t.clock.advance(SESSION_REFRESH_SECONDS * 1000 + 1000);
    const slid = await callApi(t, 'GET', '/api/me/profile', { cookie });
    expect(slid.statusCode).toBe(200);
    expect(slid.cookies.map((c) => c.name)).toContain('optistok.session_token');
    const [after] = await sessionsOf(t.database.db, user.id);
    expect(after.expiresAt.getTime()).toBeGreaterThan(before.expiresAt.getTime());
    // A day after that request (not after sign-in) the session still lives: the slide counted.
    t.clock.advance(SESSION_IDLE_SECONDS * 1000 - 60_000);
    expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(200);
  });

  it('a role change applies at the member’s next request, and so does their own new name', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const adminCookie = await signIn(t, admin);
    const member = await createUser(t.database.db);
    const cookie = await signIn(t, member);
    expect(status(await callApi(t, 'GET', '/api/admin/users', { cookie }))).toBe(403);
    const changed = await callApi(t, 'POST', `/api/admin/users/${member.id}/change-role`, {
      cookie: adminCookie,
      payload: { newRole: 'admin', reason: 'Operasyon ekibine katıldı' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(status(await callApi(t, 'GET', '/api/admin/users', { cookie }))).toBe(200);

    const renamed = await callApi(t, 'PUT', '/api/me/profile', {
      cookie,
      payload: { fullName: 'Zeynep Kaya', phone: null },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const session = await callApi(t, 'GET', '/api/auth/session', { cookie });
    expect(session.json().user.fullName).toBe('Zeynep Kaya');
  });

  it('a member who completes a forced reset may go on at once in the same session', async () => {
    const member = await createUser(t.database.db, { mustResetPassword: true });
    const cookie = await signIn(t, member);
    const held = await callApi(t, 'GET', '/api/me/profile', { cookie });
    expect(held.json().error.code).toBe('PASSWORD_RESET_REQUIRED');
    const newPassword = 'Yeni-Çerçeve-2026!';
    const done = await callApi(t, 'POST', '/api/auth/force-password-reset', {
      cookie,
      payload: { newPassword, confirmPassword: newPassword },
    });
    expect(done.statusCode, done.body).toBeLessThan(300);
    expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(200);
  });
  it('refuses a tampered cookie even while the genuine one is cached', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(200);
    const match = /optistok\.session_token=([^.;]+)\.([^;]+)/.exec(cookie);
    if (!match) throw new Error(`no signed session cookie in ${cookie}`);
    const [whole, token, signature] = match;
    const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const forged = [
      `optistok.session_token=${token}.${flip(signature, 5)}`, // the genuine token, a wrong signature
      `optistok.session_token=${flip(token, 5)}.${signature}`, // another token under the genuine signature
      `optistok.session_token=${token}`, // no signature at all
    ];
    for (const value of forged) {
      expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie: cookie.replace(whole, value) }))).toBe(401);
    }
    expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(200);
  });

  it('asks better-auth once for a burst of requests with one cookie', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    const counted = countSessionLookups(t);
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => callApi(t, 'GET', '/api/me/profile', { cookie })),
      );
      expect(answers.map(status)).toEqual(Array(8).fill(200));
      expect(counted.calls).toBe(1);
    } finally {
      counted.restore();
    }
  });

  it('a request after a revocation does not take the answer of a look-up begun before it', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    const counted = countSessionLookups(t);
    let release = () => {};
    counted.gate = new Promise<void>((resolve) => (release = resolve));
    try {
      const before = callApi(t, 'GET', '/api/me/profile', { cookie });
      await eventually(() => counted.calls === 1, 5_000);
      await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
      await publishSessionsEnded(t.database.db, [user.id]);
      const after = callApi(t, 'GET', '/api/me/profile', { cookie });
      await eventually(() => counted.calls === 2, 5_000);
      release();
      // The first look-up read the row before it was deleted; the second must not share its answer.
      expect(status(await before)).toBe(200);
      expect(status(await after)).toBe(401);
      // Nor did the older answer enter the cache.
      expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(401);
    } finally {
      release();
      counted.restore();
    }
  });
});

/** Counts the app's calls of better-auth's getSession (each one a session look-up), optionally holding them at a gate. */
function countSessionLookups(t: TestAppHandle) {
  const api = t.app.auth.api;
  const original = api.getSession;
  const counted = {
    calls: 0,
    gate: Promise.resolve(),
    restore: () => {
      api.getSession = original;
    },
  };
  api.getSession = (async (...args: Parameters<typeof original>) => {
    counted.calls += 1;
    const answer = await original(...args);
    await counted.gate;
    return answer;
  }) as typeof original;
  return counted;
}

describeOnPostgres('the session cache while LISTEN is down', () => {
  const t = useTestApp('postgres');

  it('forgets everything and answers from the database until the connection is back', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(200);
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(status(await callApi(t, 'GET', '/api/me/profile', { cookie }))).toBe(200);
    // Cut this database's LISTEN connections, as a network failure would.
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
    );
    await eventually(async () => status(await callApi(t, 'GET', '/api/me/profile', { cookie })) === 401, 5_000);
  });
});
