import { setTimeout as sleep } from 'node:timers/promises';
import { messages } from '#shared/messages.tr.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import type { EmailTestResult } from '#shared/schemas/admin.ts';
import type { OutboxAttachment } from '../../db/schema/email-outbox.ts';
import type { AdminContext } from '../../lib/context.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import type { RenderedEmail } from '../../lib/mailer/templates.ts';
import { recordAdminAction } from '../../lib/audit.ts';
import { escapeHtml } from '../../lib/html.ts';
import { findOutboxEmail, findOutboxEmails, type OutboxRow } from './admin.repo.ts';

const d = adminMessages.emailDebug;

/** The outbox rows of the test page carry this in related_to, so the results survive reloads. */
export const EMAIL_DEBUG_RELATED_TO = 'email-debug';
const RESULTS_KEPT = 10;
/** How long a test waits for the worker's first delivery attempt before answering "queued". */
const DELIVERY_WAIT_MS = 5000;

const timeFormat = new Intl.DateTimeFormat('tr-TR', {
  timeZone: 'Europe/Istanbul',
  dateStyle: 'long',
  timeStyle: 'medium',
});

/** The Turkish test mail, with or without the note about its attachment. */
export function testEmail(input: { sentBy: string; at: Date; attachmentName?: string }): RenderedEmail {
  const subject = input.attachmentName ? 'OptiStok ek testi' : 'OptiStok e-posta testi';
  const lines = [
    'Bu, OptiStok yönetim panelinden gönderilen bir test e-postasıdır.',
    `Gönderen yönetici: ${input.sentBy}`,
    `Gönderim zamanı: ${timeFormat.format(input.at)}`,
    ...(input.attachmentName ? [`Ekteki dosya: ${input.attachmentName}`] : []),
    'Bu e-postayı aldıysanız e-posta gönderimi çalışıyor demektir; yanıtlamanıza gerek yoktur.',
  ];
  const html = `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a"><p style="font-size:20px;font-weight:bold;color:#0f4c81">OptiStok</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}</body></html>`;
  return {
    template: input.attachmentName ? 'email_attachment_test' : 'email_test',
    subject,
    html,
    text: lines.join('\n\n'),
  };
}

export function toEmailTestResult(row: OutboxRow): EmailTestResult {
  const attachments = Array.isArray(row.attachments) ? row.attachments : [];
  const status = row.status as EmailTestResult['status'];
  const outcome: EmailTestResult['outcome'] =
    status === 'sent' ? 'success' : status === 'failed' || row.lastError ? 'failure' : 'pending';
  const message =
    status === 'sent'
      ? d.sent
      : status === 'failed'
        ? d.failed(row.lastError ?? messages.common.unexpected)
        : row.lastError
          ? d.retrying(row.lastError)
          : d.queued;
  return {
    id: row.id,
    kind: attachments.length > 0 || row.template === 'email_attachment_test' ? 'attachment' : 'plain',
    toAddress: row.toAddress,
    subject: row.subject,
    outcome,
    status,
    message,
    attempts: row.attempts,
    lastError: row.lastError,
    transport: row.transport,
    messageId: row.messageId,
    attachmentIncluded: attachments.length > 0 && !row.fallbackUsed,
    attachmentNames: attachments.map((a) => a.filename),
    fallbackUsed: row.fallbackUsed,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The latest 10 tests, newest first. */
export async function listEmailTests(ctx: AdminContext): Promise<EmailTestResult[]> {
  return (await findOutboxEmails(ctx.db, { relatedTo: EMAIL_DEBUG_RELATED_TO, limit: RESULTS_KEPT })).map(
    toEmailTestResult,
  );
}

/**
 * Queues a test mail (with its audit row, in one transaction; the commit wakes the delivery job)
 * and, when background jobs run, waits briefly for its first attempt so the page can say how it went.
 */
export async function sendTestEmail(
  ctx: AdminContext,
  deliveryRunning: boolean,
  input: { to: string; attachment?: OutboxAttachment; attachmentBytes?: number },
): Promise<EmailTestResult> {
  const now = ctx.clock.now();
  const email = testEmail({
    sentBy: `${ctx.user.fullName} <${ctx.user.email}>`,
    at: now,
    attachmentName: input.attachment?.filename,
  });
  const id = await ctx.db.transaction(async (tx) => {
    const outboxId = await enqueueEmail(tx, input.to, email, now, {
      relatedTo: EMAIL_DEBUG_RELATED_TO,
      attachments: input.attachment ? [input.attachment] : [],
    });
    await recordAdminAction(
      tx,
      {
        actorId: ctx.user.id,
        action: input.attachment ? 'email_attachment_test_sent' : 'email_test_sent',
        targetType: 'email_outbox',
        targetId: outboxId,
        details: {
          to: input.to,
          ...(input.attachment
            ? { attachment: input.attachment.filename, sizeBytes: input.attachmentBytes ?? null }
            : {}),
        },
        ip: ctx.ip,
      },
      now,
    );
    return outboxId;
  });
  let row = await findOutboxEmail(ctx.db, id);
  if (deliveryRunning && row) {
    const deadline = Date.now() + DELIVERY_WAIT_MS;
    while (row && row.status !== 'sent' && row.status !== 'failed' && !row.lastError && Date.now() < deadline) {
      await sleep(150);
      row = await findOutboxEmail(ctx.db, id);
    }
  }
  if (!row) throw new Error(`outbox row ${id} vanished`);
  return toEmailTestResult(row);
}
