import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { callApi, createUser, freshIp, signIn, type TestUser } from '../../../../test/factories.ts';
import { checkoutBody, createMarket, payWithSandbox, postCheckout } from '../../../../test/trading.ts';
import { readMigrationJournal } from '../../db/migrate.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { userApplications } from '../../db/schema/applications.ts';
import { emailOutbox } from '../../db/schema/email-outbox.ts';
import { appVersion } from '../../lib/app-root.ts';

const am = adminMessages;

/** Every admin route of this slice (users, overview, system, settings, e-mail test page). */
const adminRoutes = [
  'GET /api/admin/stats',
  'GET /api/admin/role-changes',
  'GET /api/admin/users',
  'GET /api/admin/users/export.csv',
  'POST /api/admin/users/bulk-delete',
  'GET /api/admin/users/:id',
  'PUT /api/admin/users/:id',
  'GET /api/admin/users/:id/security-events',
  'GET /api/admin/users/:id/export.json',
  'POST /api/admin/users/:id/change-role',
  'POST /api/admin/users/:id/force-password-reset',
  'GET /api/admin/security-log',
  'GET /api/admin/system-status',
  'POST /api/admin/outbox/:id/retry',
  'POST /api/admin/outbox/retry-failed',
  'GET /api/admin/outbox',
  'GET /api/admin/settings',
  'PUT /api/admin/settings',
  'GET /api/admin/analytics',
  'GET /api/admin/reports/members',
  'GET /api/admin/notifications',
  'GET /api/admin/contact-messages',
  'GET /api/admin/database',
  'GET /api/admin/email-debug/results',
  'POST /api/admin/email-debug/test',
  'POST /api/admin/email-debug/attachment-test',
];

function call(t: TestAppHandle, route: string, cookie?: string) {
  const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT', string];
  return callApi(t, method, url.replace(/:id/g, '00000000-0000-4000-8000-000000000000'), {
    cookie,
    payload: method === 'GET' ? undefined : {},
  });
}

async function insertApplication(t: TestAppHandle, fields: Partial<typeof userApplications.$inferInsert> = {}) {
  const n = Math.floor(Math.random() * 1e9);
  const [row] = await t.database.db
    .insert(userApplications)
    .values({
      storeName: `Deneme Optik ${n}`,
      authorizedPerson: 'Ali Veli',
      email: `basvuru-${n}@ornek.test`,
      phone: '05321234567',
      taxNumber: String(1e9 + n).slice(0, 10),
      city: 'İzmir',
      submittedAt: t.clock.now(),
      ...fields,
    })
    .returning();
  return row;
}

async function insertOutbox(t: TestAppHandle, fields: Partial<typeof emailOutbox.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(emailOutbox)
    .values({
      template: 'test',
      toAddress: 'alici@ornek.test',
      subject: 'Konu',
      html: '<p>x</p>',
      text: 'x',
      createdAt: t.clock.now(),
      nextAttemptAt: t.clock.now(),
      ...fields,
    })
    .returning();
  return row;
}

describeEachDatabase('admin API', (kind) => {
  const t = useTestApp(kind);
  let admin: TestUser;
  let cookie: string;

  beforeEach(async () => {
    t.clock.reset();
    admin ??= await createUser(t.database.db, {
      role: 'admin',
      name: 'Yönetici Selin',
      email: 'selin.yonetici@optistok.test',
    });
    cookie = await signIn(t, admin);
  });

  describe('access', () => {
    it('declares every admin route with the admin rule', () => {
      const listed = t.app.apiRoutes.map((r) => `${r.method} ${r.url} ${r.access}`);
      expect(listed).toEqual(expect.arrayContaining(adminRoutes.map((r) => `${r} admin`)));
      expect(listed).toContain('GET /api/settings/public public');
    });

    it('refuses anonymous callers with 401 and members who are not admins with 403 on every admin route', async () => {
      const memberCookie = await signIn(t, await createUser(t.database.db, { role: 'store_owner' }));
      for (const route of adminRoutes) {
        const anonymous = await call(t, route);
        expect(anonymous.statusCode, route).toBe(401);
        const member = await call(t, route, memberCookie);
        expect(member.statusCode, route).toBe(403);
        expect(member.json(), route).toEqual({ error: { code: 'FORBIDDEN', message: 'Yetkisiz erişim' } });
      }
    });

    it('keeps the OpenAPI document buildable with the admin routes in it', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json', remoteAddress: freshIp() });
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json().paths)).toEqual(
        expect.arrayContaining(['/api/admin/users', '/api/admin/settings', '/api/settings/public']),
      );
    });
  });

  describe('GET /api/admin/stats', () => {
    it('counts pending applications, active non-admin users and all users', async () => {
      const before = (await callApi(t, 'GET', '/api/admin/stats', { cookie })).json();
      await createUser(t.database.db, { role: 'optician' });
      await createUser(t.database.db, { role: 'user', banned: true });
      await createUser(t.database.db, { role: 'admin' });
      await insertApplication(t);
      await insertApplication(t, { status: 'approved' });
      const after = (await callApi(t, 'GET', '/api/admin/stats', { cookie })).json();
      expect(after).toEqual({
        pendingApplications: before.pendingApplications + 1,
        activeUsers: before.activeUsers + 1,
        totalUsers: before.totalUsers + 3,
        recentApplications: before.recentApplications + 2,
        waitingDisputes: before.waitingDisputes,
      });
    });
  });

  describe('GET /api/admin/security-log', () => {
    it('lists admin actions and security events together, newest first, with search and type filters', async () => {
      const user = await createUser(t.database.db, { name: 'Gülşen Çakır', role: 'user' });
      t.clock.advance(1000);
      await signIn(t, user);
      t.clock.advance(1000);
      const changed = await callApi(t, 'POST', `/api/admin/users/${user.id}/change-role`, {
        cookie,
        payload: { newRole: 'optician', reason: 'Optisyen belgesi geldi' },
      });
      expect(changed.statusCode).toBe(200);

      const all = (await callApi(t, 'GET', '/api/admin/security-log', { cookie })).json();
      expect(all.entries[0]).toMatchObject({
        source: 'admin',
        type: 'role_changed',
        actorId: admin.id,
        actorName: 'Yönetici Selin',
        targetId: user.id,
        targetLabel: `Gülşen Çakır <${user.email}>`,
      });
      expect(all.entries[0].details).toMatchObject({
        oldRole: 'user',
        newRole: 'optician',
        reason: 'Optisyen belgesi geldi',
      });
      const times = all.entries.map((e: { createdAt: string }) => e.createdAt);
      expect([...times].sort().reverse()).toEqual(times);

      // Search folds Turkish letters and finds names, reasons and the Turkish type labels.
      for (const q of ['gulsen cakir', 'GÜLŞEN', 'optisyen belgesi', 'rol değiştirildi']) {
        const found = (
          await callApi(t, 'GET', `/api/admin/security-log?q=${encodeURIComponent(q)}`, { cookie })
        ).json();
        expect(
          found.entries.map((e: { type: string }) => e.type),
          q,
        ).toContain('role_changed');
      }
      const signIns = (
        await callApi(t, 'GET', `/api/admin/security-log?q=${encodeURIComponent('gülşen')}&type=sign_in_success`, {
          cookie,
        })
      ).json();
      expect(signIns.entries).toEqual([
        expect.objectContaining({ source: 'security', type: 'sign_in_success', actorId: user.id }),
      ]);
      const onlyAdmin = (await callApi(t, 'GET', '/api/admin/security-log?type=admin', { cookie })).json();
      expect(onlyAdmin.entries.every((e: { source: string }) => e.source === 'admin')).toBe(true);
      const onlySecurity = (await callApi(t, 'GET', '/api/admin/security-log?type=security', { cookie })).json();
      expect(onlySecurity.entries.length).toBeGreaterThan(0);
      expect(onlySecurity.entries.every((e: { source: string }) => e.source === 'security')).toBe(true);
      const nothing = (await callApi(t, 'GET', '/api/admin/security-log?q=hic-yok-boyle-bir-sey', { cookie })).json();
      expect(nothing).toMatchObject({ entries: [], total: 0, pageCount: 1 });
    });

    it('finds an arriving application by its Turkish label (the log showed "application_submitted" raw)', async () => {
      await t.database.db.insert(adminAuditLog).values({
        actorId: null,
        action: 'application_submitted',
        targetType: 'user_application',
        targetId: null,
        createdAt: t.clock.now(),
      });
      const found = (
        await callApi(t, 'GET', `/api/admin/security-log?q=${encodeURIComponent('ÜYELİK BAŞVURUSU')}`, { cookie })
      ).json();
      expect(found.entries.map((e: { type: string }) => e.type)).toEqual(['application_submitted']);
    });

    it('pages by 20', async () => {
      for (let i = 0; i < 25; i++) await signIn(t, admin);
      const first = (await callApi(t, 'GET', '/api/admin/security-log?type=sign_in_success&page=1', { cookie })).json();
      const second = (
        await callApi(t, 'GET', '/api/admin/security-log?type=sign_in_success&page=2', { cookie })
      ).json();
      expect(first.entries).toHaveLength(20);
      expect(first.pageSize).toBe(20);
      expect(second.total).toBe(first.total);
      expect(second.entries.length).toBe(Math.min(20, first.total - 20));
      expect(new Set([...first.entries, ...second.entries].map((e: { id: string }) => e.id)).size).toBe(
        first.entries.length + second.entries.length,
      );
    });
  });

  describe('system status and the outbox', () => {
    it('reports the database, migrations, the queue with the oldest pending age, uptime and version', async () => {
      await insertOutbox(t, { status: 'pending', createdAt: new Date(t.clock.now().getTime() - 90_000) });
      await insertOutbox(t, { status: 'failed', attempts: 8, lastError: 'SMTP 550 reddedildi' });
      const res = await callApi(t, 'GET', '/api/admin/system-status', { cookie });
      expect(res.statusCode).toBe(200);
      const status = res.json();
      const journal = readMigrationJournal();
      expect(status).toMatchObject({
        database: { kind, reachable: true },
        migrations: { applied: journal.length, known: journal.length, latest: journal.at(-1)!.tag },
        outbox: { transport: 'dev-mailbox', workerRunning: false },
        version: appVersion,
        nodeVersion: process.version,
      });
      expect(status.database.latencyMs).toBeGreaterThanOrEqual(0);
      expect(status.outbox.pending).toBeGreaterThanOrEqual(1);
      expect(status.outbox.failed).toBeGreaterThanOrEqual(1);
      expect(status.outbox.oldestPendingSeconds).toBeGreaterThanOrEqual(90);
      expect(status.uptimeSeconds).toBeGreaterThanOrEqual(0);
      expect(status.failedEmails[0]).toMatchObject({ status: 'failed', lastError: 'SMTP 550 reddedildi', attempts: 8 });
    });

    it('retries a failed e-mail: pending, due now, attempts reset, with an audit row', async () => {
      const failed = await insertOutbox(t, {
        status: 'failed',
        attempts: 8,
        lastError: 'Bağlantı zaman aşımı',
        nextAttemptAt: new Date(t.clock.now().getTime() + 3600_000),
      });
      t.clock.advance(5000);
      const res = await callApi(t, 'POST', `/api/admin/outbox/${failed.id}/retry`, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: failed.id,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: t.clock.now().toISOString(),
      });
      const [audit] = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, failed.id));
      expect(audit).toMatchObject({ action: 'outbox_retried', actorId: admin.id, targetType: 'email_outbox' });
    });

    it('refuses to retry a sent e-mail (409) and an unknown one (404)', async () => {
      const sent = await insertOutbox(t, { status: 'sent', sentAt: t.clock.now() });
      const conflict = await callApi(t, 'POST', `/api/admin/outbox/${sent.id}/retry`, { cookie });
      expect(conflict.statusCode).toBe(409);
      expect(conflict.json().error.message).toBe(am.outbox.notRetryable);
      const unknown = await callApi(t, 'POST', '/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry', {
        cookie,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.message).toBe(am.outbox.notFound);
    });

    it('retries every failed e-mail at once', async () => {
      await insertOutbox(t, { status: 'failed', attempts: 8 });
      await insertOutbox(t, { status: 'failed', attempts: 8 });
      const res = await callApi(t, 'POST', '/api/admin/outbox/retry-failed', { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().retried).toBeGreaterThanOrEqual(2);
      expect(res.json().message).toBe(am.outbox.retriedAll(res.json().retried));
      expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'failed'))).toEqual([]);
    });

    it('lists the latest outbox e-mails', async () => {
      const row = await insertOutbox(t, { subject: 'Listede görünen' });
      const res = await callApi(t, 'GET', '/api/admin/outbox', { cookie });
      expect(res.json().emails.map((e: { id: string }) => e.id)).toContain(row.id);
      expect(res.json().emails.length).toBeLessThanOrEqual(50);
    });
  });

  describe('platform settings', () => {
    it('reads the defaults, saves valid values with an audit row, and /api/settings/public follows', async () => {
      const defaults = await callApi(t, 'GET', '/api/admin/settings', { cookie });
      // The general rate in force (20 % since July 2023); no category has its own yet.
      expect(defaults.json()).toMatchObject({
        vatRateBp: 2000,
        vatRatesByCategory: {},
        shippingFeeKurus: 2500,
        escrowDays: 15,
        lowStockThreshold: 10,
        freeShippingFromKurus: 100_000,
        pricesIncludeVat: false,
        adminNotificationEmail: null,
        commissionBp: 0,
        withholdingBp: 100,
        shipGraceDays: 2,
        inspectionDays: 7,
        invoiceReminderDays: 2,
      });
      const publicBefore = await t.app.inject({ method: 'GET', url: '/api/settings/public', remoteAddress: freshIp() });
      expect(publicBefore.json()).toEqual({
        vatRateBp: 2000,
        vatRatesByCategory: {},
        shippingFeeKurus: 2500,
        escrowDays: 15,
        lowStockThreshold: 10,
        freeShippingFromKurus: 100_000,
        pricesIncludeVat: false,
        commissionBp: 0,
        inspectionDays: 7,
      });

      const saved = await callApi(t, 'PUT', '/api/admin/settings', {
        cookie,
        payload: {
          vatRateBp: 2000,
          vatRatesByCategory: { lens: 1000, atolye: 100 },
          shippingFeeKurus: 3990,
          escrowDays: 20,
          lowStockThreshold: 5,
          freeShippingFromKurus: 150_050,
          pricesIncludeVat: true,
          adminNotificationEmail: ' Basvuru@OptiStok.test ',
          commissionBp: 250,
          withholdingBp: 0,
          shipGraceDays: 3,
          inspectionDays: 10,
          invoiceReminderDays: 4,
        },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        vatRateBp: 2000,
        vatRatesByCategory: { lens: 1000, atolye: 100 },
        shippingFeeKurus: 3990,
        escrowDays: 20,
        lowStockThreshold: 5,
        freeShippingFromKurus: 150_050,
        pricesIncludeVat: true,
        adminNotificationEmail: 'basvuru@optistok.test',
        commissionBp: 250,
        withholdingBp: 0,
        shipGraceDays: 3,
        inspectionDays: 10,
        invoiceReminderDays: 4,
        updatedByName: 'Yönetici Selin',
      });
      expect((await callApi(t, 'GET', '/api/admin/settings', { cookie })).json()).toMatchObject({
        vatRateBp: 2000,
        updatedByName: 'Yönetici Selin',
      });

      const publicAfter = await t.app.inject({ method: 'GET', url: '/api/settings/public', remoteAddress: freshIp() });
      expect(publicAfter.json()).toEqual({
        vatRateBp: 2000,
        vatRatesByCategory: { lens: 1000, atolye: 100 },
        shippingFeeKurus: 3990,
        escrowDays: 20,
        lowStockThreshold: 5,
        freeShippingFromKurus: 150_050,
        pricesIncludeVat: true,
        commissionBp: 250,
        inspectionDays: 10,
      });
      expect(publicAfter.headers['cache-control']).toBe('no-cache');

      const [audit] = await t.database.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.action, 'settings_updated'));
      expect(audit.details).toEqual({
        changed: {
          vatRatesByCategory: { from: {}, to: { lens: 1000, atolye: 100 } },
          shippingFeeKurus: { from: 2500, to: 3990 },
          escrowDays: { from: 15, to: 20 },
          lowStockThreshold: { from: 10, to: 5 },
          freeShippingFromKurus: { from: 100_000, to: 150_050 },
          pricesIncludeVat: { from: false, to: true },
          adminNotificationEmail: { from: null, to: 'basvuru@optistok.test' },
          commissionBp: { from: 0, to: 250 },
          withholdingBp: { from: 100, to: 0 },
          shipGraceDays: { from: 2, to: 3 },
          inspectionDays: { from: 7, to: 10 },
          invoiceReminderDays: { from: 2, to: 4 },
        },
      });

      const cleared = await callApi(t, 'PUT', '/api/admin/settings', {
        cookie,
        payload: {
          vatRateBp: 2000,
          shippingFeeKurus: 3990,
          escrowDays: 20,
          lowStockThreshold: 0,
          freeShippingFromKurus: 0,
          adminNotificationEmail: '',
        },
      });
      // 0 turns free shipping off; a body without pricesIncludeVat or inspectionDays (an older client) keeps them.
      expect(cleared.json()).toMatchObject({
        inspectionDays: 10,
        lowStockThreshold: 0,
        freeShippingFromKurus: 0,
        pricesIncludeVat: true,
        adminNotificationEmail: null,
        commissionBp: 250,
        withholdingBp: 0,
      });
      const publicCleared = await t.app.inject({
        method: 'GET',
        url: '/api/settings/public',
        remoteAddress: freshIp(),
      });
      expect(publicCleared.json()).toMatchObject({ freeShippingFromKurus: 0, pricesIncludeVat: true });
    });

    it.each([
      ['vatRateBp', 10_001, am.settings.vatInvalid],
      ['vatRateBp', 18.5, am.settings.vatInvalid],
      ['shippingFeeKurus', -1, am.settings.shippingInvalid],
      ['escrowDays', 0, am.settings.escrowInvalid],
      ['escrowDays', 91, am.settings.escrowInvalid],
      ['lowStockThreshold', -1, am.settings.lowStockInvalid],
      ['freeShippingFromKurus', -1, am.settings.freeShippingInvalid],
      ['freeShippingFromKurus', 1000.5, am.settings.freeShippingInvalid],
      ['freeShippingFromKurus', '100000', am.settings.freeShippingInvalid],
      ['pricesIncludeVat', 'evet', am.settings.pricesIncludeVatInvalid],
      ['pricesIncludeVat', null, am.settings.pricesIncludeVatInvalid],
      ['adminNotificationEmail', 'adres-degil', am.settings.emailInvalid],
      ['commissionBp', 5001, am.settings.commissionInvalid],
      ['commissionBp', -1, am.settings.commissionInvalid],
      ['withholdingBp', 1001, am.settings.withholdingInvalid],
      ['withholdingBp', 1.5, am.settings.withholdingInvalid],
      ['shipGraceDays', 31, am.settings.shipGraceInvalid],
      ['inspectionDays', 0, am.settings.inspectionInvalid],
      ['inspectionDays', 31, am.settings.inspectionInvalid],
      ['inspectionDays', 7.5, am.settings.inspectionInvalid],
      ['invoiceReminderDays', 0, am.settings.invoiceReminderInvalid],
      ['invoiceReminderDays', 31, am.settings.invoiceReminderInvalid],
    ])('refuses %s = %j with the Turkish message', async (field, value, message) => {
      const valid = {
        vatRateBp: 2000,
        shippingFeeKurus: 2500,
        escrowDays: 15,
        lowStockThreshold: 10,
        adminNotificationEmail: null,
      };
      const before = (await callApi(t, 'GET', '/api/admin/settings', { cookie })).json();
      const res = await callApi(t, 'PUT', '/api/admin/settings', { cookie, payload: { ...valid, [field]: value } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { [field]: message } });
      expect((await callApi(t, 'GET', '/api/admin/settings', { cookie })).json()).toEqual(before);
    });

    it.each([
      ['a rate above 100 %', { lens: 10_001 }, 'vatRatesByCategory.lens', am.settings.vatCategoryInvalid],
      ['a fractional rate', { lens: 1000.5 }, 'vatRatesByCategory.lens', am.settings.vatCategoryInvalid],
      ['a rate as text', { lens: '10' }, 'vatRatesByCategory.lens', am.settings.vatCategoryInvalid],
      ['an unknown category', { uydurma: 1000 }, 'vatRatesByCategory.uydurma', am.settings.vatCategoryUnknown],
    ])('refuses category VAT rates with %s, in Turkish, and changes nothing', async (_, rates, field, message) => {
      const before = (await callApi(t, 'GET', '/api/admin/settings', { cookie })).json();
      const res = await callApi(t, 'PUT', '/api/admin/settings', {
        cookie,
        payload: {
          vatRateBp: 2000,
          shippingFeeKurus: 2500,
          escrowDays: 15,
          lowStockThreshold: 10,
          adminNotificationEmail: null,
          vatRatesByCategory: rates,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { [field]: message } });
      expect((await callApi(t, 'GET', '/api/admin/settings', { cookie })).json()).toEqual(before);
    });

    it('refuses a member who is not an admin the category VAT rates, and leaves them as they were', async () => {
      const before = (await callApi(t, 'GET', '/api/admin/settings', { cookie })).json();
      const memberCookie = await signIn(t, await createUser(t.database.db, { role: 'store_owner' }));
      const res = await callApi(t, 'PUT', '/api/admin/settings', {
        cookie: memberCookie,
        payload: { ...before, vatRatesByCategory: { lens: 100 }, updatedAt: undefined, updatedByName: undefined },
      });
      expect(res.statusCode).toBe(403);
      expect((await callApi(t, 'GET', '/api/admin/settings', { cookie })).json()).toEqual(before);
    });
  });

  describe('notifications, contact messages, reports and the database page', () => {
    it('shows pending applications, failed e-mails and the latest contact messages', async () => {
      const application = await insertApplication(t, { storeName: 'Bekleyen Şık Optik' });
      const failed = await insertOutbox(t, { status: 'failed', attempts: 8, lastError: 'Posta kutusu dolu' });
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        payload: {
          name: 'Hülya Öz',
          email: 'hulya@ornek.test',
          subject: 'Üyelik sorusu',
          message: 'Başvurum ne durumda acaba?',
        },
        remoteAddress: freshIp(),
      });
      expect(sent.statusCode).toBe(201);

      const notifications = (await callApi(t, 'GET', '/api/admin/notifications', { cookie })).json();
      expect(notifications.pendingApplications.latest.map((a: { id: string }) => a.id)).toContain(application.id);
      expect(notifications.pendingApplications.count).toBeGreaterThanOrEqual(1);
      expect(notifications.failedEmails.latest.map((e: { id: string }) => e.id)).toContain(failed.id);
      expect(notifications.contactMessages.lastWeek).toBeGreaterThanOrEqual(1);
      expect(notifications.contactMessages.latest[0]).toMatchObject({
        name: 'Hülya Öz',
        email: 'hulya@ornek.test',
        subject: 'Üyelik sorusu',
        reference: sent.json().reference,
      });

      const contact = (await callApi(t, 'GET', '/api/admin/contact-messages', { cookie })).json();
      expect(contact.messages[0]).toMatchObject({
        name: 'Hülya Öz',
        subject: 'Üyelik sorusu',
        message: 'Başvurum ne durumda acaba?',
      });
      expect(contact.total).toBeGreaterThanOrEqual(1);
    });

    it('reports members by role and by month, counting every user once', async () => {
      await createUser(t.database.db, { role: 'optician' });
      const report = (await callApi(t, 'GET', '/api/admin/reports/members', { cookie })).json();
      const total = (await callApi(t, 'GET', '/api/admin/stats', { cookie })).json().totalUsers;
      expect(report.total).toBe(total);
      expect(report.byRole.map((r: { role: string }) => r.role)).toEqual(['admin', 'store_owner', 'optician', 'user']);
      expect(report.byRole.find((r: { role: string }) => r.role === 'optician').count).toBeGreaterThanOrEqual(1);
      expect(report.byMonth).toHaveLength(12);
      expect(report.byMonth.at(-1).count).toBeGreaterThanOrEqual(1);
    });

    it('lists the tables with row counts and every migration as applied', async () => {
      const overview = (await callApi(t, 'GET', '/api/admin/database', { cookie })).json();
      expect(overview.kind).toBe(kind);
      const usersTable = overview.tables.find((r: { name: string }) => r.name === 'users');
      expect(usersTable.rows).toBe((await callApi(t, 'GET', '/api/admin/stats', { cookie })).json().totalUsers);
      expect(overview.tables.map((r: { name: string }) => r.name)).toEqual(
        expect.arrayContaining(['admin_audit_log', 'email_outbox', 'platform_settings', 'user_applications']),
      );
      expect(overview.migrations.map((m: { tag: string }) => m.tag)).toEqual(readMigrationJournal().map((e) => e.tag));
      expect(overview.migrations.every((m: { applied: boolean }) => m.applied)).toBe(true);
    });
  });
});

describeEachDatabase('GET /api/admin/analytics', (kind) => {
  const t = useTestApp(kind);

  it('counts new members (not admins) and applications per Turkish week (Monday to Sunday), the last 12 weeks', async () => {
    // Wednesday 18 March 2026, 13:00 in Türkiye: the current week began Monday 16 March 00:00 (+03).
    t.clock.set(new Date('2026-03-18T10:00:00Z'));
    const admin = await createUser(t.database.db, { role: 'admin', createdAt: new Date('2026-03-17T10:00:00Z') });
    const cookie = await signIn(t, admin);
    await createUser(t.database.db, { createdAt: new Date('2026-03-15T22:00:00Z') }); // Mon 16 Mar 01:00 in Türkiye: this week
    await createUser(t.database.db, { createdAt: new Date('2026-03-15T20:00:00Z') }); // Sun 15 Mar 23:00: the week before
    await createUser(t.database.db, { createdAt: new Date('2025-12-28T21:00:00Z') }); // Mon 29 Dec 00:00: the first week shown
    await createUser(t.database.db, { createdAt: new Date('2025-12-28T20:59:00Z') }); // a minute earlier: not shown
    await insertApplication(t, { submittedAt: new Date('2026-03-18T09:00:00Z') });
    await insertApplication(t, { submittedAt: new Date('2026-03-02T09:00:00Z'), status: 'rejected' });

    const res = await callApi(t, 'GET', '/api/admin/analytics', { cookie });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.weeks).toBe(12);
    const weekStarts = [
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
    ];
    expect(body.members.map((w: { weekStart: string }) => w.weekStart)).toEqual(weekStarts);
    expect(body.applications.map((w: { weekStart: string }) => w.weekStart)).toEqual(weekStarts);
    expect(body.members.map((w: { count: number }) => w.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    expect(body.applications.map((w: { count: number }) => w.count)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1]);
    expect(body.applicationsByStatus).toEqual({ pending: 1, approved: 0, rejected: 1 });
    // Trading: 30 Turkish days ending today, nothing traded yet.
    expect(body.trading.days).toHaveLength(30);
    expect(body.trading.days[0].date).toBe('2026-02-17');
    expect(body.trading.days[29]).toEqual({
      date: '2026-03-18',
      orders: 0,
      gmvKurus: 0,
      disputesOpened: 0,
      disputesResolved: 0,
    });
    expect(body.trading.escrowHeldKurus).toBe(0);
  });

  it('counts paid orders, their value and escrow held from real payments, on the Turkish day they were paid', async () => {
    t.clock.reset();
    const admin = await createUser(t.database.db, { role: 'admin' });
    const cookie = await signIn(t, admin);
    const before = (await callApi(t, 'GET', '/api/admin/analytics', { cookie })).json().trading;
    const m = await createMarket(t.database.db);
    const buyer = await signIn(t, m.buyer);
    const body = await checkoutBody(t, buyer, [
      { listingId: m.listingA.id, quantity: 1 },
      { listingId: m.listingB.id, quantity: 1 },
    ]);
    const placed = (await postCheckout(t, buyer, randomUUID(), body)).json();
    await payWithSandbox(t, buyer, placed.paymentUrl);
    const after = (await callApi(t, 'GET', '/api/admin/analytics', { cookie })).json().trading;
    const today = after.days.at(-1);
    expect(today.orders - before.days.at(-1).orders).toBe(2);
    expect(today.gmvKurus - before.days.at(-1).gmvKurus).toBe(placed.chargedKurus);
    expect(after.escrowHeldKurus - before.escrowHeldKurus).toBe(placed.chargedKurus);
  });
});
