import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { testOrigin, useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { callApi, createUser, freshIp, signIn, type TestUser } from '../../../../test/factories.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { emailOutbox } from '../../db/schema/email-outbox.ts';
import type { MailAttachment, MailTransport } from '../../lib/mailer/transport.ts';
import { deliverDueEmails } from '../../lib/mailer/delivery.ts';

const d = adminMessages.emailDebug;

/** A multipart/form-data body as a browser sends it. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const boundary = `----optistok${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function postAttachmentTest(t: TestAppHandle, cookie: string, body: ReturnType<typeof multipart>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/email-debug/attachment-test',
    headers: { cookie, origin: testOrigin, 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress: freshIp(),
  });
}

/** A transport that records what it was asked to send. */
function recordingTransport() {
  const sent: { to: string; subject: string; attachments: MailAttachment[] }[] = [];
  const transport: MailTransport = {
    kind: 'smtp',
    send: async (row, attachments = []) => {
      sent.push({ to: row.toAddress, subject: row.subject, attachments });
      return { messageId: `<test-${sent.length}@optistok.test>` };
    },
    close: () => undefined,
  };
  return { transport, sent };
}

describeEachDatabase('e-mail test page', (kind) => {
  // Uploaded test attachments go to a private folder of this suite, never the working copy.
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'optistok-email-debug-'));
  afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));
  const t = useTestApp(kind, { env: { UPLOADS_DIR: uploadsDir } });
  let admin: TestUser;
  let cookie: string;

  beforeEach(async () => {
    // Time only moves forward here: the results list is ordered by it.
    t.clock.advance(1000);
    admin ??= await createUser(t.database.db, { role: 'admin', name: 'Yönetici Ece' });
    cookie = await signIn(t, admin);
  });

  describe('POST /api/admin/email-debug/test', () => {
    it('requires an e-mail address with the spec’s message', async () => {
      for (const payload of [{}, { email: '   ' }]) {
        const res = await callApi(t, 'POST', '/api/admin/email-debug/test', { cookie, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual({
          code: 'VALIDATION_FAILED',
          message: 'Test için e-posta adresi girin',
          fields: { email: 'Test için e-posta adresi girin' },
        });
      }
      const invalid = await callApi(t, 'POST', '/api/admin/email-debug/test', {
        cookie,
        payload: { email: 'adres-degil' },
      });
      expect(invalid.json().error.fields).toEqual({ email: 'Geçerli bir e-posta adresi giriniz' });
    });

    it('queues a Turkish test mail with an audit row; the result shows up in the latest results and as sent after delivery', async () => {
      const res = await callApi(t, 'POST', '/api/admin/email-debug/test', {
        cookie,
        payload: { email: ' Deneme@Ornek-Optik.test ' },
      });
      expect(res.statusCode).toBe(200);
      const result = res.json();
      expect(result).toMatchObject({
        kind: 'plain',
        toAddress: 'deneme@ornek-optik.test',
        subject: 'OptiStok e-posta testi',
        outcome: 'pending',
        status: 'pending',
        message: d.queued,
        attachmentIncluded: false,
      });

      const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, result.id));
      expect(row).toMatchObject({
        relatedTo: 'email-debug',
        template: 'email_test',
        toAddress: 'deneme@ornek-optik.test',
      });
      expect(row.text).toContain('Bu, OptiStok yönetim panelinden gönderilen bir test e-postasıdır.');
      expect(row.text).toContain('Gönderen yönetici: Yönetici Ece');
      const [audit] = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, result.id));
      expect(audit).toMatchObject({
        action: 'email_test_sent',
        actorId: admin.id,
        details: { to: 'deneme@ornek-optik.test' },
      });

      const { transport, sent } = recordingTransport();
      await deliverDueEmails(t.database.db, transport, t.clock);
      expect(sent.map((m) => m.to)).toContain('deneme@ornek-optik.test');

      const results = (await callApi(t, 'GET', '/api/admin/email-debug/results', { cookie })).json().results;
      expect(results[0]).toMatchObject({
        id: result.id,
        outcome: 'success',
        status: 'sent',
        message: d.sent,
        attempts: 1,
        transport: 'smtp',
      });
      expect(results[0].messageId).toMatch(/^<test-\d+@optistok\.test>$/);
    });

    it('reports a failed delivery as a failure with the error, and keeps only the latest 10, newest first', async () => {
      const failing: MailTransport = {
        kind: 'smtp',
        send: async () => Promise.reject(new Error('550 Alıcı reddedildi')),
        close: () => undefined,
      };
      const first = (
        await callApi(t, 'POST', '/api/admin/email-debug/test', { cookie, payload: { email: 'reddeden@ornek.test' } })
      ).json();
      await deliverDueEmails(t.database.db, failing, t.clock);
      for (let i = 0; i < 10; i++) {
        t.clock.advance(1000);
        await callApi(t, 'POST', '/api/admin/email-debug/test', { cookie, payload: { email: `sira${i}@ornek.test` } });
      }
      const results = (await callApi(t, 'GET', '/api/admin/email-debug/results', { cookie })).json().results;
      expect(results).toHaveLength(10);
      expect(results[0].toAddress).toBe('sira9@ornek.test');
      expect(results.map((r: { id: string }) => r.id)).not.toContain(first.id);

      const [row] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, first.id));
      expect(row).toMatchObject({ status: 'pending', lastError: '550 Alıcı reddedildi' });
      const { toEmailTestResult } = await import('./email-debug.service.ts');
      expect(toEmailTestResult(row)).toMatchObject({ outcome: 'failure', message: d.retrying('550 Alıcı reddedildi') });
      expect(toEmailTestResult({ ...row, status: 'failed' })).toMatchObject({
        outcome: 'failure',
        message: d.failed('550 Alıcı reddedildi'),
      });
    });
  });

  describe('POST /api/admin/email-debug/attachment-test', () => {
    it('requires a file and an e-mail address with the spec’s messages', async () => {
      const noFile = await postAttachmentTest(t, cookie, multipart({ email: 'ek@ornek.test' }));
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Ek testi için dosya seçin',
        fields: { file: 'Ek testi için dosya seçin' },
      });

      const noEmail = await postAttachmentTest(
        t,
        cookie,
        multipart({}, { name: 'levha.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4 deneme') }),
      );
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json().error.fields).toEqual({ email: 'Test için e-posta adresi girin' });

      const json = await callApi(t, 'POST', '/api/admin/email-debug/attachment-test', {
        cookie,
        payload: { email: 'ek@ornek.test' },
      });
      expect(json.statusCode).toBe(415);
    });

    it('queues a test mail carrying the file, which the worker attaches', async () => {
      const content = Buffer.from('%PDF-1.4 Vergi levhası deneme içeriği');
      const res = await postAttachmentTest(
        t,
        cookie,
        multipart({ email: 'ek-alici@ornek.test' }, { name: 'vergi levhası.pdf', type: 'application/pdf', content }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        kind: 'attachment',
        toAddress: 'ek-alici@ornek.test',
        subject: 'OptiStok ek testi',
        attachmentIncluded: true,
        attachmentNames: ['vergi levhası.pdf'],
      });

      const { transport, sent } = recordingTransport();
      await deliverDueEmails(t.database.db, transport, t.clock, { storage: t.app.storage });
      const mail = sent.find((m) => m.to === 'ek-alici@ornek.test');
      expect(mail?.attachments).toEqual([{ filename: 'vergi levhası.pdf', contentType: 'application/pdf', content }]);

      const results = (await callApi(t, 'GET', '/api/admin/email-debug/results', { cookie })).json().results;
      const result = results.find((r: { id: string }) => r.id === res.json().id);
      expect(result).toMatchObject({
        id: res.json().id,
        outcome: 'success',
        attachmentIncluded: true,
        fallbackUsed: false,
      });
      const [audit] = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, res.json().id));
      expect(audit).toMatchObject({
        action: 'email_attachment_test_sent',
        details: { to: 'ek-alici@ornek.test', attachment: 'vergi levhası.pdf', sizeBytes: content.length },
      });
    });

    it('refuses a file over 5 MB', async () => {
      const res = await postAttachmentTest(
        t,
        cookie,
        multipart(
          { email: 'ek@ornek.test' },
          { name: 'buyuk.bin', type: 'application/octet-stream', content: Buffer.alloc(5 * 1024 * 1024 + 1) },
        ),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(d.fileTooLarge);
    });
  });
});
