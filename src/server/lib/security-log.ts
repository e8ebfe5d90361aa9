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
 * Writes one security event (sign-ins, revocations, resets, role changes); pass the transaction
 * when it belongs to a change. In lib/ because the auth plugin records here as well as features.
 */
export async function recordSecurityEvent(db: Db, event: SecurityEventInput, at: Date): Promise<void> {
  await db.insert(securityEvents).values({ ...event, details: event.details ?? {}, createdAt: at });
}
