import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '#shared/messages.tr.ts';
import { contactPageMessages } from '#shared/messages/contact.tr.ts';
import { describeEachDatabase } from '../../../../test/db.ts';
import { useTestApp, type TestAppHandle } from '../../../../test/app.ts';
import { contactMessages } from '../../db/schema/contact-messages.ts';

const m = contactPageMessages;

const validMessage = {
  name: 'Ayşe Yılmaz',
  email: 'ayse@ornekoptik.com',
  phone: '0532 123 45 67',
  subject: 'Üyelik başvurusu',
  message: 'Mağazamız için üyelik başvurusu yapmak istiyoruz.',
};

let nextIp = 1;
/** A fresh client address per test, so the strict per-address limit of one test never touches another. */
const freshIp = () => `192.0.2.${nextIp++}`;

function send(t: TestAppHandle, payload: unknown, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: '/api/contact-messages', payload: payload as object, remoteAddress });
}

async function storedFrom(t: TestAppHandle, ip: string) {
  const [row] = await t.database.db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.ip, ip));
  return row.n;
}

describeEachDatabase('POST /api/contact-messages', (kind) => {
  describe('storing messages', () => {
    const t = useTestApp(kind);

    it('stores a valid message and answers 201 with a receipt', async () => {
      const ip = freshIp();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact-messages',
        payload: {
          name: '  Ayşe Yılmaz ',
          email: '  Ayse.Yilmaz@OrnekOptik.COM ',
          phone: ' 0532 123 45 67 ',
          subject: ' Üyelik başvurusu ',
          message: '  Mağazamız için üyelik başvurusu yapmak istiyoruz.  ',
        },
        headers: { 'user-agent': 'contact-test' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(201);
      const receipt = res.json();
      expect(receipt).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        reference: expect.stringMatching(/^ILT-[0-9A-F]{8}$/),
        receivedAt: t.clock.now().toISOString(),
      });

      const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, receipt.id));
      expect(row).toMatchObject({
        reference: receipt.reference,
        name: 'Ayşe Yılmaz',
        email: 'ayse.yilmaz@ornekoptik.com',
        phone: '0532 123 45 67',
        subject: 'Üyelik başvurusu',
        message: 'Mağazamız için üyelik başvurusu yapmak istiyoruz.',
        ip,
        userAgent: 'contact-test',
      });
      expect(row.createdAt.toISOString()).toBe(t.clock.now().toISOString());
    });

    it('gives every message its own reference', async () => {
      const ip = freshIp();
      const first = (await send(t, validMessage, ip)).json();
      const second = (await send(t, validMessage, ip)).json();
      expect(first.reference).not.toBe(second.reference);
      expect(first.id).not.toBe(second.id);
    });

    it.each([
      ['an empty phone', ''],
      ['no phone', undefined],
    ])('accepts %s as "not given"', async (_label, phone) => {
      const ip = freshIp();
      const res = await send(t, { ...validMessage, phone }, ip);
      expect(res.statusCode).toBe(201);
      const [row] = await t.database.db.select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
      expect(row.phone).toBeNull();
    });

    it.each([
      ['name', 'a name shorter than 2 characters', { name: ' A ' }, m.nameMin],
      ['email', 'a malformed e-mail address', { email: 'ayse@@ornek' }, m.emailInvalid],
      ['phone', 'a phone number with letters', { phone: '0532 ABC 45 67' }, m.phoneInvalid],
      ['subject', 'a subject shorter than 3 characters', { subject: 'Ab' }, m.subjectMin],
      ['message', 'a message shorter than 10 characters', { message: 'Merhaba' }, m.messageMin],
      ['message', 'a message longer than 2000 characters', { message: 'a'.repeat(2001) }, m.messageMax],
    ])('refuses %s: %s, in Turkish, and stores nothing', async (field, _label, change, text) => {
      const ip = freshIp();
      const res = await send(t, { ...validMessage, ...change }, ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: text, fields: { [field]: text } } });
      expect(await storedFrom(t, ip)).toBe(0);
    });

    it('accepts a message of exactly 2000 characters', async () => {
      const res = await send(t, { ...validMessage, message: 'a'.repeat(2000) }, freshIp());
      expect(res.statusCode).toBe(201);
    });
  });

  describe('rate limit', () => {
    const t = useTestApp(kind);

    it('refuses the 6th message from one address within 10 minutes and accepts again once the window has passed', async () => {
      const ip = freshIp();
      for (let i = 1; i <= 5; i++) {
        const res = await send(t, { ...validMessage, subject: `Soru ${i}` }, ip);
        expect(res.statusCode, `message ${i}`).toBe(201);
        t.clock.advance(60_000);
      }
      const limited = await send(t, validMessage, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: messages.errors.RATE_LIMITED } });
      expect(await storedFrom(t, ip)).toBe(5);

      // Another address is not affected.
      expect((await send(t, validMessage, freshIp())).statusCode).toBe(201);

      // The window started with the first message, five minutes ago.
      t.clock.advance(10 * 60 * 1000 + 1 - 5 * 60_000);
      const again = await send(t, validMessage, ip);
      expect(again.statusCode).toBe(201);
      expect(await storedFrom(t, ip)).toBe(6);
    });

    it('keeps refusing for the rest of the window', async () => {
      const ip = freshIp();
      for (let i = 1; i <= 5; i++) expect((await send(t, validMessage, ip)).statusCode).toBe(201);
      t.clock.advance(10 * 60 * 1000 - 1);
      expect((await send(t, validMessage, ip)).statusCode).toBe(429);
      t.clock.advance(1);
      expect((await send(t, validMessage, ip)).statusCode).toBe(201);
    });
  });
});
