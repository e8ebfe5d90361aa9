import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { passwordMessages } from '#shared/messages/auth.tr.ts';
import { unmetPasswordRules } from '#shared/password-policy.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { testOrigin, useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import {
  callApi,
  createUser,
  outboxTo,
  postSignIn,
  securityEventsOf,
  sessionUserId,
  sessionsOf,
  signIn,
  type TestUser,
} from '../../../../test/factories.ts';
import { users } from '../../db/schema/users.ts';

const chosenPassword = 'Kendi-Seçtiğim-31!';
const settings = {
  autoOrderApproval: true,
  stockAlerts: false,
  priceChangeNotifications: true,
  emailNotifications: true,
  smsNotifications: true,
  marketingEmails: false,
};

function forceReset(
  t: TestAppHandle,
  cookie: string,
  userId: string,
  reason = 'Hesapta şüpheli giriş denemeleri görüldü',
) {
  return callApi(t, 'POST', `/api/admin/users/${userId}/force-password-reset`, { cookie, payload: { reason } });
}

function completeReset(t: TestAppHandle, cookie: string, newPassword: string, confirmPassword = newPassword) {
  return callApi(t, 'POST', '/api/auth/force-password-reset', { cookie, payload: { newPassword, confirmPassword } });
}

async function mustResetPassword(t: TestAppHandle, userId: string) {
  const [row] = await t.database.db.select({ flag: users.mustResetPassword }).from(users).where(eq(users.id, userId));
  return row.flag;
}

/** The temporary password from the forced-reset e-mail, as the user reads it. */
async function temporaryPasswordOf(t: TestAppHandle, user: TestUser) {
  const rows = (await outboxTo(t.database.db, user.email)).filter((r) => r.template === 'forced_password_reset');
  const match = rows.at(-1)?.text.match(/Geçici şifreniz: (\S+)/);
  if (!match) throw new Error(`no temporary password e-mailed to ${user.email}`);
  return match[1];
}

describeEachDatabase('forced password reset', (kind) => {
  const t = useTestApp(kind);
  let admin: TestUser;
  let adminCookie: string;

  beforeEach(async () => {
    t.clock.reset();
    admin ??= await createUser(t.database.db, { role: 'admin', name: 'Yönetici Kemal' });
    adminCookie = await signIn(t, admin);
  });

  /** A member whose password an admin has just reset, signed in with the temporary password. */
  async function flaggedMember() {
    const user = await createUser(t.database.db);
    expect((await forceReset(t, adminCookie, user.id)).statusCode).toBe(200);
    const temporary = await temporaryPasswordOf(t, user);
    return { user, temporary, cookie: await signIn(t, { email: user.email, password: temporary }) };
  }

  describe('POST /api/admin/users/:id/force-password-reset', () => {
    it('sets a temporary password, raises the flag, ends the target’s sessions and e-mails the password', async () => {
      const user = await createUser(t.database.db, { name: 'Zeynep Güneş' });
      const laptop = await signIn(t, user);
      const phone = await signIn(t, user);

      const res = await forceReset(t, adminCookie, user.id, 'Şifre sızıntısı şüphesi');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ userId: user.id, emailQueued: true });

      expect(await sessionsOf(t.database.db, user.id)).toHaveLength(0);
      expect(await sessionUserId(t, laptop)).toBeNull();
      expect(await sessionUserId(t, phone)).toBeNull();
      expect(await mustResetPassword(t, user.id)).toBe(true);

      const mails = await outboxTo(t.database.db, user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        template: 'forced_password_reset',
        status: 'pending',
        subject: 'OptiStok: şifreniz yönetici tarafından sıfırlandı',
      });
      expect(mails[0].text).toContain('Merhaba Zeynep Güneş');
      expect(mails[0].text).toContain('Gerekçe: Şifre sızıntısı şüphesi');
      expect(mails[0].text).toContain(`${testOrigin}/login`);
      const temporary = await temporaryPasswordOf(t, user);
      expect(temporary.length).toBeGreaterThanOrEqual(12);
      expect(unmetPasswordRules(temporary)).toEqual([]);

      expect((await postSignIn(t, user.email, user.password)).statusCode).toBe(401);
      expect((await postSignIn(t, user.email, temporary)).statusCode).toBe(200);

      const [event] = await securityEventsOf(t.database.db, user.id, 'password_reset_forced');
      expect(event.details).toEqual({ by: admin.id, reason: 'Şifre sızıntısı şüphesi', sessionsEnded: 2 });
    });

    it('gives every forced reset a different temporary password', async () => {
      const user = await createUser(t.database.db);
      expect((await forceReset(t, adminCookie, user.id)).statusCode).toBe(200);
      const first = await temporaryPasswordOf(t, user);
      expect((await forceReset(t, adminCookie, user.id)).statusCode).toBe(200);
      expect(await temporaryPasswordOf(t, user)).not.toBe(first);
    });

    it('refuses an admin resetting their own password this way with 403, changing nothing', async () => {
      const res = await forceReset(t, adminCookie, admin.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'FORBIDDEN',
          message: 'Kendi şifrenizi bu yolla sıfırlayamazsınız; Ayarlar sayfasını kullanın.',
        },
      });
      expect(await mustResetPassword(t, admin.id)).toBe(false);
      expect(await outboxTo(t.database.db, admin.email)).toHaveLength(0);
      expect(await sessionUserId(t, adminCookie)).toBe(admin.id);
    });

    it('refuses a member who is not an admin with 403 FORBIDDEN, changing nothing', async () => {
      const member = await createUser(t.database.db);
      const target = await createUser(t.database.db);
      const targetCookie = await signIn(t, target);
      const res = await forceReset(t, await signIn(t, member), target.id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'Yetkisiz erişim' } });
      expect(await mustResetPassword(t, target.id)).toBe(false);
      expect(await outboxTo(t.database.db, target.email)).toHaveLength(0);
      expect(await sessionUserId(t, targetCookie)).toBe(target.id);
    });

    it('answers 404 for an unknown user', async () => {
      const res = await forceReset(t, adminCookie, 'boyle-bir-kullanici-yok');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Kullanıcı bulunamadı' } });
    });

    it('requires a reason of at least 3 characters', async () => {
      const user = await createUser(t.database.db);
      const res = await forceReset(t, adminCookie, user.id, ' ab ');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { reason: 'Gerekçe en az 3 karakter olmalıdır' },
      });
      expect(await mustResetPassword(t, user.id)).toBe(false);
    });
  });

  describe('a user who must reset the password', () => {
    it('is refused every member API with 403 PASSWORD_RESET_REQUIRED', async () => {
      const { user, cookie } = await flaggedMember();
      const guarded = t.app.apiRoutes.filter((r) => r.access !== 'public' && !r.allowDuringPasswordReset);
      expect(guarded.map((r) => `${r.method} ${r.url}`)).toEqual(
        expect.arrayContaining(['GET /api/me/profile', 'PUT /api/me/settings']),
      );
      for (const route of guarded) {
        const url = route.url.replace(/:\w+/g, user.id);
        const res = await callApi(t, route.method as 'GET', url, {
          cookie,
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json(), `${route.method} ${route.url}`).toEqual({
          error: { code: 'PASSWORD_RESET_REQUIRED', message: messages.errors.PASSWORD_RESET_REQUIRED },
        });
      }
      // Nothing those calls could have changed did change.
      expect(await sessionUserId(t, cookie)).toBe(user.id);
      expect(await mustResetPassword(t, user.id)).toBe(true);
    });

    it('may still read the session, which says a reset is due, and sign out', async () => {
      const { user, temporary, cookie } = await flaggedMember();
      const session = await callApi(t, 'GET', '/api/auth/session', { cookie });
      expect(session.statusCode).toBe(200);
      expect(session.json().user).toMatchObject({ id: user.id, mustResetPassword: true });

      const other = await signIn(t, { email: user.email, password: temporary });
      const out = await callApi(t, 'POST', '/api/auth/sign-out', { cookie: other });
      expect(out.statusCode).toBe(204);
      expect(await sessionUserId(t, other)).toBeNull();
      expect(await sessionUserId(t, cookie)).toBe(user.id);
    });

    it('is refused a confirmation that does not match with 400 "Şifreler eşleşmiyor"', async () => {
      const { user, cookie } = await flaggedMember();
      const res = await completeReset(t, cookie, chosenPassword, 'Kendi-Seçtiğim-32!');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Şifreler eşleşmiyor',
          fields: { confirmPassword: 'Şifreler eşleşmiyor' },
        },
      });
      expect(await mustResetPassword(t, user.id)).toBe(true);
    });

    it('is refused a weak or common new password', async () => {
      const { user, cookie } = await flaggedMember();
      const weak = await completeReset(t, cookie, 'zayif');
      expect(weak.statusCode).toBe(400);
      expect(weak.json().error.fields.newPassword).toBe(unmetPasswordRules('zayif').join(', '));
      const common = await completeReset(t, cookie, 'Password123!');
      expect(common.statusCode).toBe(400);
      expect(common.json().error.message).toBe(passwordMessages.common);
      expect(await mustResetPassword(t, user.id)).toBe(true);
    });

    it('is closed to a member who is not flagged: no new password without the current one', async () => {
      const user = await createUser(t.database.db);
      const cookie = await signIn(t, user);
      const res = await completeReset(t, cookie, chosenPassword);
      expect(res.statusCode).toBe(403);
      expect((await postSignIn(t, user.email, chosenPassword)).statusCode).toBe(401);
      expect(await sessionUserId(t, cookie)).toBe(user.id);
    });

    it('chooses a new password: 204, the flag clears, member APIs work again and the other sessions end', async () => {
      const { user, temporary, cookie } = await flaggedMember();
      const otherBrowser = await signIn(t, { email: user.email, password: temporary });

      const res = await completeReset(t, cookie, chosenPassword);
      expect(res.statusCode).toBe(204);
      expect(await mustResetPassword(t, user.id)).toBe(false);

      expect((await callApi(t, 'GET', '/api/me/profile', { cookie })).statusCode).toBe(200);
      const saved = await callApi(t, 'PUT', '/api/me/settings', { cookie, payload: settings });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ ...settings, smsNotifications: false });

      expect(await sessionUserId(t, otherBrowser)).toBeNull();
      expect(await sessionsOf(t.database.db, user.id)).toHaveLength(1);

      const [event] = await securityEventsOf(t.database.db, user.id, 'password_changed');
      expect(event.details).toEqual({ via: 'forced_reset', otherSessionsEnded: 1 });

      expect((await postSignIn(t, user.email, temporary)).statusCode).toBe(401);
      expect((await postSignIn(t, user.email, chosenPassword)).statusCode).toBe(200);
    });
  });
});
