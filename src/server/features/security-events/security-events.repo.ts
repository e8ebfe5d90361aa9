import type { Db } from '../../db/client.ts';
import { securityEvents } from '../../db/schema/security-events.ts';

export type NewSecurityEvent = typeof securityEvents.$inferInsert;

export async function insertSecurityEvents(db: Db, events: NewSecurityEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(securityEvents).values(events);
}
