import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { eventually } from '../../../../test/eventually.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import type { CheckoutResult } from '#shared/schemas/checkout.ts';
import type { JobsOverview } from '#shared/schemas/jobs.ts';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createUser, signIn } from '../../../../test/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../../test/smtp-server.ts';
import { checkoutBody, createMarket, payWithSandbox, postCheckout } from '../../../../test/trading.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { listings } from '../../db/schema/listings.ts';
import { orderGroups } from '../../db/schema/orders.ts';
import { passwordResetRequests } from '../../db/schema/password-reset-requests.ts';
import { payments } from '../../db/schema/payments.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { createMailTransport, type MailTransport } from '../../lib/mailer/transport.ts';
import { passwordResetEmail } from '../../lib/mailer/templates.ts';

describeEachDatabase('background jobs in the app', (kind) => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());
  // The SMTP server's port is known only once it listens, after the app's options are given.
  let smtpTransport: MailTransport | undefined;
  const mailTransport: MailTransport = {
    kind: 'smtp',
    send: (row, attachments) =>
      (smtpTransport ??= createMailTransport(smtp.url, 'OptiStok <bildirim@optistok.test>')).send(row, attachments),
    close: () => smtpTransport?.close(),
  };
  const t = useTestApp(kind, {
    backgroundJobs: true,
    jobOptions: { pollingIntervalSeconds: 0.5, schedule: false },
    env: { RATE_LIMIT_MAX: '100000' },
    mailTransport,
  });
  let admin: string;
  let member: string;
  beforeAll(async () => {
    admin = await signIn(t, await createUser(t.database.db, { role: 'admin' }));
    member = await signIn(t, await createUser(t.database.db));
  });
  const overview = async () => {
    const res = await callApi(t, 'GET', '/api/admin/jobs', { cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<JobsOverview>();
  };
  const queueOf = async (name: string) => (await overview()).queues.find((q) => q.name === name)!;

  it('delivers mail queued in a transaction as soon as it commits (no kick), over real SMTP', async () => {
    const to = `teslim-${randomUUID()}@ornek-optik.com.tr`;
    await t.database.db.transaction(async (tx) => {
      await enqueueEmail(tx, to, passwordResetEmail({ name: 'Ayşe', resetUrl: 'http://x/reset' }), t.clock.now());
    });
    await eventually(() => smtp.received.some((mail) => mail.to && JSON.stringify(mail.to).includes(to)));
    await eventually(async () => (await queueOf('mail-delivery')).lastCompletedAt !== null);
  });

  it('mails a forgot-password link from the password-reset job, woken by the request (no kick), over real SMTP', async () => {
    const user = await createUser(t.database.db, { name: 'Derya Işık' });
    const res = await callApi(t, 'POST', '/api/auth/forgot-password', { payload: { email: user.email } });
    expect(res.statusCode, res.body).toBe(202);
    // The request only wrote itself down; the job looks the address up and queues the mail, whose
    // own wake-up sends it.
    await eventually(() =>
      smtp.received.some(
        (mail) => JSON.stringify(mail.to).includes(user.email) && /reset-password\?token=/.test(mail.text || ''),
      ),
    );
    expect(await t.database.db.select().from(passwordResetRequests)).toEqual([]);
    await eventually(async () => (await queueOf('password-reset')).lastCompletedAt !== null);
  });

  it('lists every job to the admin only', async () => {
    const view = await overview();
    expect(view.running).toBe(true);
    expect(view.queues.map((q) => q.name).sort()).toEqual(Object.keys(adminMessages.jobs.labels).sort());
    for (const q of view.queues) expect(q).toMatchObject({ failed: 0, lastError: null });
    expect((await callApi(t, 'GET', '/api/admin/jobs', { cookie: member })).statusCode).toBe(403);
    expect((await callApi(t, 'POST', '/api/admin/jobs/payouts/run', { cookie: member })).statusCode).toBe(403);
  });

  it("reports each queue's depth and failures to the metrics scraper", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    for (const name of Object.keys(adminMessages.jobs.labels))
      for (const state of ['waiting', 'active', 'failed'])
        expect(res.body).toMatch(
          new RegExp(`^optistok_jobs\\{job="${name}",state="${state}",app="optistok"\\} \\d+$`, 'm'),
        );
  });

  it('"Şimdi çalıştır" runs the reservation sweep: an unpaid checkout past its hold gives its stock back', async () => {
    const m = await createMarket(t.database.db);
    const buyer = await signIn(t, m.buyer);
    const body = await checkoutBody(t, buyer, [{ listingId: m.listingA.id, quantity: 2 }]);
    const placed = await postCheckout(t, buyer, randomUUID(), body);
    expect(placed.statusCode, placed.body).toBe(201);
    const { groupId } = placed.json<CheckoutResult>();
    const [group] = await t.database.db.select().from(orderGroups).where(eq(orderGroups.id, groupId));
    t.clock.set(new Date(group!.reservedUntil.getTime() + 1_000));

    const run = await callApi(t, 'POST', '/api/admin/jobs/reservation-expiry/run', { cookie: admin });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toEqual({ message: adminMessages.jobs.queued });
    await eventually(async () => {
      const [now] = await t.database.db.select().from(orderGroups).where(eq(orderGroups.id, groupId));
      return now!.status === 'expired';
    });
    const [listing] = await t.database.db.select().from(listings).where(eq(listings.id, m.listingA.id));
    expect(listing!.stock).toBe(5);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'job_run_requested'), eq(adminAuditLog.targetId, 'reservation-expiry')));
    expect(audit).toHaveLength(1);
  });

  it('the payment-reconciliation job settles a payment whose bank answer was lost, once the bank knows', async () => {
    const m = await createMarket(t.database.db);
    const buyer = await signIn(t, m.buyer);
    const body = await checkoutBody(t, buyer, [{ listingId: m.listingA.id, quantity: 1 }]);
    const placed = await postCheckout(t, buyer, randomUUID(), body);
    expect(placed.statusCode, placed.body).toBe(201);
    const { groupId, paymentUrl } = placed.json<CheckoutResult>();
    // The sandbox's slow card: authorisation and query time out for 5 minutes (decision 038).
    await payWithSandbox(t, buyer, paymentUrl, '4111111111111145');
    const [waiting] = await t.database.db.select().from(orderGroups).where(eq(orderGroups.id, groupId));
    expect(waiting!.status).toBe('awaiting_payment');
    t.clock.advance(6 * 60_000);

    const run = await callApi(t, 'POST', '/api/admin/jobs/payment-reconciliation/run', { cookie: admin });
    expect(run.statusCode, run.body).toBe(200);
    await eventually(async () => {
      const [now] = await t.database.db.select().from(orderGroups).where(eq(orderGroups.id, groupId));
      return now!.status === 'paid';
    });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.groupId, groupId));
    expect(payment).toMatchObject({ status: 'succeeded', nextCheckAt: null });
  });

  it('refuses to retry a run that has not failed, and an unknown job, in Turkish', async () => {
    const res = await callApi(t, 'POST', `/api/admin/jobs/payouts/${randomUUID()}/retry`, { cookie: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'CONFLICT', message: adminMessages.jobs.notRetryable } });
    const unknown = await callApi(t, 'POST', '/api/admin/jobs/bilinmeyen/run', { cookie: admin });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('an app without background jobs', () => {
  const t = useTestApp('pglite');
  it('says so to the admin instead of pretending to queue', async () => {
    const admin = await signIn(t, await createUser(t.database.db, { role: 'admin' }));
    const view = await callApi(t, 'GET', '/api/admin/jobs', { cookie: admin });
    expect(view.json()).toEqual({ running: false, queues: [] });
    const run = await callApi(t, 'POST', '/api/admin/jobs/payouts/run', { cookie: admin });
    expect(run.statusCode).toBe(503);
    expect(run.json().error.message).toBe(adminMessages.jobs.notRunning);
  });
});
