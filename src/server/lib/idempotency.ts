import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { AppError } from './app-error.ts';

/** How long a request may hold its key before another request with the key may take over. */
const LEASE_MS = 60_000;

export interface IdempotencyScope {
  userId: string;
  /** Which operation the key belongs to ('checkout'): the same key may be used by another operation. */
  scope: string;
  key: string;
}

/** A key this request holds: its claim token proves it still owns the key when it stores the answer. */
export interface HeldIdempotencyKey extends IdempotencyScope {
  claimToken: string;
}

export type IdempotencyClaim =
  { kind: 'claimed'; held: HeldIdempotencyKey } | { kind: 'replay'; status: number; body: unknown };

/** SHA-256 of the body in a canonical form (keys sorted), so formatting does not change it. */
export function hashRequest(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Claims a key for this request, or tells how to answer instead: the stored answer for the same
 * key and body (replay), 422 for the same key with another body, 409 while the first request is
 * still running. The claim is its own statement, committed before the work starts, so a
 * concurrent request with the key sees it at once.
 */
export async function claimIdempotencyKey(
  db: Db,
  id: IdempotencyScope,
  requestHash: string,
  now: Date,
): Promise<IdempotencyClaim> {
  const lockedUntil = new Date(now.getTime() + LEASE_MS);
  const claimToken = randomUUID();
  const held = { ...id, claimToken };
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({ ...id, requestHash, status: 'in_flight', lockedUntil, claimToken, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted) return { kind: 'claimed', held };

  const [existing] = await db.select().from(idempotencyKeys).where(matches(id));
  if (!existing) return claimIdempotencyKey(db, id, requestHash, now); // released in between
  if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  if (existing.status === 'done') {
    return { kind: 'replay', status: existing.responseStatus ?? 200, body: existing.responseBody };
  }
  // A claim whose lease ran out belongs to a request that died or is stuck: this one takes over,
  // with its own token, so the old request can no longer store an answer (completeIdempotencyKey).
  const [takenOver] = await db
    .update(idempotencyKeys)
    .set({ lockedUntil, claimToken })
    .where(and(matches(id), eq(idempotencyKeys.status, 'in_flight'), lte(idempotencyKeys.lockedUntil, now)))
    .returning({ key: idempotencyKeys.key });
  if (takenOver) return { kind: 'claimed', held };
  throw new AppError('REQUEST_IN_PROGRESS');
}

/**
 * Stores the answer; call it in the transaction of the work, so the work and its answer commit
 * together. Throws REQUEST_IN_PROGRESS when the claim was taken over meanwhile (this request
 * outlived its lease): the transaction rolls back, and only the holder's work can commit.
 */
export async function completeIdempotencyKey(tx: Db, held: HeldIdempotencyKey, status: number, body: unknown) {
  const [stored] = await tx
    .update(idempotencyKeys)
    .set({ status: 'done', responseStatus: status, responseBody: body })
    .where(and(matches(held), ownedBy(held)))
    .returning({ key: idempotencyKeys.key });
  if (!stored) throw new AppError('REQUEST_IN_PROGRESS');
}

/** Frees the key after a request that changed nothing (refused or failed), if this request still holds it. */
export async function releaseIdempotencyKey(db: Db, held: HeldIdempotencyKey): Promise<void> {
  await db.delete(idempotencyKeys).where(and(matches(held), ownedBy(held)));
}

/**
 * Forgets a finished key whose stored answer can no longer be acted on (a checkout whose payment
 * failed or whose reservation ran out), so the same key and body start afresh instead of
 * replaying it. Only the answer that was replayed is forgotten (`body`), never a newer one.
 */
export async function forgetIdempotencyKey(db: Db, id: IdempotencyScope, body: unknown): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        matches(id),
        eq(idempotencyKeys.status, 'done'),
        sql`${idempotencyKeys.responseBody} = ${JSON.stringify(body)}::jsonb`,
      ),
    );
}

function ownedBy(held: HeldIdempotencyKey) {
  return and(eq(idempotencyKeys.status, 'in_flight'), eq(idempotencyKeys.claimToken, held.claimToken));
}

function matches(id: IdempotencyScope) {
  return and(
    eq(idempotencyKeys.userId, id.userId),
    eq(idempotencyKeys.scope, id.scope),
    eq(idempotencyKeys.key, id.key),
  );
}
