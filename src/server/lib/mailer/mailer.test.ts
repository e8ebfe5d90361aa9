import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../../../test/db.ts';
import { freePort, startSmtpServer } from '../../../../test/smtp-server.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/email-outbox.ts';
import { createManualClock } from '../clock.ts';
import { claimDueEmails, enqueueEmail, MAX_DELIVERY_ATTEMPTS, REDACTED_BODY } from './outbox.ts';
import { forcedResetEmail, passwordResetEmail, type RenderedEmail } from './templates.ts';
import { createMailTransport } from './transport.ts';
import { deliverDueEmails } from './delivery.ts';

const from = 'OptiStok <no-reply@optistok.local>';
const to = 'cagri@ornek-optik.com.tr';
const resetMail = passwordResetEmail({
  name: 'Çağrı Işıkoğlu',
  resetUrl: 'http://localhost:3000/reset-password?token=abc%2Bdef',
});

function numbered(i: number): RenderedEmail {
  return {
    template: 'test',
    subject: `Sipariş bildirimi #${i}`,
    text: `Merhaba, ${i} numaralı bildiriminiz.`,
    html: `<p>Merhaba, ${i} numaralı bildiriminiz.</p>`,
  };
}

describeEachDatabase('e-mail outbox delivery', (kind) => {
  let database: TestDatabase;
  const clock = createManualClock();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(emailOutbox);
    clock.set(new Date('2026-03-02T08:00:00Z'));
  });

  async function row(id: string) {
    const [found] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    return found;
  }

  it('delivers a queued e-mail once over SMTP, with subject, recipient and both parts in intact Turkish', async () => {
    const smtp = await startSmtpServer();
    const transport = createMailTransport(smtp.url, from);
    try {
      const id = await enqueueEmail(database.db, to, resetMail, clock.now());
      expect(await deliverDueEmails(database.db, transport, clock)).toBe(1);

      const sent = await row(id);
      expect(sent).toMatchObject({
        status: 'sent',
        transport: 'smtp',
        attempts: 1,
        lastError: null,
        lockedUntil: null,
      });
      expect(sent.sentAt?.getTime()).toBe(clock.now().getTime());
      expect(sent.messageId).toMatch(/^<.+@.+>$/);

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0];
      expect(mail.subject).toBe('OptiStok şifre sıfırlama bağlantınız');
      expect(mail.messageId).toBe(sent.messageId);
      expect([mail.to].flat().flatMap((a) => a?.value.map((v) => v.address))).toEqual([to]);
      expect(mail.from?.value).toEqual([{ name: 'OptiStok', address: 'no-reply@optistok.local' }]);
      expect(mail.text).toContain('Merhaba Çağrı Işıkoğlu,');
      expect(mail.text).toContain('http://localhost:3000/reset-password?token=abc%2Bdef');
      expect(mail.text).toContain('Bağlantı 1 saat geçerlidir ve yalnızca bir kez kullanılabilir.');
      expect(mail.html).toContain('Merhaba Çağrı Işıkoğlu,');
      expect(mail.html).toContain('Yeni Şifre Belirle');
      expect(mail.html).toContain('<html lang="tr">');

      // Sent mail is never picked up again.
      clock.advance(24 * 60 * 60 * 1000);
      expect(await deliverDueEmails(database.db, transport, clock)).toBe(0);
      expect(smtp.received).toHaveLength(1);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('keeps no copy of a credential once the mail has left over SMTP, but keeps ordinary mail', async () => {
    const smtp = await startSmtpServer();
    const transport = createMailTransport(smtp.url, from);
    try {
      const secret = await enqueueEmail(database.db, to, resetMail, clock.now());
      const ordinary = await enqueueEmail(database.db, to, numbered(1), clock.now());
      expect(await deliverDueEmails(database.db, transport, clock)).toBe(2);
      expect(smtp.received.find((m) => m.subject === resetMail.subject)?.text).toContain('token=abc%2Bdef');
      const stored = await row(secret);
      expect(stored.text).toBe(REDACTED_BODY);
      expect(stored.html).toBe(REDACTED_BODY);
      expect((await row(ordinary)).text).toBe(numbered(1).text);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('puts mail back with a 30-second back-off while the server is down, and delivers it once the server is back', async () => {
    const port = await freePort();
    const transport = createMailTransport(`smtp://127.0.0.1:${port}`, from);
    const id = await enqueueEmail(
      database.db,
      to,
      forcedResetEmail({
        name: 'Ayşe',
        tempPassword: 'Gecici-Sifre-1!',
        loginUrl: 'http://localhost:3000/login',
        reason: 'Güvenlik',
      }),
      clock.now(),
    );
    const failedAt = clock.now().getTime();

    expect(await deliverDueEmails(database.db, transport, clock)).toBe(0);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt.getTime()).toBe(failedAt + 30_000);

    // Not retried before its time.
    expect(await deliverDueEmails(database.db, transport, clock)).toBe(0);
    clock.advance(29_999);
    expect(await deliverDueEmails(database.db, transport, clock)).toBe(0);
    expect((await row(id)).attempts).toBe(1);

    const smtp = await startSmtpServer(port);
    try {
      clock.advance(1);
      expect(await deliverDueEmails(database.db, transport, clock)).toBe(1);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, transport: 'smtp', lastError: null });
      expect(smtp.received.map((m) => m.subject)).toEqual(['OptiStok: şifreniz yönetici tarafından sıfırlandı']);
      expect(smtp.received[0].text).toContain('Geçici şifreniz: Gecici-Sifre-1!');
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it(`gives up after ${MAX_DELIVERY_ATTEMPTS} failed attempts, doubling the wait each time`, async () => {
    const transport = createMailTransport(`smtp://127.0.0.1:${await freePort()}`, from);
    const id = await enqueueEmail(database.db, to, resetMail, clock.now());
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      const before = clock.now().getTime();
      expect(await deliverDueEmails(database.db, transport, clock)).toBe(0);
      const after = await row(id);
      expect(after.attempts).toBe(attempt);
      expect(after.status, `after attempt ${attempt}`).toBe(attempt < MAX_DELIVERY_ATTEMPTS ? 'pending' : 'failed');
      expect(after.nextAttemptAt.getTime() - before).toBe(30_000 * 2 ** (attempt - 1));
      clock.set(after.nextAttemptAt);
    }
    clock.advance(7 * 24 * 60 * 60 * 1000);
    expect(await deliverDueEmails(database.db, transport, clock)).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    transport.close();
  });

  it('never delivers an e-mail twice when two workers sweep at the same moment', async () => {
    const smtp = await startSmtpServer();
    const transport = createMailTransport(smtp.url, from);
    // On PostgreSQL the second worker has its own connection pool, like a second instance.
    const second: Database =
      kind === 'postgres' ? await openDatabase({ kind: 'postgres', url: database.url! }) : database;
    try {
      const count = 30;
      for (let i = 1; i <= count; i++)
        await enqueueEmail(database.db, `alici-${i}@ornek-optik.com.tr`, numbered(i), clock.now());

      const [a, b] = await Promise.all([
        deliverDueEmails(database.db, transport, clock),
        deliverDueEmails(second.db, transport, clock),
      ]);
      const rest = await deliverDueEmails(database.db, transport, clock);
      expect(a + b).toBe(count);
      expect(rest).toBe(0);

      const subjects = smtp.received.map((m) => m.subject);
      expect(subjects).toHaveLength(count);
      expect(new Set(subjects).size).toBe(count);
      const rows = await database.db.select().from(emailOutbox);
      expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      if (second !== database) await second.close();
      transport.close();
      await smtp.close();
    }
  });

  it('takes over mail claimed by a worker that died, once its lease has run out', async () => {
    const smtp = await startSmtpServer();
    const transport = createMailTransport(smtp.url, from);
    try {
      const id = await enqueueEmail(database.db, to, resetMail, clock.now());
      expect(await claimDueEmails(database.db, clock.now(), 20)).toHaveLength(1);
      expect(await deliverDueEmails(database.db, transport, clock)).toBe(0);
      clock.advance(5 * 60 * 1000);
      expect(await deliverDueEmails(database.db, transport, clock)).toBe(1);
      expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.received).toHaveLength(1);
    } finally {
      transport.close();
      await smtp.close();
    }
  });

  it('without SMTP marks the mail sent to the dev mailbox, keeping the row as the mail', async () => {
    const transport = createMailTransport(undefined, from);
    expect(transport.kind).toBe('dev-mailbox');
    const id = await enqueueEmail(database.db, to, resetMail, clock.now());
    expect(await deliverDueEmails(database.db, transport, clock)).toBe(1);
    expect(await row(id)).toMatchObject({
      status: 'sent',
      transport: 'dev-mailbox',
      messageId: null,
      subject: resetMail.subject,
      text: resetMail.text,
    });
  });
});
