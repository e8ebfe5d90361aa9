import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import type { Storage } from '../storage.ts';
import { claimDueEmails, markEmailFailed, markEmailSent, type OutboxRow } from './outbox.ts';
import { withAttachmentFallbackNotice } from './templates.ts';
import type { MailAttachment, MailTransport } from './transport.ts';

export interface DeliveryOptions {
  log?: FastifyBaseLogger;
  /** Most mails sent in one sweep. */
  limit?: number;
  /** Where outbox attachments are read from; without it, mail with attachments goes out without them. */
  storage?: Storage;
}

/** Reads a row's attachments from storage; the ones that cannot be read are counted as missing. */
async function loadAttachments(row: OutboxRow, storage: Storage | undefined, log?: FastifyBaseLogger) {
  const loaded: MailAttachment[] = [];
  let missing = 0;
  for (const attachment of row.attachments ?? []) {
    try {
      if (!storage) throw new Error('no storage configured');
      loaded.push({
        filename: attachment.filename,
        contentType: attachment.contentType,
        content: await storage.read(attachment.storageKey),
      });
    } catch (err) {
      missing++;
      log?.warn({ outboxId: row.id, err }, 'e-mail attachment unreadable; sending without it');
    }
  }
  return { loaded, missing };
}

/** One sweep: claim due mail, send each outside any lock, record the outcome. Returns how many were sent. */
export async function deliverDueEmails(
  db: Db,
  transport: MailTransport,
  clock: Clock,
  options: DeliveryOptions = {},
): Promise<number> {
  const { log, limit = 20, storage } = options;
  const rows = await claimDueEmails(db, clock.now(), limit);
  let sent = 0;
  for (const row of rows) {
    try {
      const { loaded, missing } = await loadAttachments(row, storage, log);
      // A mail never waits on a lost file: it goes out without it and says so.
      const mail = missing > 0 ? { ...row, ...withAttachmentFallbackNotice(row) } : row;
      const result = await transport.send(mail, loaded);
      await markEmailSent(
        db,
        row.id,
        { transport: transport.kind, messageId: result.messageId, fallbackUsed: missing > 0 },
        clock.now(),
      );
      sent++;
    } catch (error) {
      log?.warn({ outboxId: row.id, attempt: row.attempts, err: error }, 'e-mail delivery failed; will retry');
      await markEmailFailed(db, row, error instanceof Error ? error.message : String(error), clock.now());
    }
  }
  return sent;
}
