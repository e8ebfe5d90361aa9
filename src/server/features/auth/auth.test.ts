import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { createTestDatabase, describeEachDatabase } from '../../../../test/db.ts';
import { testEnv, useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { buildApp } from '../../app.ts';
import {
  callApi,
  cookieHeader,
  createUser,
  freshIp,
  postSignIn,
  securityEventsOf,
  sessionUserId,
  sessionsOf,
  signIn,
} from '../../../../test/factories.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { offsetClock } from '../../lib/clock.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_SECONDS } from '../../lib/auth.ts';
import { SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS } from './auth.service.ts';

const invalidCredentials = {
  error: { code: 'INVALID_CREDENTIALS', message: 'E-posta veya şifre hatalı. Lütfen kontrol edin.' },
};
const HOUR_MS = 3_600_000;

const rateLimited = { error: { code: 'RATE_LIMITED', message: 'Çok fazla deneme yapıldı. Lütfen biraz bekleyin.' } };

function setCookieLines(res: { headers: Record<string, unknown> }): string[] {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : [raw as string | string[]].flat();
}

describeEachDatabase('sign-in and sessions', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.reset());

  describe('POST /api/auth/sign-in', () => {
    it('answers the user and sets an httpOnly, SameSite=Lax session cookie without Secure on http', async () => {
      const user = await createUser(t.database.db, { name: 'Mehmet Öztürk', phone: '0532 111 22 33' });
      const res = await postSignIn(t, user.email, user.password);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        user: {
          id: user.id,
          email: user.email,
          fullName: 'Mehmet Öztürk',
          phone: '0532 111 22 33',
          role: 'store_owner',
          publicHandle: null,
          publicSlug: null,
          mustResetPassword: false,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      });

      const [line] = setCookieLines(res).filter((l) => l.startsWith('optistok.session_token='));
      expect(line).toBeDefined();
      const attributes = line.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).toContain('path=/');
      expect(attributes).not.toContain('secure');

      expect(await sessionUserId(t, cookieHeader(res))).toBe(user.id);
    });

    it('refuses a wrong password with 401 INVALID_CREDENTIALS in Turkish and sets no cookie', async () => {
      const user = await createUser(t.database.db);
      const res = await postSignIn(t, user.email, 'Yanlis-Sifre-99!');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(invalidCredentials);
      expect(setCookieLines(res)).toEqual([]);
      expect(await sessionsOf(t.database.db, user.id)).toHaveLength(0);
    });

    it('answers an unknown e-mail exactly like a wrong password', async () => {
      const user = await createUser(t.database.db);
      const wrongPassword = await postSignIn(t, user.email, 'Yanlis-Sifre-99!');
      const unknown = await postSignIn(t, 'kimse-yok@ornek-optik.com.tr', 'Yanlis-Sifre-99!');
      expect(unknown.statusCode).toBe(wrongPassword.statusCode);
      expect(unknown.body).toBe(wrongPassword.body);
      expect(unknown.json()).toEqual(invalidCredentials);
    });

    it('matches the e-mail address case-insensitively', async () => {
      const user = await createUser(t.database.db);
      const res = await postSignIn(t, `  ${user.email.toUpperCase()} `, user.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().user.id).toBe(user.id);
    });

    it('locks the address after 5 failures, even for the right password, until the 15-minute window has passed', async () => {
      const user = await createUser(t.database.db);
      for (let i = 1; i <= SIGN_IN_MAX_FAILURES; i++) {
        const res = await postSignIn(t, user.email, `Yanlis-Sifre-${i}!`);
        expect(res.statusCode, `failure ${i}`).toBe(401);
      }
      const locked = await postSignIn(t, user.email, user.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(rateLimited);
      expect(setCookieLines(locked)).toEqual([]);

      t.clock.advance(SIGN_IN_WINDOW_MS - 1);
      expect((await postSignIn(t, user.email, user.password)).statusCode).toBe(429);

      t.clock.advance(2);
      const unlocked = await postSignIn(t, user.email, user.password);
      expect(unlocked.statusCode).toBe(200);
      // The success cleared the counter.
      const [counter] = await t.database.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `sign-in-failures:${user.email}`));
      expect(counter).toBeUndefined();
    });

    it('lets only 5 of 25 parallel wrong attempts reach the password check, then refuses the right password too', async () => {
      const user = await createUser(t.database.db);
      // Each from its own address and, on PostgreSQL, over the pool's connections: a real race.
      const results = await Promise.all(
        Array.from({ length: 25 }, (_, i) => postSignIn(t, user.email, `Yanlis-Sifre-${i}!`)),
      );
      const statuses = results.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(SIGN_IN_MAX_FAILURES);
      expect(statuses.filter((s) => s === 429)).toHaveLength(25 - SIGN_IN_MAX_FAILURES);
      expect(results.find((r) => r.statusCode === 429)?.json()).toEqual(rateLimited);

      const locked = await postSignIn(t, user.email, user.password);
      expect(locked.statusCode).toBe(429);
      expect(setCookieLines(locked)).toEqual([]);
      const failures = await securityEventsOf(t.database.db, user.id, 'sign_in_failed');
      const reasons = failures.map((e) => (e.details as { reason: string }).reason);
      expect(reasons.filter((r) => r === 'invalid_credentials')).toHaveLength(SIGN_IN_MAX_FAILURES);
      expect(reasons.filter((r) => r === 'locked')).toHaveLength(25 - SIGN_IN_MAX_FAILURES + 1);
    });

    it('forgets earlier failures once the right password is given', async () => {
      const user = await createUser(t.database.db);
      for (let round = 1; round <= 2; round++) {
        for (let i = 1; i < SIGN_IN_MAX_FAILURES; i++)
          expect((await postSignIn(t, user.email, `Yanlis-${round}-${i}!`)).statusCode).toBe(401);
        expect((await postSignIn(t, user.email, user.password)).statusCode, `round ${round}`).toBe(200);
      }
    });

    it('refuses the 31st attempt from one address within 15 minutes, whatever the account', async () => {
      const user = await createUser(t.database.db);
      const ip = freshIp();
      for (let i = 1; i <= 30; i++) {
        const res = await postSignIn(t, `deneme-${i}@ornek-optik.com.tr`, 'Yanlis-Sifre-99!', { ip });
        expect(res.statusCode, `attempt ${i}`).toBe(401);
      }
      const limited = await postSignIn(t, user.email, user.password, { ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual(rateLimited);
      // Another address is not affected.
      expect((await postSignIn(t, user.email, user.password, { ip: freshIp() })).statusCode).toBe(200);
    });

    it('records sign_in_success and sign_in_failed with the client address and user agent', async () => {
      const user = await createUser(t.database.db);
      const ip = freshIp();
      expect(
        (await postSignIn(t, user.email, 'Yanlis-Sifre-99!', { ip, userAgent: 'Firefox/140 test' })).statusCode,
      ).toBe(401);
      expect((await postSignIn(t, user.email, user.password, { ip, userAgent: 'Firefox/140 test' })).statusCode).toBe(
        200,
      );

      const [failed] = await securityEventsOf(t.database.db, user.id, 'sign_in_failed');
      expect(failed).toMatchObject({
        ip,
        userAgent: 'Firefox/140 test',
        details: { email: user.email, reason: 'invalid_credentials' },
      });
      expect(failed.createdAt.getTime()).toBe(t.clock.now().getTime());
      const [success] = await securityEventsOf(t.database.db, user.id, 'sign_in_success');
      expect(success).toMatchObject({ ip, userAgent: 'Firefox/140 test' });
    });

    it('ends the previous session of the same browser when signing in again', async () => {
      const user = await createUser(t.database.db);
      const first = await signIn(t, user);
      const again = await postSignIn(t, user.email, user.password, { cookie: first });
      expect(again.statusCode).toBe(200);
      const second = cookieHeader(again);
      expect(second).not.toBe(first);

      expect(await sessionUserId(t, first)).toBeNull();
      expect(await sessionUserId(t, second)).toBe(user.id);
      expect(await sessionsOf(t.database.db, user.id)).toHaveLength(1);
    });

    it('refuses a banned user with 403 ACCOUNT_DISABLED and opens no session', async () => {
      const user = await createUser(t.database.db, { banned: true, banReason: 'test' });
      const res = await postSignIn(t, user.email, user.password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'ACCOUNT_DISABLED', message: messages.errors.ACCOUNT_DISABLED } });
      expect(setCookieLines(res)).toEqual([]);
      expect(await sessionsOf(t.database.db, user.id)).toHaveLength(0);
    });

    it('refuses a session of a user banned after signing in with 403 ACCOUNT_DISABLED', async () => {
      const user = await createUser(t.database.db);
      const cookie = await signIn(t, user);
      expect((await callApi(t, 'GET', '/api/me/profile', { cookie })).statusCode).toBe(200);
      // As the admin plugin's ban writes it: better-auth's user update, which every instance hears.
      await (await t.app.auth.$context).internalAdapter.updateUser(user.id, { banned: true });
      const res = await callApi(t, 'GET', '/api/me/profile', { cookie });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ACCOUNT_DISABLED');
    });
  });

  describe('GET /api/auth/session', () => {
    it('answers { user: null } without a cookie, never cached', async () => {
      const res = await callApi(t, 'GET', '/api/auth/session');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('answers { user: null } for a made-up session cookie', async () => {
      const res = await callApi(t, 'GET', '/api/auth/session', { cookie: 'optistok.session_token=uydurma.imza' });
      expect(res.json()).toEqual({ user: null });
    });
  });

  describe('POST /api/auth/sign-out', () => {
    it('answers 204, clears the cookie, deletes the session and records sign_out', async () => {
      const user = await createUser(t.database.db);
      const ip = freshIp();
      const cookie = await signIn(t, user, { ip });
      const res = await callApi(t, 'POST', '/api/auth/sign-out', { cookie, ip });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');

      const cleared = res.cookies.find((c) => c.name === 'optistok.session_token');
      expect(cleared).toMatchObject({ value: '', maxAge: 0 });

      expect(await sessionsOf(t.database.db, user.id)).toHaveLength(0);
      expect(await sessionUserId(t, cookie)).toBeNull();
      const events = await securityEventsOf(t.database.db, user.id, 'sign_out');
      expect(events).toHaveLength(1);
      expect(events[0].ip).toBe(ip);
    });

    it('leaves the user’s other sessions open', async () => {
      const user = await createUser(t.database.db);
      const laptop = await signIn(t, user);
      const phone = await signIn(t, user);
      expect((await callApi(t, 'POST', '/api/auth/sign-out', { cookie: laptop })).statusCode).toBe(204);
      expect(await sessionUserId(t, phone)).toBe(user.id);
    });

    it('answers 401 without a session', async () => {
      const res = await callApi(t, 'POST', '/api/auth/sign-out');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('session lifetime on the app clock', () => {
    it('stamps a session with the app clock, not the wall clock', async () => {
      const user = await createUser(t.database.db);
      await signIn(t, user);
      const [session] = await sessionsOf(t.database.db, user.id);
      // (Within the milliseconds better-auth takes between reading its clock and writing the row.)
      const now = t.clock.now().getTime();
      expect(Math.abs(session.createdAt.getTime() - now)).toBeLessThan(1_000);
      expect(Math.abs(session.expiresAt.getTime() - (now + SESSION_IDLE_SECONDS * 1000))).toBeLessThan(1_000);
    });

    it('ends a session a day after its last use; signing in again opens a new one', async () => {
      const user = await createUser(t.database.db);
      const cookie = await signIn(t, user);
      t.clock.advance(SESSION_IDLE_SECONDS * 1000 - 60_000);
      expect(await sessionUserId(t, cookie)).toBe(user.id);
      // That use slid the idle window: a day less a minute later it still holds...
      t.clock.advance(SESSION_IDLE_SECONDS * 1000 - 60_000);
      expect(await sessionUserId(t, cookie)).toBe(user.id);
      // ...and a day and a second without use ends it.
      t.clock.advance(SESSION_IDLE_SECONDS * 1000 + 1_000);
      expect(await sessionUserId(t, cookie)).toBeNull();
      expect((await callApi(t, 'GET', '/api/me/profile', { cookie })).statusCode).toBe(401);
      const again = await signIn(t, user);
      expect(await sessionUserId(t, again)).toBe(user.id);
    });

    it('ends a session 7 days after sign-in however active it was, deleting it and recording why', async () => {
      const user = await createUser(t.database.db);
      const cookie = await signIn(t, user);
      const signedInAt = t.clock.now().getTime();

      // Used every 20 hours, the idle window keeps sliding for the whole week.
      while (t.clock.now().getTime() + 20 * HOUR_MS < signedInAt + SESSION_ABSOLUTE_MS) {
        t.clock.advance(20 * HOUR_MS);
        expect((await callApi(t, 'GET', '/api/me/profile', { cookie })).statusCode).toBe(200);
      }
      t.clock.set(new Date(signedInAt + SESSION_ABSOLUTE_MS - 1_000));
      expect((await callApi(t, 'GET', '/api/me/profile', { cookie })).statusCode).toBe(200);

      t.clock.advance(2_000); // 7 days and 1 second after sign-in
      const res = await callApi(t, 'GET', '/api/me/profile', { cookie, ip: '10.99.0.1' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: messages.errors.UNAUTHENTICATED } });

      expect(await sessionsOf(t.database.db, user.id)).toHaveLength(0);
      const revoked = await securityEventsOf(t.database.db, user.id, 'session_revoked');
      expect(revoked).toHaveLength(1);
      expect(revoked[0]).toMatchObject({ ip: '10.99.0.1', details: { reason: 'absolute_lifetime' } });
      expect(await sessionUserId(t, cookie)).toBeNull();
    });
  });
});

describeEachDatabase('a server whose clock runs ahead of the wall clock', (kind) => {
  // CLOCK_OFFSET_MS of 16 days (the ship-deadline journey's setting): better-auth's own checks read
  // the wall clock, the app's read its clock, and a member must stay signed in all the same.
  const t = {} as TestAppHandle;
  beforeAll(async () => {
    t.database = await createTestDatabase(kind);
    t.app = await buildApp({
      database: t.database,
      env: testEnv(),
      clock: offsetClock(16 * 24 * HOUR_MS),
      webRoot: null,
    });
  });
  afterAll(async () => {
    await t.app?.close();
    await t.database?.close();
  });

  it('dates every answer by its own clock (the HTTP Date the web app follows)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const ahead = Date.parse(String(res.headers.date)) - Date.now();
    expect(ahead).toBeGreaterThan(16 * 24 * HOUR_MS - 5_000);
    expect(ahead).toBeLessThan(16 * 24 * HOUR_MS + 5_000);
  });

  it('keeps a member signed in from one request to the next, and lists the session as active', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    expect(await sessionUserId(t, cookie)).toBe(user.id);
    expect((await callApi(t, 'GET', '/api/me/profile', { cookie })).statusCode).toBe(200);
    const sessions = await callApi(t, 'GET', '/api/me/sessions', { cookie });
    expect(sessions.statusCode, sessions.body).toBe(200);
    expect(JSON.stringify(sessions.json())).toContain('"current":true');
  });
});

describeEachDatabase('sign-in over https', (kind) => {
  const httpsOrigin = 'https://optistok.example';
  const t = useTestApp(kind, { env: { APP_URL: httpsOrigin } });
  beforeEach(() => t.clock.reset());

  it('names the cookie __Secure-optistok.session_token and marks it Secure', async () => {
    const user = await createUser(t.database.db);
    const res = await postSignIn(t, user.email, user.password, { origin: httpsOrigin });
    expect(res.statusCode).toBe(200);
    const lines = setCookieLines(res);
    expect(lines.some((l) => l.startsWith('optistok.session_token='))).toBe(false);
    const [line] = lines.filter((l) => l.startsWith('__Secure-optistok.session_token='));
    expect(line).toBeDefined();
    const attributes = line.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));

    const cookie = cookieHeader(res);
    expect(await sessionUserId(t, cookie)).toBe(user.id);
    const settings = {
      autoOrderApproval: true,
      stockAlerts: true,
      priceChangeNotifications: true,
      emailNotifications: true,
      smsNotifications: false,
      marketingEmails: false,
    };
    expect(
      (await callApi(t, 'PUT', '/api/me/settings', { cookie, origin: httpsOrigin, payload: settings })).statusCode,
    ).toBe(200);
  });

  it('refuses state changes from the http origin once the app lives on https', async () => {
    const user = await createUser(t.database.db);
    const res = await postSignIn(t, user.email, user.password, { origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_ORIGIN_REJECTED');
  });
});
