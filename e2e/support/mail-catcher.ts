import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The SMTP port the e2e server sends to (playwright.config.ts sets SMTP_URL to it). */
export const MAIL_CATCHER_PORT = Number(process.env.E2E_SMTP_PORT ?? 4325);

/** A real SMTP server on loopback that keeps every message it receives. */
export async function startMailCatcher(port = MAIL_CATCHER_PORT) {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const recipient = (mail: ParsedMail) =>
    (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address));
  return {
    messages,
    /** Waits (bounded) for a mail to `to` whose subject matches. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 20_000): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = messages.find((m) => recipient(m).includes(to) && subject.test(m.subject ?? ''));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
