import { and, asc, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox, type OutboxAttachment } from '../../db/schema/email-outbox.ts';
import { announceJob } from '../job-signal.ts';
import type { RenderedEmail } from './templates.ts';

export const MAX_DELIVERY_ATTEMPTS = 8;
const CLAIM_MS = 5 * 60 * 1000;
const BASE_BACKOFF_MS = 30 * 1000;

/** The job that sends the outbox's mails (lib/jobs.ts), woken on every instance by name. */
export const MAIL_DELIVERY_JOB = 'mail-delivery';

/** Wakes the mail-delivery job on every instance once the caller's transaction commits. */
const announceMail = (db: Db) => announceJob(db, MAIL_DELIVERY_JOB);

export interface EnqueueOptions {
  /** Files read from private storage at send time (see delivery.ts). */
  attachments?: OutboxAttachment[];
  /** The mail already goes out without a file it would normally carry (and says so). */
  fallbackUsed?: boolean;
  /** What caused the mail, e.g. 'application:<id>'. */
  relatedTo?: string;
}

/** Queues an e-mail; call it with the transaction that makes the change the e-mail reports. */
export async function enqueueEmail(
  db: Db,
  to: string,
  email: RenderedEmail,
  now: Date,
  options: EnqueueOptions = {},
): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values(outboxValues(to, email, now, options))
    .returning({ id: emailOutbox.id });
  await announceMail(db);
  return row.id;
}

export interface QueuedEmail {
  to: string;
  email: RenderedEmail;
  options?: EnqueueOptions;
}

/** Queues several e-mails in one statement (same rules as enqueueEmail); answers their ids in order. */
export async function enqueueEmails(db: Db, mails: QueuedEmail[], now: Date): Promise<string[]> {
  if (mails.length === 0) return [];
  const ids = await insertEmails(db, mails, now);
  await announceMail(db);
  return ids;
}

/**
 * Writes the e-mails without waking the delivery job: for a caller that wakes MAIL_DELIVERY_JOB in
 * its own NOTIFY statement of the same transaction (notify's). Answers their ids in order.
 */
export async function insertEmails(db: Db, mails: QueuedEmail[], now: Date): Promise<string[]> {
  if (mails.length === 0) return [];
  const rows = await db
    .insert(emailOutbox)
    .values(mails.map(({ to, email, options = {} }) => outboxValues(to, email, now, options)))
    .returning({ id: emailOutbox.id });
  return rows.map((row) => row.id);
}

function outboxValues(to: string, email: RenderedEmail, now: Date, options: EnqueueOptions) {
  return {
    template: email.template,
    toAddress: to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    attachments: options.attachments ?? [],
    fallbackUsed: options.fallbackUsed ?? false,
    relatedTo: options.relatedTo ?? null,
    createdAt: now,
    nextAttemptAt: now,
  };
}

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Claims up to `limit` due e-mails for this worker. SKIP LOCKED lets several instances sweep at
 * once without taking the same row; the claim is a lease (locked_until), so mail held by a worker
 * that died is claimed again later. The row lock is released before any SMTP call.
 */
export async function claimDueEmails(db: Db, now: Date, limit: number): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        or(
          and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)),
          and(
            eq(emailOutbox.status, 'sending'),
            or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now)),
          ),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({
        status: 'sending',
        lockedUntil: new Date(now.getTime() + CLAIM_MS),
        attempts: sql`${emailOutbox.attempts} + 1`,
      })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** `fallbackUsed`: an attachment could not be read and the mail went out without it. */
/** Mails that carry a credential (temporary password, reset link). */
export const SECRET_BEARING_TEMPLATES = new Set(['password_reset', 'forced_password_reset', 'application_approved']);
export const REDACTED_BODY = '[Bu e-posta bir giriş bilgisi içerdiği için gönderildikten sonra silindi.]';

export async function markEmailSent(
  db: Db,
  id: string,
  result: { transport: string; messageId: string | null; fallbackUsed?: boolean },
  now: Date,
) {
  // Once a mail that carries a credential has left over SMTP, the database keeps no copy of the
  // secret. (In the dev mailbox the row is the mail, so it stays readable there.)
  const redact =
    result.transport === 'smtp' ? inArray(emailOutbox.template, [...SECRET_BEARING_TEMPLATES]) : sql`false`;
  await db
    .update(emailOutbox)
    .set({
      text: sql`case when ${redact} then ${REDACTED_BODY} else ${emailOutbox.text} end`,
      html: sql`case when ${redact} then ${REDACTED_BODY} else ${emailOutbox.html} end`,
      status: 'sent',
      sentAt: now,
      lockedUntil: null,
      lastError: null,
      transport: result.transport,
      messageId: result.messageId,
      ...(result.fallbackUsed ? { fallbackUsed: true } : {}),
    })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'sending')));
}

/** Exponential back-off: 30 s, 1 min, 2 min ... until MAX_DELIVERY_ATTEMPTS, then failed. */
export async function markEmailFailed(db: Db, row: OutboxRow, error: string, now: Date) {
  const exhausted = row.attempts >= MAX_DELIVERY_ATTEMPTS;
  await db
    .update(emailOutbox)
    .set({
      status: exhausted ? 'failed' : 'pending',
      lockedUntil: null,
      lastError: error.slice(0, 1000),
      nextAttemptAt: new Date(now.getTime() + BASE_BACKOFF_MS * 2 ** (row.attempts - 1)),
    })
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'sending')));
}
