import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { applicationMessages } from '#shared/messages/applications.tr.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { createUser, freshIp, outboxTo } from '../../../../test/factories.ts';
import { adminAuditLog, platformSettings } from '../../db/schema/admin.ts';
import { applicationDocuments, userApplications } from '../../db/schema/applications.ts';
import { emailOutbox } from '../../db/schema/email-outbox.ts';
import {
  exeBytes,
  filesUnder,
  jpegBytes,
  pdfBytes,
  pngBytes,
  postApplication,
  tempUploadsDir,
  uniqueFields,
  type FilePart,
} from './applications.fixtures.ts';

const m = applicationMessages;
const TEN_MB = 10 * 1024 * 1024;
const pdf: FilePart = { name: 'Vergi Levhası.pdf', bytes: pdfBytes, type: 'application/pdf' };

/** Row counts and stored files, to prove a refused request left nothing behind. */
async function snapshot(t: TestAppHandle, uploads: string) {
  const [apps] = await t.database.db.select({ n: count() }).from(userApplications);
  const [docs] = await t.database.db.select({ n: count() }).from(applicationDocuments);
  const [mails] = await t.database.db.select({ n: count() }).from(emailOutbox);
  const [audits] = await t.database.db.select({ n: count() }).from(adminAuditLog);
  return {
    applications: apps.n,
    documents: docs.n,
    mails: mails.n,
    audits: audits.n,
    files: filesUnder(uploads).sort(),
  };
}

function expectRefusal(res: { statusCode: number; json(): unknown }, status: number, code: string, message: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect((res.json() as { error: { code: string; message: string } }).error).toMatchObject({ code, message });
}

describeEachDatabase('POST /api/applications', (kind) => {
  describe('accepting an application', () => {
    const uploads = tempUploadsDir();
    const t = useTestApp(kind, { env: { UPLOADS_DIR: uploads } });
    let adminEmail: string;
    beforeAll(async () => {
      adminEmail = (await createUser(t.database.db, { role: 'admin', email: 'yonetici@optistok.test' })).email;
    });

    it('stores the application and its certificate, queues the applicant’s and the admin’s e-mails and an audit row', async () => {
      const fields = uniqueFields({
        email: ' Cagri.Ozturk@IsikOptik.com.TR ',
        utsNumber: '1234567890123',
        district: '',
        additionalInfo: '',
      });
      const ip = freshIp();
      const res = await postApplication(t, fields, pdf, ip);
      expect(res.statusCode, res.body).toBe(201);
      const receipt = res.json();
      expect(receipt).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        fileAttached: true,
        userEmailSent: true,
        adminEmailSent: true,
        details: {
          adminEmail: {
            id: expect.any(String),
            emailId: expect.any(String),
            fallbackUsed: false,
            attachmentIncluded: true,
          },
          userEmail: { id: expect.any(String) },
        },
      });

      const [application] = await t.database.db
        .select()
        .from(userApplications)
        .where(eq(userApplications.id, receipt.id));
      expect(application).toMatchObject({
        storeName: 'Işık Optik & Gözlük',
        authorizedPerson: 'Çağrı Öztürk',
        email: 'cagri.ozturk@isikoptik.com.tr',
        phone: '05321234567',
        city: 'İzmir',
        district: null,
        taxNumber: fields.taxNumber,
        utsNumber: '1234567890123',
        additionalInfo: null,
        applicantType: 'store',
        status: 'pending',
        submitterIp: ip,
      });
      expect(application.submittedAt.toISOString()).toBe(t.clock.now().toISOString());

      const [document] = await t.database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.applicationId, receipt.id));
      expect(document).toMatchObject({
        originalName: 'Vergi Levhası.pdf',
        contentType: 'application/pdf',
        sizeBytes: pdfBytes.length,
        sha256: createHash('sha256').update(pdfBytes).digest('hex'),
      });
      expect(document.storageKey).toMatch(/^applications\/[0-9a-f]{32}$/);
      expect(readFileSync(path.join(uploads, document.storageKey)).equals(pdfBytes)).toBe(true);
      expect(filesUnder(path.join(uploads, '.tmp'))).toEqual([]);

      const [userMail] = await outboxTo(t.database.db, 'cagri.ozturk@isikoptik.com.tr');
      expect(userMail).toMatchObject({
        id: receipt.details.userEmail.id,
        template: 'application_received',
        status: 'pending',
        attachments: [],
        relatedTo: `application:${receipt.id}`,
      });
      expect(userMail.text).toContain('Işık Optik & Gözlük için OptiStok üyelik başvurunuzu aldık.');

      const [adminMail] = await outboxTo(t.database.db, adminEmail);
      expect(adminMail).toMatchObject({
        id: receipt.details.adminEmail.id,
        template: 'application_admin_notification',
        subject: 'Yeni üyelik başvurusu: Işık Optik & Gözlük',
        attachments: [
          { filename: 'Vergi Levhası.pdf', contentType: 'application/pdf', storageKey: document.storageKey },
        ],
        fallbackUsed: false,
      });
      expect(adminMail.text).toContain('http://localhost:3000/admin/applications');
      expect(adminMail.html).toContain('Işık Optik &amp; Gözlük');

      const audits = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, receipt.id));
      expect(audits).toMatchObject([
        { action: 'application_submitted', targetType: 'user_application', actorId: null, ip },
      ]);
    });

    it.each([
      ['a PNG', { name: 'levha.png', bytes: pngBytes, type: 'image/png' }, 'image/png'],
      ['a JPEG named .jpg', { name: 'levha.jpg', bytes: jpegBytes, type: 'image/jpeg' }, 'image/jpeg'],
      [
        'a JPEG named .JPEG with a wrong declared type',
        { name: 'LEVHA.JPEG', bytes: jpegBytes, type: 'application/pdf' },
        'image/jpeg',
      ],
    ])('accepts %s and stores the type detected from the content', async (_label, file, detected) => {
      const res = await postApplication(t, uniqueFields(), file);
      expect(res.statusCode, res.body).toBe(201);
      const [document] = await t.database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.applicationId, res.json().id));
      expect(document.contentType).toBe(detected);
    });

    it.each([
      ['a real PNG renamed .pdf', { name: 'levha.pdf', bytes: pngBytes, type: 'application/pdf' }],
      ['an executable renamed .png', { name: 'levha.png', bytes: exeBytes, type: 'image/png' }],
      ['an empty file', { name: 'levha.pdf', bytes: new Uint8Array(), type: 'application/pdf' }],
      ['a PDF with a .exe name', { name: 'levha.exe', bytes: pdfBytes, type: 'application/pdf' }],
      ['a PDF without an extension', { name: 'levha', bytes: pdfBytes, type: 'application/pdf' }],
    ])('refuses %s with the file-format message and stores nothing', async (_label, file) => {
      const before = await snapshot(t, uploads);
      const res = await postApplication(t, uniqueFields(), file);
      expectRefusal(res, 400, 'VALIDATION_FAILED', m.fileType.description);
      expect(res.json().error.fields).toEqual({ document: m.fileType.description });
      expect(await snapshot(t, uploads)).toEqual(before);
    });

    it('refuses a file of 10 MB + 1 byte with 413 and a clear Turkish message, storing nothing', async () => {
      const before = await snapshot(t, uploads);
      const big = Buffer.concat([pdfBytes, Buffer.alloc(TEN_MB + 1 - pdfBytes.length)]);
      const res = await postApplication(t, uniqueFields(), { name: 'buyuk.pdf', bytes: big, type: 'application/pdf' });
      expectRefusal(res, 413, 'PAYLOAD_TOO_LARGE', 'Dosya boyutu çok büyük. Maksimum 10MB olmalıdır.');
      expect(await snapshot(t, uploads)).toEqual(before);
    });

    it('accepts exactly 10 MB, but sends the admin’s mail without it, pointing to the admin panel (fallback)', async () => {
      const big = Buffer.concat([pdfBytes, Buffer.alloc(TEN_MB - pdfBytes.length)]);
      const res = await postApplication(t, uniqueFields(), { name: 'buyuk.pdf', bytes: big, type: 'application/pdf' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        fileAttached: false,
        adminEmailSent: true,
        details: { adminEmail: { fallbackUsed: true, attachmentIncluded: false } },
      });
      const [adminMail] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, res.json().details.adminEmail.id));
      expect(adminMail).toMatchObject({ attachments: [], fallbackUsed: true });
      expect(adminMail.text).toContain(
        'e-postaya eklenemeyecek kadar büyük; belgeye yönetim panelinden ulaşabilirsiniz.',
      );
    });

    it('refuses a second file part', async () => {
      const before = await snapshot(t, uploads);
      const form = new FormData();
      for (const [key, value] of Object.entries(uniqueFields())) form.append(key, value);
      form.append('document', new Blob([pdfBytes]), 'a.pdf');
      form.append('document', new Blob([pdfBytes]), 'b.pdf');
      const response = new Response(form);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: { 'content-type': response.headers.get('content-type')!, origin: 'http://localhost:3000' },
        payload: Buffer.from(await response.arrayBuffer()),
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(413);
      expect(await snapshot(t, uploads)).toEqual(before);
    });
  });

  describe('validation: both readings of the spec', () => {
    const uploads = tempUploadsDir();
    const t = useTestApp(kind, { env: { UPLOADS_DIR: uploads } });

    it.each([
      [
        'ÜTS left empty (the submit-time check requires it)',
        { utsNumber: '' },
        'utsNumber',
        'Lütfen şu alanları doldurunuz: ÜTS Numarası',
      ],
      [
        'several fields left empty',
        { storeName: '', phone: ' ', cityDistrict: '' },
        'storeName',
        'Lütfen şu alanları doldurunuz: Mağaza Adı, Telefon, İl/İlçe',
      ],
      ['a malformed e-mail', { email: 'cagri@' }, 'email', 'Lütfen geçerli bir e-posta adresi giriniz.'],
      [
        'a phone not of the form 05xxxxxxxxx',
        { phone: '0212123456' },
        'phone',
        'Lütfen geçerli bir telefon numarası giriniz. (05xxxxxxxxx)',
      ],
      ['a tax number of 11 digits', { taxNumber: '12345678901' }, 'taxNumber', 'Vergi numarası 10 haneli olmalıdır.'],
      ['an ÜTS number of 12 digits', { utsNumber: '123456789012' }, 'utsNumber', 'ÜTS numarası 13 haneli olmalıdır.'],
      ['a store name with forbidden characters', { storeName: 'Optik <b>' }, 'storeName', m.storeNamePattern],
      ['a province not on the list', { cityDistrict: 'Mersin' }, 'cityDistrict', m.cityInvalid],
      ['a district with digits', { district: 'Bornova 2' }, 'district', m.districtInvalid],
      [
        'additional info over 1000 characters',
        { additionalInfo: 'a'.repeat(1001) },
        'additionalInfo',
        m.additionalInfoMax,
      ],
      [
        'an applicant type other than store',
        { applicantType: 'bireysel' },
        'applicantType',
        m.applicantTypeMissing.description,
      ],
    ])('refuses %s with the spec’s message and stores nothing', async (_label, change, field, message) => {
      const before = await snapshot(t, uploads);
      const res = await postApplication(t, uniqueFields(change), pdf);
      expectRefusal(res, 400, 'VALIDATION_FAILED', message);
      expect(res.json().error.fields[field]).toBe(message);
      expect(await snapshot(t, uploads)).toEqual(before);
    });

    it('refuses an application without the certificate: "Lütfen vergi levhası yükleyiniz."', async () => {
      const res = await postApplication(t, uniqueFields());
      expectRefusal(res, 400, 'VALIDATION_FAILED', 'Lütfen vergi levhası yükleyiniz.');
      expect(res.json().error.fields).toEqual({ document: 'Lütfen vergi levhası yükleyiniz.' });
    });

    it('does not take a text field named "document" for the file', async () => {
      const res = await postApplication(t, { ...uniqueFields(), document: 'data:application/pdf;base64,JVBERi0=' });
      expectRefusal(res, 400, 'VALIDATION_FAILED', 'Lütfen vergi levhası yükleyiniz.');
    });

    it('ignores a file sent under another field name', async () => {
      const res = await postApplication(t, uniqueFields(), { ...pdf, field: 'ek' });
      expectRefusal(res, 400, 'VALIDATION_FAILED', 'Lütfen vergi levhası yükleyiniz.');
      expect(filesUnder(uploads)).toEqual([]);
    });

    it('accepts an application without district and additional info', async () => {
      const res = await postApplication(t, uniqueFields({ district: undefined, additionalInfo: undefined }), pdf);
      expect(res.statusCode, res.body).toBe(201);
    });
  });

  describe('one pending application per e-mail and per tax number', () => {
    const uploads = tempUploadsDir();
    const t = useTestApp(kind, { env: { UPLOADS_DIR: uploads } });

    it('refuses a second pending application with the same e-mail, or the same tax number, with 409 and removes the upload', async () => {
      const first = uniqueFields();
      expect((await postApplication(t, first, pdf)).statusCode).toBe(201);
      const before = await snapshot(t, uploads);

      const sameEmail = await postApplication(t, uniqueFields({ email: first.email.toUpperCase() }), pdf);
      expectRefusal(sameEmail, 409, 'CONFLICT', m.duplicateEmail);
      const sameTax = await postApplication(t, uniqueFields({ taxNumber: first.taxNumber }), pdf);
      expectRefusal(sameTax, 409, 'CONFLICT', m.duplicateTaxNumber);
      expect(await snapshot(t, uploads)).toEqual(before);
    });

    it('lets the database decide a race: of two identical applications sent at once exactly one is stored', async () => {
      const fields = uniqueFields();
      const before = await snapshot(t, uploads);
      const results = await Promise.all([
        postApplication(t, fields, pdf),
        postApplication(t, fields, pdf),
        postApplication(t, fields, pdf),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      const after = await snapshot(t, uploads);
      expect(after.applications).toBe(before.applications + 1);
      expect(after.files).toHaveLength(before.files.length + 1);
    });
  });

  describe('where the admin notification goes', () => {
    const uploads = tempUploadsDir();
    const t = useTestApp(kind, { env: { UPLOADS_DIR: uploads } });

    it('with no admin and no configured address, stores the application and reports the admin mail as not sent', async () => {
      const res = await postApplication(t, uniqueFields(), pdf);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        fileAttached: false,
        userEmailSent: true,
        adminEmailSent: false,
        details: { adminEmail: { id: null, emailId: null, fallbackUsed: false, attachmentIncluded: false } },
      });
    });

    it('uses the address configured in the platform settings', async () => {
      await createUser(t.database.db, { role: 'admin', email: 'ilk-yonetici@optistok.test' });
      await t.database.db.update(platformSettings).set({ adminNotificationEmail: 'basvurular@optistok.test' });
      const res = await postApplication(t, uniqueFields(), pdf);
      expect(res.statusCode).toBe(201);
      expect(await outboxTo(t.database.db, 'basvurular@optistok.test')).toHaveLength(1);
      expect(await outboxTo(t.database.db, 'ilk-yonetici@optistok.test')).toHaveLength(0);
    });
  });

  describe('per-address limit', () => {
    const uploads = tempUploadsDir();
    const t = useTestApp(kind, { env: { UPLOADS_DIR: uploads } });

    it('refuses the 6th application from one address within an hour with 429, and accepts again after the hour', async () => {
      const ip = freshIp();
      for (let i = 1; i <= 5; i++) {
        const res = await postApplication(t, uniqueFields(), pdf, ip);
        expect(res.statusCode, `application ${i}`).toBe(201);
      }
      const before = await snapshot(t, uploads);
      const limited = await postApplication(t, uniqueFields(), pdf, ip);
      expectRefusal(limited, 429, 'RATE_LIMITED', messages.errors.RATE_LIMITED);
      expect(await snapshot(t, uploads)).toEqual(before);
      expect((await postApplication(t, uniqueFields(), pdf)).statusCode).toBe(201);

      t.clock.advance(60 * 60 * 1000);
      expect((await postApplication(t, uniqueFields(), pdf, ip)).statusCode).toBe(201);
    });
  });
});
