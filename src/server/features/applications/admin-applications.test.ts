import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationMessages } from '#shared/messages/applications.tr.ts';
import { testEnv, useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createUser, outboxTo, postSignIn, signIn, type TestUser } from '../../../../test/factories.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { userApplications } from '../../db/schema/applications.ts';
import { users } from '../../db/schema/users.ts';
import { pdfBytes, pngBytes, postApplication, tempUploadsDir, uniqueFields } from './applications.fixtures.ts';

const m = applicationMessages;

async function apply(
  t: TestAppHandle,
  overrides: Parameters<typeof uniqueFields>[0] = {},
  file = { name: 'Vergi Levhası.pdf', bytes: pdfBytes },
) {
  const fields = uniqueFields(overrides);
  const res = await postApplication(t, fields, file);
  if (res.statusCode !== 201) throw new Error(`application failed: ${res.statusCode} ${res.body}`);
  return { id: res.json().id as string, fields };
}

async function usersWithEmail(t: TestAppHandle, email: string) {
  return t.database.db.select().from(users).where(eq(users.email, email));
}

describeEachDatabase('admin application management', (kind) => {
  const uploads = tempUploadsDir();
  const t = useTestApp(kind, { env: { UPLOADS_DIR: uploads } });
  let admin: TestUser;
  let adminCookie: string;
  let memberCookie: string;
  beforeAll(async () => {
    admin = await createUser(t.database.db, { role: 'admin', email: 'yonetici@optistok.test', name: 'Yönetici' });
    adminCookie = await signIn(t, admin);
    memberCookie = await signIn(t, await createUser(t.database.db, { role: 'store_owner' }));
  });

  describe('access', () => {
    it('refuses every application admin route to anonymous callers (401) and to members (403), the document download included', async () => {
      const { id } = await apply(t);
      const details = (await callApi(t, 'GET', `/api/admin/applications/${id}`, { cookie: adminCookie })).json();
      const docId = details.documents[0].id;
      const routes: [method: 'GET' | 'PUT' | 'POST', url: string, payload?: object][] = [
        ['GET', '/api/admin/applications'],
        ['GET', `/api/admin/applications/${id}`],
        ['GET', `/api/admin/applications/${id}/documents/${docId}`],
        ['PUT', `/api/admin/applications/${id}/notes`, { adminNotes: 'not' }],
        ['POST', `/api/admin/applications/${id}/approve`, {}],
        ['POST', `/api/admin/applications/${id}/reject`, { reason: 'Eksik belge' }],
      ];
      for (const [method, url, payload] of routes) {
        const anonymous = await callApi(t, method, url, { payload });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        const member = await callApi(t, method, url, { payload, cookie: memberCookie });
        expect(member.statusCode, `${method} ${url}`).toBe(403);
        expect(member.json().error).toEqual({ code: 'FORBIDDEN', message: 'Yetkisiz erişim' });
        expect(member.body).not.toContain('%PDF');
      }
      const [row] = await t.database.db.select().from(userApplications).where(eq(userApplications.id, id));
      expect(row).toMatchObject({ status: 'pending', adminNotes: null });
    });
  });

  describe('list, search and details', () => {
    it('lists newest first, filters by status and searches store, person, e-mail, tax number and city with Turkish case rules', async () => {
      const a = await apply(t, {
        storeName: 'İSTANBUL GÖZLÜK',
        authorizedPerson: 'Ayşe Kaya',
        cityDistrict: 'İstanbul',
      });
      t.clock.advance(60_000);
      const b = await apply(t, { storeName: 'Işıl Optik', authorizedPerson: 'Irmak Şen', cityDistrict: 'Isparta' });
      t.clock.advance(60_000);
      const c = await apply(t, {
        storeName: 'Deniz Lens',
        authorizedPerson: 'Ömer Çelik',
        cityDistrict: 'Muğla',
        email: 'INFO.deniz@Lens.com.tr',
      });
      t.clock.advance(60_000);

      const list = async (query = '') => {
        const res = await callApi(t, 'GET', `/api/admin/applications${query}`, { cookie: adminCookie });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json().applications as { id: string }[]).map((x) => x.id);
      };
      const all = await list();
      expect(all.indexOf(c.id)).toBeLessThan(all.indexOf(b.id));
      expect(all.indexOf(b.id)).toBeLessThan(all.indexOf(a.id));

      expect(await list(`?q=${encodeURIComponent('istanbul')}`)).toEqual([a.id]);
      expect(await list(`?q=${encodeURIComponent('İstanbul gözlük')}`)).toEqual([a.id]);
      expect(await list(`?q=${encodeURIComponent('IŞIL')}`)).toEqual([b.id]);
      expect(await list(`?q=${encodeURIComponent('ışıl')}`)).toEqual([b.id]);
      expect(await list(`?q=${encodeURIComponent('ısparta')}`)).toEqual([b.id]);
      expect(await list(`?q=${encodeURIComponent('irmak')}`)).toEqual([b.id]);
      expect(await list(`?q=${encodeURIComponent('ÖMER')}`)).toEqual([c.id]);
      expect(await list(`?q=${encodeURIComponent('INFO.DENIZ@')}`)).toEqual([c.id]);
      expect(await list(`?q=${c.fields.taxNumber}`)).toEqual([c.id]);
      expect(await list(`?q=${encodeURIComponent('muğla')}`)).toEqual([c.id]);
      expect(await list(`?q=${encodeURIComponent('%')}`)).toEqual([]);

      await callApi(t, 'POST', `/api/admin/applications/${b.id}/reject`, {
        cookie: adminCookie,
        payload: { reason: 'Vergi levhası okunmuyor' },
      });
      expect(await list('?status=rejected')).toEqual([b.id]);
      expect(await list('?status=pending')).not.toContain(b.id);
      expect(await list(`?status=pending&q=${encodeURIComponent('ışıl')}`)).toEqual([]);
      expect(
        (await callApi(t, 'GET', '/api/admin/applications?status=bilinmiyor', { cookie: adminCookie })).statusCode,
      ).toBe(400);
    });

    it('counts each listed application’s documents, as the details do', async () => {
      const { id } = await apply(t, {}, { name: 'levha.png', bytes: pngBytes });
      const res = await callApi(t, 'GET', '/api/admin/applications', { cookie: adminCookie });
      expect(res.statusCode, res.body).toBe(200);
      const listed = res.json().applications as { id: string; documentCount: number }[];
      expect(listed.find((a) => a.id === id)?.documentCount).toBe(1);
      expect(listed.every((a) => a.documentCount === 1)).toBe(true);
    });

    it('shows one application with every field and its documents; 404 for an unknown one', async () => {
      const { id, fields } = await apply(t, {}, { name: 'levha.png', bytes: pngBytes });
      const res = await callApi(t, 'GET', `/api/admin/applications/${id}`, { cookie: adminCookie });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id,
        storeName: fields.storeName,
        authorizedPerson: fields.authorizedPerson,
        email: fields.email,
        phone: fields.phone,
        taxNumber: fields.taxNumber,
        utsNumber: fields.utsNumber,
        city: fields.cityDistrict,
        district: fields.district,
        additionalInfo: fields.additionalInfo,
        applicantType: 'store',
        status: 'pending',
        submittedAt: t.clock.now().toISOString(),
        reviewedAt: null,
        adminNotes: null,
        rejectionReason: null,
        createdUserId: null,
        documentCount: 1,
        documents: [
          {
            id: expect.any(String),
            originalName: 'levha.png',
            contentType: 'image/png',
            sizeBytes: pngBytes.length,
            createdAt: expect.any(String),
          },
        ],
      });
      const missing = await callApi(t, 'GET', '/api/admin/applications/6f1c1d7e-8a59-4e53-9a39-000000000000', {
        cookie: adminCookie,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(m.notFound);
    });

    it('streams a document to the admin byte for byte, as an attachment with its detected type, and audits the download', async () => {
      const { id } = await apply(t, {}, { name: 'Vergi Levhası (2024).pdf', bytes: pdfBytes });
      const docId = (await callApi(t, 'GET', `/api/admin/applications/${id}`, { cookie: adminCookie })).json()
        .documents[0].id;
      const res = await callApi(t, 'GET', `/api/admin/applications/${id}/documents/${docId}`, { cookie: adminCookie });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(pdfBytes)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Vergi Levhas_ (2024).pdf"; filename*=UTF-8''Vergi%20Levhas%C4%B1%20%282024%29.pdf`,
      );
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const audits = await t.database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.action, 'application_document_downloaded')));
      expect(audits).toMatchObject([{ actorId: admin.id, details: { documentId: docId } }]);

      const other = await apply(t);
      const wrongPair = await callApi(t, 'GET', `/api/admin/applications/${other.id}/documents/${docId}`, {
        cookie: adminCookie,
      });
      expect(wrongPair.statusCode).toBe(404);
      expect(wrongPair.json().error.message).toBe(m.documentNotFound);
    });

    it('saves the admin notes (and an audit row)', async () => {
      const { id } = await apply(t);
      const res = await callApi(t, 'PUT', `/api/admin/applications/${id}/notes`, {
        cookie: adminCookie,
        payload: { adminNotes: '  Telefonla arandı, belgeler tamam.  ' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().adminNotes).toBe('Telefonla arandı, belgeler tamam.');
      const cleared = await callApi(t, 'PUT', `/api/admin/applications/${id}/notes`, {
        cookie: adminCookie,
        payload: { adminNotes: '' },
      });
      expect(cleared.json().adminNotes).toBeNull();
      const tooLong = await callApi(t, 'PUT', `/api/admin/applications/${id}/notes`, {
        cookie: adminCookie,
        payload: { adminNotes: 'a'.repeat(2001) },
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.message).toBe(m.notesMax);
      const [audit] = await t.database.db
        .select({ n: count() })
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.action, 'application_notes_updated')));
      expect(audit.n).toBe(2);
    });
  });

  describe('approval', () => {
    it('creates the store owner account with a temporary password it must replace, audits it and e-mails the login details, in one step', async () => {
      const { id, fields } = await apply(t, { storeName: 'Çağdaş Göz Sağlığı & Optik', authorizedPerson: 'Şule İnce' });
      t.clock.advance(5 * 60_000);
      const res = await callApi(t, 'POST', `/api/admin/applications/${id}/approve`, {
        cookie: adminCookie,
        payload: { adminNotes: 'Belgeler uygun.' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json();
      expect(result).toEqual({
        applicationId: id,
        userId: expect.any(String),
        email: fields.email,
        tempPassword: expect.any(String),
        emailQueued: true,
      });
      expect(result.tempPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[!@#$%&*?]).{14}$/);

      const [account] = await usersWithEmail(t, fields.email);
      expect(account).toMatchObject({
        id: result.userId,
        name: 'Şule İnce',
        role: 'store_owner',
        phone: fields.phone,
        mustResetPassword: true,
        emailVerified: true,
        banned: false,
        publicHandle: 'cagdasgozsagligioptik',
        publicSlug: 'cagdas-goz-sagligi-optik',
      });

      const [application] = await t.database.db.select().from(userApplications).where(eq(userApplications.id, id));
      expect(application).toMatchObject({
        status: 'approved',
        reviewedBy: admin.id,
        createdUserId: result.userId,
        adminNotes: 'Belgeler uygun.',
      });
      expect(application.reviewedAt?.toISOString()).toBe(t.clock.now().toISOString());

      const audits = await t.database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.action, 'application_approved')));
      expect(audits).toMatchObject([
        { actorId: admin.id, targetType: 'user_application', details: { createdUserId: result.userId } },
      ]);

      const [mail] = await outboxTo(t.database.db, fields.email).then((rows) =>
        rows.filter((r) => r.template === 'application_approved'),
      );
      expect(mail.subject).toBe('OptiStok üyelik başvurunuz onaylandı');
      expect(mail.text).toContain(`Geçici şifreniz: ${result.tempPassword}`);
      expect(mail.text).toContain('Giriş: http://localhost:3000/login');
      expect(mail.text).toContain('Çağdaş Göz Sağlığı & Optik');

      // The temporary password signs in, and the account must choose a new password first.
      const signedIn = await postSignIn(t, fields.email, result.tempPassword);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user).toMatchObject({ role: 'store_owner', mustResetPassword: true });
    });

    it('refuses a second approval, or a rejection after it, with 409 "Bu başvuru zaten sonuçlandırılmış."', async () => {
      const { id, fields } = await apply(t);
      expect(
        (await callApi(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: adminCookie, payload: {} }))
          .statusCode,
      ).toBe(200);
      const again = await callApi(t, 'POST', `/api/admin/applications/${id}/approve`, {
        cookie: adminCookie,
        payload: {},
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'CONFLICT', message: 'Bu başvuru zaten sonuçlandırılmış.' });
      const reject = await callApi(t, 'POST', `/api/admin/applications/${id}/reject`, {
        cookie: adminCookie,
        payload: { reason: 'Geç kalındı' },
      });
      expect(reject.statusCode).toBe(409);
      expect(await usersWithEmail(t, fields.email)).toHaveLength(1);
    });

    it('gives stores of the same name unique public handles and slugs with a numeric suffix', async () => {
      const approved: string[] = [];
      for (let i = 0; i < 3; i++) {
        const { id } = await apply(t, { storeName: 'Yıldız Optik' });
        approved.push(
          (
            await callApi(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: adminCookie, payload: {} })
          ).json().userId,
        );
      }
      const rows = await Promise.all(
        approved.map((userId) => t.database.db.select().from(users).where(eq(users.id, userId))),
      );
      expect(rows.map(([u]) => [u.publicHandle, u.publicSlug])).toEqual([
        ['yildizoptik', 'yildiz-optik'],
        ['yildizoptik2', 'yildiz-optik-2'],
        ['yildizoptik3', 'yildiz-optik-3'],
      ]);
    });

    it('refuses to approve when an account with that e-mail exists, leaving the application pending', async () => {
      const existing = await createUser(t.database.db, { email: 'zaten-uye@ornek-optik.com.tr' });
      const { id } = await apply(t, { email: existing.email });
      const res = await callApi(t, 'POST', `/api/admin/applications/${id}/approve`, {
        cookie: adminCookie,
        payload: {},
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(m.accountExists);
      const [row] = await t.database.db.select().from(userApplications).where(eq(userApplications.id, id));
      expect(row.status).toBe('pending');
      expect(await usersWithEmail(t, existing.email)).toHaveLength(1);
    });

    it('answers 404 for an unknown application', async () => {
      const res = await callApi(t, 'POST', '/api/admin/applications/6f1c1d7e-8a59-4e53-9a39-000000000000/approve', {
        cookie: adminCookie,
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    });

    it('creates exactly one account when the same application is approved concurrently (two connections on PostgreSQL)', async () => {
      // On PostgreSQL the second approval runs in a second app with its own pool, like another instance.
      let second: { app: FastifyInstance; database: Database } | null = null;
      if (kind === 'postgres') {
        const database = await openDatabase({ kind: 'postgres', url: t.database.url! });
        second = {
          database,
          app: await buildApp({ database, env: testEnv({ UPLOADS_DIR: uploads }), clock: t.clock, webRoot: null }),
        };
      }
      try {
        for (let round = 0; round < 3; round++) {
          const { id, fields } = await apply(t);
          const other = second ? ({ ...t, app: second.app } as TestAppHandle) : t;
          const results = await Promise.all([
            callApi(t, 'POST', `/api/admin/applications/${id}/approve`, { cookie: adminCookie, payload: {} }),
            callApi(other, 'POST', `/api/admin/applications/${id}/approve`, { cookie: adminCookie, payload: {} }),
          ]);
          expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
          expect(await usersWithEmail(t, fields.email)).toHaveLength(1);
          const approvalMails = (await outboxTo(t.database.db, fields.email)).filter(
            (r) => r.template === 'application_approved',
          );
          expect(approvalMails).toHaveLength(1);
          const winner = results.find((r) => r.statusCode === 200)!.json();
          expect(approvalMails[0].text).toContain(winner.tempPassword);
        }
      } finally {
        await second?.app.close();
        await second?.database.close();
      }
    });
  });

  describe('rejection', () => {
    it('requires a reason of 3 to 500 characters', async () => {
      const { id } = await apply(t);
      for (const [payload, message] of [
        [{}, m.rejectReasonMin],
        [{ reason: ' ab ' }, m.rejectReasonMin],
        [{ reason: 'a'.repeat(501) }, m.rejectReasonMax],
      ] as const) {
        const res = await callApi(t, 'POST', `/api/admin/applications/${id}/reject`, { cookie: adminCookie, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
    });

    it('rejects with the reason, audits it, e-mails the applicant, and lets the store apply again', async () => {
      const { id, fields } = await apply(t);
      const res = await callApi(t, 'POST', `/api/admin/applications/${id}/reject`, {
        cookie: adminCookie,
        payload: { reason: 'Vergi levhası <okunmuyor>' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ applicationId: id, emailQueued: true });

      const [row] = await t.database.db.select().from(userApplications).where(eq(userApplications.id, id));
      expect(row).toMatchObject({
        status: 'rejected',
        rejectionReason: 'Vergi levhası <okunmuyor>',
        reviewedBy: admin.id,
        createdUserId: null,
      });
      const audits = await t.database.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, id), eq(adminAuditLog.action, 'application_rejected')));
      expect(audits).toMatchObject([{ actorId: admin.id, details: { reason: 'Vergi levhası <okunmuyor>' } }]);
      const [mail] = (await outboxTo(t.database.db, fields.email)).filter((r) => r.template === 'application_rejected');
      expect(mail.text).toContain('Gerekçe: Vergi levhası <okunmuyor>');
      expect(mail.html).toContain('Vergi levhası &lt;okunmuyor&gt;');
      expect(await usersWithEmail(t, fields.email)).toHaveLength(0);

      const again = await callApi(t, 'POST', `/api/admin/applications/${id}/reject`, {
        cookie: adminCookie,
        payload: { reason: 'Tekrar' },
      });
      expect(again.statusCode).toBe(409);
      // The one-pending rule no longer blocks a fresh application.
      expect((await postApplication(t, { ...fields }, { name: 'yeni.pdf', bytes: pdfBytes })).statusCode).toBe(201);
    });
  });
});
