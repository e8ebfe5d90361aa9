import nodemailer from 'nodemailer';
import type { OutboxRow } from './outbox.ts';

/** A file read from storage for one delivery. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(row: OutboxRow, attachments?: MailAttachment[]): Promise<{ messageId: string | null }>;
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
    async send(row, attachments = []) {
      const info = await transporter.sendMail({
        to: row.toAddress,
        subject: row.subject,
        html: row.html,
        text: row.text,
        attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
      return { messageId: info.messageId ?? null };
    },
    close: () => transporter.close(),
  };
}
