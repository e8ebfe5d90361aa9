import { desc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { profileMessages, settingsMessages } from '#shared/messages/account.tr.ts';
import { passwordMessages } from '#shared/messages/auth.tr.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
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
import { securityEvents } from '../../db/schema/security-events.ts';
import { users } from '../../db/schema/users.ts';

const p = profileMessages;
const s = settingsMessages;
const newPassword = 'Yeni-Lens-Kutusu-8!';

const defaults = {
  autoOrderApproval: false,
  stockAlerts: true,
  priceChangeNotifications: true,
  emailNotifications: true,
  smsNotifications: false,
  marketingEmails: false,
};
const changedSettings = {
  autoOrderApproval: true,
  stockAlerts: false,
  priceChangeNotifications: false,
  emailNotifications: false,
  smsNotifications: true,
  marketingEmails: true,
};

function changePassword(t: TestAppHandle, cookie: string, body: Record<string, string>) {
  return callApi(t, 'POST', '/api/me/change-password', { cookie, payload: body, ip: freshIp() });
}

async function storedUser(t: TestAppHandle, id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

describeEachDatabase('the signed-in user’s account', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.reset());

  describe('profile', () => {
    it('GET /api/me/profile answers the user’s own profile and records profile_accessed', async () => {
      const user = await createUser(t.database.db, {
        name: 'Elif Şahin',
        phone: '0212 555 44 33',
        publicHandle: `elif-${Date.now()}`,
      });
      const ip = freshIp();
      const cookie = await signIn(t, user);
      const res = await callApi(t, 'GET', '/api/me/profile', { cookie, ip, userAgent: 'Safari/18 test' });
      expect(res.statusCode).toBe(200);
      const row = await storedUser(t, user.id);
      expect(res.json()).toEqual({
        id: user.id,
        email: user.email,
        fullName: 'Elif Şahin',
        phone: '0212 555 44 33',
        role: 'store_owner',
        publicHandle: row.publicHandle,
        publicSlug: null,
        mustResetPassword: false,
        createdAt: row.createdAt.toISOString(),
      });
      const events = await securityEventsOf(t.database.db, user.id, 'profile_accessed');
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ ip, userAgent: 'Safari/18 test' });
    });

    it('PUT /api/me/profile saves the trimmed name and phone, and an empty phone clears it', async () => {
      const user = await createUser(t.database.db, { phone: '0532 000 00 00' });
      const cookie = await signIn(t, user);
      const res = await callApi(t, 'PUT', '/api/me/profile', {
        cookie,
        payload: { fullName: '  Çağla Işık  ', phone: ' +90 (532) 123-45-67 ' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, fullName: 'Çağla Işık', phone: '+90 (532) 123-45-67' });
      expect(await storedUser(t, user.id)).toMatchObject({ name: 'Çağla Işık', phone: '+90 (532) 123-45-67' });
      expect((await callApi(t, 'GET', '/api/me/profile', { cookie })).json()).toMatchObject({
        fullName: 'Çağla Işık',
        phone: '+90 (532) 123-45-67',
      });

      const cleared = await callApi(t, 'PUT', '/api/me/profile', {
        cookie,
        payload: { fullName: 'Çağla Işık', phone: '' },
      });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json().phone).toBeNull();
      expect((await storedUser(t, user.id)).phone).toBeNull();
    });

    it('does not let the profile change the e-mail, role or flags', async () => {
      const user = await createUser(t.database.db);
      const cookie = await signIn(t, user);
      const res = await callApi(t, 'PUT', '/api/me/profile', {
        cookie,
        payload: { fullName: 'Yeni Ad', phone: '', email: 'baska@ornek.com', role: 'admin', mustResetPassword: true },
      });
      expect(res.statusCode).toBe(200);
      expect(await storedUser(t, user.id)).toMatchObject({
        name: 'Yeni Ad',
        email: user.email,
        role: 'store_owner',
        mustResetPassword: false,
      });
    });

    it.each([
      ['fullName', 'a one-letter name', { fullName: ' A ' }, p.fullNameMin],
      ['fullName', 'a name over 100 characters', { fullName: 'Ş'.repeat(101) }, p.fullNameMax],
      ['phone', 'a phone with letters', { phone: '0532 ABC 45 67' }, p.phoneInvalid],
      ['phone', 'a phone under 10 characters', { phone: '0532 12' }, p.phoneShort],
      ['phone', 'a phone over 20 characters', { phone: '0532 123 45 67 89 01 23' }, p.phoneLong],
    ])('refuses %s: %s with the Turkish message and changes nothing', async (field, _label, change, text) => {
      const user = await createUser(t.database.db, { name: 'Eski Ad', phone: '0532 999 88 77' });
      const cookie = await signIn(t, user);
      const res = await callApi(t, 'PUT', '/api/me/profile', {
        cookie,
        payload: { fullName: 'Geçerli Ad', phone: '0532 111 22 33', ...change },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: text, fields: { [field]: text } } });
      expect(await storedUser(t, user.id)).toMatchObject({ name: 'Eski Ad', phone: '0532 999 88 77' });
    });
  });

  describe('POST /api/me/change-password', () => {
    it('refuses a wrong current password with 400 and fields.currentPassword "Mevcut şifre hatalı"', async () => {
      const user = await createUser(t.database.db);
      const cookie = await signIn(t, user);
      const res = await changePassword(t, cookie, {
        currentPassword: 'Yanlis-Sifre-1!',
        newPassword,
        confirmPassword: newPassword,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: s.currentWrong, fields: { currentPassword: s.currentWrong } },
      });
      expect((await postSignIn(t, user.email, user.password)).statusCode).toBe(200);
      expect(await securityEventsOf(t.database.db, user.id, 'password_changed')).toHaveLength(0);
    });

    it.each([
      ['a mismatched confirmation', { confirmPassword: 'Yeni-Lens-Kutusu-9!' }, 'confirmPassword', s.mismatch],
      ['an empty confirmation', { confirmPassword: '' }, 'confirmPassword', s.confirmRequired],
      ['an empty current password', { currentPassword: '' }, 'currentPassword', s.currentRequired],
      [
        'a common password',
        { newPassword: 'Password123!', confirmPassword: 'Password123!' },
        'newPassword',
        passwordMessages.common,
      ],
    ])('refuses %s', async (_label, change, field, text) => {
      const user = await createUser(t.database.db);
      const cookie = await signIn(t, user);
      const res = await changePassword(t, cookie, {
        currentPassword: user.password,
        newPassword,
        confirmPassword: newPassword,
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: text } });
      expect((await postSignIn(t, user.email, user.password)).statusCode).toBe(200);
    });

    it('changes the password: 204, this session continues, the other session ends, password_changed is recorded', async () => {
      const user = await createUser(t.database.db);
      const other = await signIn(t, user);
      const ip = freshIp();
      const cookie = await signIn(t, user, { ip });

      const res = await callApi(t, 'POST', '/api/me/change-password', {
        cookie,
        ip,
        payload: { currentPassword: user.password, newPassword, confirmPassword: newPassword },
      });
      expect(res.statusCode).toBe(204);
      const current = cookieHeader(res) || cookie;

      expect(await sessionUserId(t, current)).toBe(user.id);
      expect((await callApi(t, 'GET', '/api/me/profile', { cookie: current })).statusCode).toBe(200);
      expect(await sessionUserId(t, other)).toBeNull();
      expect(await sessionsOf(t.database.db, user.id)).toHaveLength(1);

      expect((await postSignIn(t, user.email, user.password)).statusCode).toBe(401);
      expect((await postSignIn(t, user.email, newPassword)).statusCode).toBe(200);

      const [event] = await securityEventsOf(t.database.db, user.id, 'password_changed');
      expect(event).toMatchObject({ ip, details: { via: 'settings' } });
    });
  });

  describe('settings', () => {
    it('starts from the spec’s defaults', async () => {
      const cookie = await signIn(t, await createUser(t.database.db));
      const res = await callApi(t, 'GET', '/api/me/settings', { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(defaults);
    });

    it('stores the toggles and answers them on a new GET', async () => {
      const cookie = await signIn(t, await createUser(t.database.db));
      const saved = await callApi(t, 'PUT', '/api/me/settings', { cookie, payload: changedSettings });
      expect(saved.statusCode).toBe(200);
      // SMS has no provider yet ("Yakında"): asked to turn it on, the server keeps it off.
      const stored = { ...changedSettings, smsNotifications: false };
      expect(saved.json()).toEqual(stored);
      expect((await callApi(t, 'GET', '/api/me/settings', { cookie })).json()).toEqual(stored);

      const back = await callApi(t, 'PUT', '/api/me/settings', { cookie, payload: defaults });
      expect(back.json()).toEqual(defaults);
      expect((await callApi(t, 'GET', '/api/me/settings', { cookie })).json()).toEqual(defaults);
    });

    it.each([
      ['a missing toggle', (({ marketingEmails: _m, ...rest }) => rest)(changedSettings)],
      ['a toggle that is not a boolean', { ...changedSettings, smsNotifications: 'evet' }],
    ])('refuses %s with 400 and keeps the stored settings', async (_label, body) => {
      const cookie = await signIn(t, await createUser(t.database.db));
      const res = await callApi(t, 'PUT', '/api/me/settings', { cookie, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect((await callApi(t, 'GET', '/api/me/settings', { cookie })).json()).toEqual(defaults);
    });
  });

  describe('sessions', () => {
    it('lists the user’s sessions with address and browser, marking the current one', async () => {
      const user = await createUser(t.database.db);
      const otherIp = freshIp();
      const ip = freshIp();
      await signIn(t, user, { ip: otherIp, userAgent: 'Mozilla/5.0 (iPhone) Mobile Safari' });
      const cookie = await signIn(t, user, { ip, userAgent: 'Mozilla/5.0 (X11; Linux) Firefox/140.0' });

      const res = await callApi(t, 'GET', '/api/me/sessions', { cookie });
      expect(res.statusCode).toBe(200);
      const list = res.json().sessions as { current: boolean; ipAddress: string; userAgent: string; id: string }[];
      expect(list).toHaveLength(2);
      expect(list.filter((x) => x.current)).toEqual([
        expect.objectContaining({ ipAddress: ip, userAgent: 'Mozilla/5.0 (X11; Linux) Firefox/140.0' }),
      ]);
      expect(list.filter((x) => !x.current)).toEqual([
        expect.objectContaining({ ipAddress: otherIp, userAgent: 'Mozilla/5.0 (iPhone) Mobile Safari' }),
      ]);
      const ids = (await sessionsOf(t.database.db, user.id)).map((row) => row.id).sort();
      expect(list.map((x) => x.id).sort()).toEqual(ids);
    });

    it('revoke-others ends every other session and keeps the current one', async () => {
      const user = await createUser(t.database.db);
      const phone = await signIn(t, user);
      const tablet = await signIn(t, user);
      const cookie = await signIn(t, user);

      const res = await callApi(t, 'POST', '/api/me/sessions/revoke-others', { cookie });
      expect(res.statusCode).toBe(204);
      expect(await sessionUserId(t, phone)).toBeNull();
      expect(await sessionUserId(t, tablet)).toBeNull();
      expect(await sessionUserId(t, cookie)).toBe(user.id);
      const list = (await callApi(t, 'GET', '/api/me/sessions', { cookie })).json().sessions;
      expect(list).toEqual([expect.objectContaining({ current: true })]);
      const [event] = await securityEventsOf(t.database.db, user.id, 'session_revoked');
      expect(event.details).toEqual({ scope: 'others', count: 2 });
    });

    it('revoke-all ends every session including the current one and clears the cookie', async () => {
      const user = await createUser(t.database.db);
      const phone = await signIn(t, user);
      const cookie = await signIn(t, user);

      const res = await callApi(t, 'POST', '/api/me/sessions/revoke-all', { cookie });
      expect(res.statusCode).toBe(204);
      const cleared = res.cookies.find((c) => c.name === 'optistok.session_token');
      expect(cleared).toMatchObject({ value: '', maxAge: 0 });

      expect(await sessionsOf(t.database.db, user.id)).toHaveLength(0);
      expect(await sessionUserId(t, cookie)).toBeNull();
      expect(await sessionUserId(t, phone)).toBeNull();
      expect((await callApi(t, 'GET', '/api/me/profile', { cookie })).statusCode).toBe(401);
    });
  });

  describe('GET /api/me/security-events', () => {
    it('answers at most the 10 newest of the user’s own events, newest first', async () => {
      const user = await createUser(t.database.db);
      const stranger = await createUser(t.database.db);
      const strangerCookie = await signIn(t, stranger);
      const cookie = await signIn(t, user);
      for (let i = 0; i < 11; i++) {
        t.clock.advance(1_000);
        expect((await callApi(t, 'GET', '/api/me/profile', { cookie })).statusCode).toBe(200);
        expect((await callApi(t, 'GET', '/api/me/profile', { cookie: strangerCookie })).statusCode).toBe(200);
      }
      const res = await callApi(t, 'GET', '/api/me/security-events', { cookie });
      expect(res.statusCode).toBe(200);
      const events = res.json().events as { id: string; type: string; createdAt: string }[];
      expect(events).toHaveLength(10);

      const own = await t.database.db
        .select({ id: securityEvents.id })
        .from(securityEvents)
        .where(eq(securityEvents.userId, user.id))
        .orderBy(desc(securityEvents.createdAt));
      expect(own.length).toBe(12);
      expect(events.map((e) => e.id)).toEqual(own.slice(0, 10).map((r) => r.id));
      const times = events.map((e) => Date.parse(e.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(times[0]).toBe(t.clock.now().getTime());
      // The oldest, the sign-in, fell off the list.
      expect(events.map((e) => e.type)).not.toContain('sign_in_success');
    });
  });

  describe('scoping to the cookie’s user', () => {
    it('every call reads and changes only the signed-in user’s own data', async () => {
      const ayse = await createUser(t.database.db, { name: 'Ayşe Kaya', phone: '0532 111 11 11' });
      const burak = await createUser(t.database.db, { name: 'Burak Demir', phone: '0533 222 22 22' });
      const burakPhone = await signIn(t, burak, { ip: '10.200.0.2' });
      const burakCookie = await signIn(t, burak);
      const ayseCookie = await signIn(t, ayse);

      expect(
        (
          await callApi(t, 'PUT', '/api/me/profile', {
            cookie: ayseCookie,
            payload: { fullName: 'Ayşe Kaya Yıldız', phone: '' },
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await callApi(t, 'PUT', '/api/me/settings', { cookie: ayseCookie, payload: changedSettings })).statusCode,
      ).toBe(200);

      expect((await callApi(t, 'GET', '/api/me/profile', { cookie: burakCookie })).json()).toMatchObject({
        id: burak.id,
        fullName: 'Burak Demir',
        phone: '0533 222 22 22',
      });
      expect(await storedUser(t, burak.id)).toMatchObject({ name: 'Burak Demir', phone: '0533 222 22 22' });
      expect((await callApi(t, 'GET', '/api/me/settings', { cookie: burakCookie })).json()).toEqual(defaults);

      const ayseSessions = (await callApi(t, 'GET', '/api/me/sessions', { cookie: ayseCookie })).json().sessions as {
        id: string;
      }[];
      const ayseSessionIds = (await sessionsOf(t.database.db, ayse.id)).map((r) => r.id);
      expect(ayseSessions.map((x) => x.id)).toEqual(ayseSessionIds);

      const ayseEvents = (await callApi(t, 'GET', '/api/me/security-events', { cookie: ayseCookie })).json().events as {
        id: string;
      }[];
      const burakEventIds = new Set((await securityEventsOf(t.database.db, burak.id)).map((e) => e.id));
      expect(ayseEvents.length).toBeGreaterThan(0);
      expect(ayseEvents.filter((e) => burakEventIds.has(e.id))).toEqual([]);

      expect((await callApi(t, 'POST', '/api/me/sessions/revoke-all', { cookie: ayseCookie })).statusCode).toBe(204);
      expect(await sessionUserId(t, burakCookie)).toBe(burak.id);
      expect(await sessionUserId(t, burakPhone)).toBe(burak.id);
    });
  });
});
