import nodemailer from 'nodemailer';
import type { OutboxRow } from './outbox.ts';

export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(row: OutboxRow): Promise<{ messageId: string | null }>;
  close(): void;
}

/** SMTP through nodemailer, or, without SMTP_URL, the dev mailbox: the outbox row is the mail. */
export function createMailTransport(smtpUrl: string | undefined, from: string): MailTransport {
  if (!smtpUrl) {
    return { kind: 'dev-mailbox', send: async () => ({ messageId: null }), close: () => undefined };
  }
  const transporter = nodemailer.createTransport(smtpUrl, { from });
  return {
    kind: 'smtp',
    async send(row) {
      const info = await transporter.sendMail({ to: row.toAddress, subject: row.subject, html: row.html, text: row.text });
      return { messageId: info.messageId ?? null };
    },
    close: () => transporter.close(),
  };
}
