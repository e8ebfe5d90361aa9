import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { JOB_QUEUED_CHANNEL } from './job-signal.ts';

/** The one LISTEN/NOTIFY channel of member events; every instance listens on it. */
export const EVENTS_CHANNEL = 'optistok_events';

/**
 * What travels through NOTIFY: ids only (PostgreSQL caps a payload at 8000 bytes, and the content
 * stays behind the API's access rules); clients refetch. 'notification' carries the row's seq,
 * which is its SSE event id; 'badge' says counts changed (read elsewhere, a message read …);
 * 'sessions_ended' says some of the member's sessions ended (sign-out, revocation, password
 * change): every instance checks its streams of that member and ends those whose session is gone.
 * Both 'sessions_ended' and 'access_changed' (role, flags or profile changed, sessions kept) make
 * every instance forget the member's cached sessions (lib/session-cache.ts).
 */
export type UserEvent =
  | { kind: 'notification'; userId: string; seq: number; id: string; type: string }
  | { kind: 'badge'; userId: string; topic: 'notifications' | 'messages' }
  | { kind: 'sessions_ended'; userId: string }
  | { kind: 'access_changed'; userId: string };

interface WireEvent {
  u: string;
  k: 'n' | 'b' | 's' | 'a';
  s?: number;
  n?: string;
  t?: string;
}

function toWire(event: UserEvent): string {
  const wire: WireEvent =
    event.kind === 'notification'
      ? { u: event.userId, k: 'n', s: event.seq, n: event.id, t: event.type }
      : event.kind === 'badge'
        ? { u: event.userId, k: 'b', t: event.topic }
        : { u: event.userId, k: event.kind === 'sessions_ended' ? 's' : 'a' };
  return JSON.stringify(wire);
}

/** Reads a NOTIFY payload; null for anything malformed (never trusted to be ours). */
export function parseUserEvent(payload: string): UserEvent | null {
  try {
    const w = JSON.parse(payload) as WireEvent;
    if (typeof w.u !== 'string') return null;
    if (w.k === 'n' && typeof w.s === 'number' && typeof w.n === 'string' && typeof w.t === 'string')
      return { kind: 'notification', userId: w.u, seq: w.s, id: w.n, type: w.t };
    if (w.k === 'b' && (w.t === 'notifications' || w.t === 'messages'))
      return { kind: 'badge', userId: w.u, topic: w.t };
    if (w.k === 's') return { kind: 'sessions_ended', userId: w.u };
    if (w.k === 'a') return { kind: 'access_changed', userId: w.u };
    return null;
  } catch {
    return null;
  }
}

const NOTIFY_BATCH = 100;

const localListeners = new Set<(event: UserEvent) => void>();

/**
 * Hears this process's own publications as they are issued. The NOTIFY reaches our own LISTEN a
 * moment after the commit (on PostgreSQL; PGlite delivers it before the commit returns), so a
 * member's next request to this instance could still meet what the change invalidated. Called
 * before the commit: a listener must only forget things, which a rollback leaves harmless.
 */
export function onLocalPublish(listener: (event: UserEvent) => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/**
 * Announces events to every instance. Call it in the transaction of the change: PostgreSQL (and
 * PGlite) deliver a NOTIFY only when that transaction commits, and never if it rolls back. Jobs
 * named in `wakeJobs` are woken in the same statement (job-signal.ts's channel and payload), one
 * round trip less for a change that also queues work.
 */
export async function publishEvents(tx: Db, events: UserEvent[], wakeJobs: string[] = []): Promise<void> {
  const calls = [
    ...events.map((e) => sql`pg_notify(${EVENTS_CHANNEL}, ${toWire(e)})`),
    ...wakeJobs.map((job) => sql`pg_notify(${JOB_QUEUED_CHANNEL}, ${job})`),
  ];
  for (let i = 0; i < calls.length; i += NOTIFY_BATCH) {
    await tx.execute(sql`select ${sql.join(calls.slice(i, i + NOTIFY_BATCH), sql`, `)}`);
  }
  for (const listener of localListeners) for (const event of events) listener(event);
}

/** Tells the member's open tabs that a badge count changed (messages use topic 'messages'). */
export async function publishBadgeChange(
  tx: Db,
  userId: string,
  topic: 'notifications' | 'messages' = 'notifications',
): Promise<void> {
  await publishEvents(tx, [{ kind: 'badge', userId, topic }]);
}

/**
 * Tells every instance that sessions of these members ended, so their event streams end with
 * them. In the transaction that deletes the sessions: the NOTIFY goes out only if it commits.
 */
export async function publishSessionsEnded(tx: Db, userIds: string[]): Promise<void> {
  await publishEvents(
    tx,
    [...new Set(userIds)].map((userId) => ({ kind: 'sessions_ended' as const, userId })),
  );
}

/**
 * Tells every instance that what these members may do or how they appear changed (role, the
 * must-reset flag, name): their cached sessions are read afresh. In the transaction of the change.
 */
export async function publishAccessChanged(tx: Db, userIds: string[]): Promise<void> {
  await publishEvents(
    tx,
    [...new Set(userIds)].map((userId) => ({ kind: 'access_changed' as const, userId })),
  );
}
