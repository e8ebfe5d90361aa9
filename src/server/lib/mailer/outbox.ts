import { and, asc, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/email-outbox.ts';
import type { RenderedEmail } from './templates.ts';

export const MAX_DELIVERY_ATTEMPTS = 8;
const CLAIM_MS = 5 * 60 * 1000;
const BASE_BACKOFF_MS = 30 * 1000;

/** Queues an e-mail; call it with the transaction that makes the change the e-mail reports. */
export async function enqueueEmail(db: Db, to: string, email: RenderedEmail, now: Date): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ template: email.template, toAddress: to, subject: email.subject, html: email.html, text: email.text, createdAt: now, nextAttemptAt: now })
    .returning({ id: emailOutbox.id });
  return row.id;
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
          and(eq(emailOutbox.status, 'sending'), or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now))),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ status: 'sending', lockedUntil: new Date(now.getTime() + CLAIM_MS), attempts: sql`${emailOutbox.attempts} + 1` })
      .where(inArray(emailOutbox.id, due.map((row) => row.id)))
      .returning();
  });
}

export async function markEmailSent(db: Db, id: string, result: { transport: string; messageId: string | null }, now: Date) {
  await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null, transport: result.transport, messageId: result.messageId })
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
