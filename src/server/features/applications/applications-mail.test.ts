import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/app.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { callApi, createUser, signIn } from '../../../../test/factories.ts';
import { freePort, startSmtpServer } from '../../../../test/smtp-server.ts';
import { applicationDocuments } from '../../db/schema/applications.ts';
import { emailOutbox } from '../../db/schema/email-outbox.ts';
import { createMailTransport } from '../../lib/mailer/transport.ts';
import { deliverDueEmails } from '../../lib/mailer/delivery.ts';
import { pngBytes, postApplication, tempUploadsDir, uniqueFields } from './applications.fixtures.ts';

const from = 'OptiStok <no-reply@optistok.local>';
const ADMIN_EMAIL = 'yonetici@optistok.test';

function recipients(mail: ParsedMail): string[] {
  return [mail.to].flat().flatMap((a) => a?.value.map((v) => v.address ?? '') ?? []);
}

function mailTo(received: ParsedMail[], address: string): ParsedMail {
  const found = received.find((mail) => recipients(mail).includes(address));
  if (!found)
    throw new Error(`no mail to ${address}; got ${received.map((mail) => recipients(mail).join(',')).join(' | ')}`);
  return found;
}

/** A certificate photo bigger than one SMTP chunk, with every byte value, so any re-encoding would show. */
const certificate = Buffer.concat([
  pngBytes,
  Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7 + 3) % 256)),
]);

describeEachDatabase('application e-mails over real SMTP', (kind) => {
  const uploads = tempUploadsDir();
  const t = useTestApp(kind, { env: { UPLOADS_DIR: uploads } });
  beforeAll(async () => {
    await createUser(t.database.db, { role: 'admin', email: ADMIN_EMAIL });
  });

  it('delivers the applicant’s confirmation and the admin’s notification with the certificate attached byte for byte', async () => {
    const smtp = await startSmtpServer();
    const transport = createMailTransport(smtp.url, from);
    try {
      const fields = uniqueFields({ storeName: 'Göz Nuru Optik' });
      const res = await postApplication(t, fields, {
        name: 'Vergi Levhası.png',
        bytes: certificate,
        type: 'image/png',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(await deliverDueEmails(t.database.db, transport, t.clock, { storage: t.app.storage })).toBe(2);

      const applicant = mailTo(smtp.received, fields.email);
      expect(applicant.subject).toBe('OptiStok üyelik başvurunuz alındı');
      expect(applicant.text).toContain('Göz Nuru Optik için OptiStok üyelik başvurunuzu aldık.');
      expect(applicant.attachments).toHaveLength(0);

      const admin = mailTo(smtp.received, ADMIN_EMAIL);
      expect(admin.subject).toBe('Yeni üyelik başvurusu: Göz Nuru Optik');
      expect(admin.text).toContain(`Vergi Numarası: ${fields.taxNumber}`);
      expect(admin.text).toContain('http://localhost:3000/admin/applications');
      expect(admin.attachments).toHaveLength(1);
      const [attachment] = admin.attachments;
      expect(attachment.filename).toBe('Vergi Levhası.png');
      expect(attachment.contentType).toBe('image/png');
      expect(Buffer.compare(attachment.content, certificate)).toBe(0);

      const rows = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.relatedTo, `application:${res.json().id}`));
      expect(rows.map((r) => [r.status, r.fallbackUsed])).toEqual([
        ['sent', false],
        ['sent', false],
      ]);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('keeps the application while the mail server is down and delivers both mails once it is back', async () => {
    const port = await freePort();
    const transport = createMailTransport(`smtp://127.0.0.1:${port}`, from);
    const fields = uniqueFields();
    const res = await postApplication(t, fields, { name: 'levha.png', bytes: pngBytes });
    expect(res.statusCode, res.body).toBe(201);
    const related = `application:${res.json().id}`;

    expect(await deliverDueEmails(t.database.db, transport, t.clock, { storage: t.app.storage })).toBe(0);
    const waiting = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.relatedTo, related));
    expect(waiting.map((r) => r.status)).toEqual(['pending', 'pending']);
    expect(waiting.every((r) => /ECONNREFUSED/.test(r.lastError ?? ''))).toBe(true);

    // The admin sees the application meanwhile.
    const cookie = await signIn(t, await createUser(t.database.db, { role: 'admin' }));
    expect((await callApi(t, 'GET', `/api/admin/applications/${res.json().id}`, { cookie })).statusCode).toBe(200);

    const smtp = await startSmtpServer(port);
    try {
      t.clock.advance(30_000);
      expect(await deliverDueEmails(t.database.db, transport, t.clock, { storage: t.app.storage })).toBe(2);
      expect(mailTo(smtp.received, fields.email).subject).toBe('OptiStok üyelik başvurunuz alındı');
      expect(Buffer.compare(mailTo(smtp.received, ADMIN_EMAIL).attachments[0].content, pngBytes)).toBe(0);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('sends the admin’s mail without the file when it cannot be read at send time, saying so and marking the fallback', async () => {
    const smtp = await startSmtpServer();
    const transport = createMailTransport(smtp.url, from);
    try {
      const res = await postApplication(t, uniqueFields(), { name: 'levha.png', bytes: pngBytes });
      expect(res.statusCode).toBe(201);
      const [document] = await t.database.db
        .select()
        .from(applicationDocuments)
        .where(eq(applicationDocuments.applicationId, res.json().id));
      await t.app.storage.remove(document.storageKey);

      expect(await deliverDueEmails(t.database.db, transport, t.clock, { storage: t.app.storage })).toBe(2);
      const admin = mailTo(smtp.received, ADMIN_EMAIL);
      expect(admin.attachments).toHaveLength(0);
      expect(admin.text).toContain(
        'Not: Bu e-postanın eki gönderilemedi. Belgeye OptiStok yönetim panelinden ulaşabilirsiniz.',
      );
      const [row] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.id, res.json().details.adminEmail.id));
      expect(row).toMatchObject({ status: 'sent', fallbackUsed: true });
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('delivers the approval e-mail with a temporary password that signs in', async () => {
    const smtp = await startSmtpServer();
    const transport = createMailTransport(smtp.url, from);
    try {
      const fields = uniqueFields();
      const res = await postApplication(t, fields, { name: 'levha.png', bytes: pngBytes });
      const cookie = await signIn(t, await createUser(t.database.db, { role: 'admin' }));
      const approval = await callApi(t, 'POST', `/api/admin/applications/${res.json().id}/approve`, {
        cookie,
        payload: {},
      });
      expect(approval.statusCode).toBe(200);
      await deliverDueEmails(t.database.db, transport, t.clock, { storage: t.app.storage });
      const mail = smtp.received.find(
        (m) => recipients(m).includes(fields.email) && m.subject === 'OptiStok üyelik başvurunuz onaylandı',
      );
      const temporary = /Geçici şifreniz: (\S+)/.exec(mail?.text ?? '')?.[1];
      expect(temporary).toBe(approval.json().tempPassword);
      await signIn(t, { email: fields.email, password: temporary! });
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});
