import { and, count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { authMessages, passwordMessages } from '#shared/messages/auth.tr.ts';
import { unmetPasswordRules } from '#shared/password-policy.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { testOrigin, useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import {
  callApi,
  createUser,
  freshIp,
  outboxTo,
  postSignIn,
  securityEventsOf,
  sessionUserId,
  sessionsOf,
  signIn,
} from '../../../../test/factories.ts';
import { startSmtpServer } from '../../../../test/smtp-server.ts';
import { verifications } from '../../db/schema/auth.ts';
import { RESET_TOKEN_SECONDS } from '../../lib/auth.ts';
import { emailOutbox } from '../../db/schema/email-outbox.ts';
import { rateLimits } from '../../db/schema/rate-limits.ts';
import { securityEvents } from '../../db/schema/security-events.ts';
import { users } from '../../db/schema/users.ts';
import { passwordResetRequests } from '../../db/schema/password-reset-requests.ts';
import { createMailTransport } from '../../lib/mailer/transport.ts';
import { deliverDueEmails } from '../../lib/mailer/delivery.ts';
import { claimPasswordResetRequests } from './auth.repo.ts';
import { handlePasswordResetRequests } from './auth.service.ts';

const newPassword = 'Yeni-Çerçeve-77?';

async function forgot(t: TestAppHandle, email: string, ip = freshIp()) {
  const res = await callApi(t, 'POST', '/api/auth/forgot-password', { payload: { email }, ip });
  await runResetJob(t); // the look-up, token and mail run after the answer, in the password-reset job
  return res;
}

/** One run of the password-reset job's batch, as the job runs it. */
function runResetJob(t: TestAppHandle) {
  return handlePasswordResetRequests(t.database.db, t.app.auth, t.clock);
}

function reset(t: TestAppHandle, token: string, password: string, confirmPassword = password) {
  return callApi(t, 'POST', '/api/auth/reset-password', {
    payload: { token, newPassword: password, confirmPassword },
    ip: freshIp(),
  });
}

/** Asks for a reset link and reads the token out of the queued e-mail, as the user would from the link. */
async function requestResetToken(t: TestAppHandle, email: string): Promise<string> {
  expect((await forgot(t, email)).statusCode).toBe(202);
  const rows = await outboxTo(t.database.db, email);
  const text = rows.at(-1)?.text ?? '';
  const match = text.match(/\/reset-password\?token=(\S+)/);
  if (!match) throw new Error(`no reset link in the e-mail to ${email}: ${text}`);
  return decodeURIComponent(match[1]);
}

function resetRequestsFor(t: TestAppHandle, email: string) {
  return t.database.db
    .select()
    .from(securityEvents)
    .where(
      and(eq(securityEvents.type, 'password_reset_requested'), sql`${securityEvents.details}->>'email' = ${email}`),
    );
}

describeEachDatabase('password reset request: the same work on the request for every address', (kind) => {
  const t = useTestApp(kind);

  /** Rows of every table a reset request can write to. */
  async function rowCounts() {
    const db = t.database.db;
    const [[v], [o], [e], [r], [q]] = await Promise.all([
      db.select({ n: count() }).from(verifications),
      db.select({ n: count() }).from(emailOutbox),
      db.select({ n: count() }).from(securityEvents),
      db.select({ n: count() }).from(rateLimits),
      db.select({ n: count() }).from(passwordResetRequests),
    ]);
    return { verifications: v.n, outbox: o.n, securityEvents: e.n, rateLimits: r.n, resetRequests: q.n };
  }
  const diff = (a: Record<string, number>, b: Record<string, number>) =>
    Object.fromEntries(Object.keys(a).map((k) => [k, b[k] - a[k]]));

  it('answers a registered and an unknown address alike after the same writes, then mails only the registered one', async () => {
    const user = await createUser(t.database.db, { name: 'Şükrü Çağlar' });
    const unknownEmail = 'hic-kayitli-degil@ornek-optik.com.tr';
    const post = (email: string) =>
      callApi(t, 'POST', '/api/auth/forgot-password', { payload: { email }, ip: freshIp() });

    const before = await rowCounts();
    const known = await post(user.email);
    const afterKnown = await rowCounts();
    const unknown = await post(unknownEmail);
    const afterUnknown = await rowCounts();

    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    // On the request: the per-address route limit and the request for the job, for both; neither
    // looked the address up.
    expect(diff(before, afterKnown)).toEqual({
      verifications: 0,
      outbox: 0,
      securityEvents: 0,
      rateLimits: 1,
      resetRequests: 1,
    });
    expect(diff(afterKnown, afterUnknown)).toEqual(diff(before, afterKnown));

    expect(await runResetJob(t)).toBe(2);
    expect(await runResetJob(t)).toBe(0); // handled requests are gone: a second run mails nothing
    expect((await rowCounts()).resetRequests).toBe(0);
    expect(await outboxTo(t.database.db, unknownEmail)).toHaveLength(0);
    expect(await resetRequestsFor(t, unknownEmail)).toMatchObject([{ userId: null, details: { sent: false } }]);
    expect(await resetRequestsFor(t, user.email)).toMatchObject([{ userId: user.id, details: { sent: true } }]);

    // The reset mail leaves through the outbox worker.
    const smtp = await startSmtpServer();
    const transport = createMailTransport(smtp.url, 'OptiStok <no-reply@optistok.local>');
    try {
      expect(await deliverDueEmails(t.database.db, transport, t.clock)).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect([smtp.received[0].to].flat().flatMap((a) => a?.value.map((v) => v.address))).toEqual([user.email]);
      expect(smtp.received[0].text).toContain('Merhaba Şükrü Çağlar');
      expect(smtp.received[0].text).toContain(`${testOrigin}/reset-password?token=`);
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});

describeEachDatabase('password reset requests in the durable job', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.reset());

  it('a request claimed by a run that died is handled once its claim runs out; racing runs handle it once', async () => {
    const user = await createUser(t.database.db);
    const post = () =>
      callApi(t, 'POST', '/api/auth/forgot-password', { payload: { email: user.email }, ip: freshIp() });
    expect((await post()).statusCode).toBe(202);
    // A run claims the request and dies before handling it.
    const now = t.clock.now();
    expect(await claimPasswordResetRequests(t.database.db, now, new Date(now.getTime() + 60_000), 20)).toHaveLength(1);
    expect(await runResetJob(t)).toBe(0);
    expect(await outboxTo(t.database.db, user.email)).toHaveLength(0);

    t.clock.advance(5 * 60 * 1000);
    expect(await runResetJob(t)).toBe(1);
    expect(await outboxTo(t.database.db, user.email)).toHaveLength(1);

    // Two instances' runs at once (SKIP LOCKED on PostgreSQL): the next request is mailed once.
    expect((await post()).statusCode).toBe(202);
    const handled = await Promise.all([runResetJob(t), runResetJob(t)]);
    expect(handled.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await outboxTo(t.database.db, user.email)).toHaveLength(2);
  });
});

describeEachDatabase('password reset by e-mail', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.reset());

  describe('POST /api/auth/forgot-password', () => {
    it('answers a known and an unknown address with the same 202 body', async () => {
      const user = await createUser(t.database.db);
      const known = await forgot(t, user.email);
      const unknown = await forgot(t, 'hic-kayitli-degil@ornek-optik.com.tr');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.json()).toEqual({ message: authMessages.forgotDone });
      expect(unknown.body).toBe(known.body);
    });

    it('queues exactly one password_reset e-mail with the reset link for a known address, none for an unknown one', async () => {
      const user = await createUser(t.database.db, { name: 'Şükrü Çağlar' });
      expect((await forgot(t, user.email.toUpperCase())).statusCode).toBe(202);
      expect((await forgot(t, 'bilinmeyen@ornek-optik.com.tr')).statusCode).toBe(202);

      const rows = await outboxTo(t.database.db, user.email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        template: 'password_reset',
        toAddress: user.email,
        status: 'pending',
        subject: 'OptiStok şifre sıfırlama bağlantınız',
      });
      expect(rows[0].text).toContain(`${testOrigin}/reset-password?token=`);
      expect(rows[0].text).toContain('Merhaba Şükrü Çağlar');
      expect(rows[0].html).toContain('/reset-password?token=');
      expect(await outboxTo(t.database.db, 'bilinmeyen@ornek-optik.com.tr')).toHaveLength(0);
    });

    it('records password_reset_requested, saying whether a mail was sent', async () => {
      const user = await createUser(t.database.db);
      const ip = freshIp();
      await forgot(t, user.email, ip);
      await forgot(t, 'yok-boyle-biri@ornek-optik.com.tr');

      const [known] = await securityEventsOf(t.database.db, user.id, 'password_reset_requested');
      expect(known).toMatchObject({ ip, details: { email: user.email, sent: true } });
      const [unknown] = await resetRequestsFor(t, 'yok-boyle-biri@ornek-optik.com.tr');
      expect(unknown).toMatchObject({ userId: null, details: { sent: false } });
    });

    it('queues at most 3 e-mails per address per hour but answers every request alike', async () => {
      const user = await createUser(t.database.db);
      const answers = [];
      for (let i = 1; i <= 5; i++) answers.push(await forgot(t, user.email));
      expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(await outboxTo(t.database.db, user.email)).toHaveLength(3);

      t.clock.advance(60 * 60 * 1000 + 1);
      await forgot(t, user.email);
      expect(await outboxTo(t.database.db, user.email)).toHaveLength(4);
    });

    it('sends nothing to a banned account', async () => {
      const user = await createUser(t.database.db, { banned: true });
      expect((await forgot(t, user.email)).statusCode).toBe(202);
      expect(await outboxTo(t.database.db, user.email)).toHaveLength(0);
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('sets the new password with the e-mailed token: the old one stops working, the new one works', async () => {
      const user = await createUser(t.database.db);
      const token = await requestResetToken(t, user.email);
      const res = await reset(t, token, newPassword);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');

      expect((await postSignIn(t, user.email, user.password)).statusCode).toBe(401);
      expect((await postSignIn(t, user.email, newPassword)).statusCode).toBe(200);
      const [changed] = await securityEventsOf(t.database.db, user.id, 'password_changed');
      expect(changed.details).toEqual({ via: 'reset_link' });
    });

    it('refuses a token the second time with 400 INVALID_TOKEN in Turkish', async () => {
      const user = await createUser(t.database.db);
      const token = await requestResetToken(t, user.email);
      expect((await reset(t, token, newPassword)).statusCode).toBe(204);
      const again = await reset(t, token, 'Baska-Bir-Sifre-5!');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: { code: 'INVALID_TOKEN', message: messages.errors.INVALID_TOKEN } });
      expect((await postSignIn(t, user.email, newPassword)).statusCode).toBe(200);
    });

    it('refuses an expired token and leaves the password unchanged', async () => {
      const user = await createUser(t.database.db);
      const token = await requestResetToken(t, user.email);
      // The link is good for an hour on the app's clock.
      t.clock.advance(RESET_TOKEN_SECONDS * 1000 + 1000);

      const res = await reset(t, token, newPassword);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'INVALID_TOKEN', message: messages.errors.INVALID_TOKEN } });
      expect((await postSignIn(t, user.email, user.password)).statusCode).toBe(200);
    });

    it('refuses a made-up token', async () => {
      const res = await reset(t, 'uydurma-bir-jeton', newPassword);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_TOKEN');
    });

    it('refuses a weak password with 400 VALIDATION_FAILED listing every unmet rule, and keeps the token usable', async () => {
      const user = await createUser(t.database.db);
      const token = await requestResetToken(t, user.email);
      const res = await reset(t, token, 'kisa');
      expect(res.statusCode).toBe(400);
      const listed = [
        passwordMessages.min,
        passwordMessages.upper,
        passwordMessages.digit,
        passwordMessages.special,
      ].join(', ');
      expect(unmetPasswordRules('kisa').join(', ')).toBe(listed);
      expect(res.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: listed, fields: { newPassword: listed } },
      });
      expect((await reset(t, token, newPassword)).statusCode).toBe(204);
    });

    it('refuses a common password that meets the rules, and keeps the token usable', async () => {
      const user = await createUser(t.database.db);
      const token = await requestResetToken(t, user.email);
      expect(unmetPasswordRules('Password123!')).toEqual([]);
      const res = await reset(t, token, 'Password123!');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: passwordMessages.common,
          fields: { newPassword: passwordMessages.common },
        },
      });
      expect((await postSignIn(t, user.email, 'Password123!')).statusCode).toBe(401);
      expect((await reset(t, token, newPassword)).statusCode).toBe(204);
    });

    it('refuses a confirmation that does not match', async () => {
      const user = await createUser(t.database.db);
      const token = await requestResetToken(t, user.email);
      const res = await reset(t, token, newPassword, `${newPassword}x`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Şifreler eşleşmiyor',
        fields: { confirmPassword: 'Şifreler eşleşmiyor' },
      });
    });

    it('ends every existing session of the user and clears must_reset_password', async () => {
      const user = await createUser(t.database.db, { mustResetPassword: true });
      const laptop = await signIn(t, user);
      const phone = await signIn(t, user);
      expect(await sessionsOf(t.database.db, user.id)).toHaveLength(2);

      const token = await requestResetToken(t, user.email);
      expect((await reset(t, token, newPassword)).statusCode).toBe(204);

      expect(await sessionsOf(t.database.db, user.id)).toHaveLength(0);
      expect(await sessionUserId(t, laptop)).toBeNull();
      expect(await sessionUserId(t, phone)).toBeNull();
      const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row.mustResetPassword).toBe(false);

      const cookie = await signIn(t, { email: user.email, password: newPassword });
      expect((await callApi(t, 'GET', '/api/me/profile', { cookie })).statusCode).toBe(200);
    });
  });
});
