import type { SecurityEventType } from '#shared/security-log.ts';
import type { Db } from '../db/client.ts';
import { securityEvents } from '../db/schema/security-events.ts';

export interface SecurityEventInput {
  type: SecurityEventType;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes security events (sign-ins, revocations, resets, role changes, CSP reports); pass the
 * transaction when they belong to a change. In lib/ because the auth plugin records here as well as
 * features.
 */
export async function recordSecurityEvents(db: Db, events: SecurityEventInput[], at: Date): Promise<void> {
  if (events.length === 0) return;
  await db
    .insert(securityEvents)
    .values(events.map((event) => ({ ...event, details: event.details ?? {}, createdAt: at })));
}

/** Writes one security event. */
export async function recordSecurityEvent(db: Db, event: SecurityEventInput, at: Date): Promise<void> {
  await recordSecurityEvents(db, [event], at);
}
