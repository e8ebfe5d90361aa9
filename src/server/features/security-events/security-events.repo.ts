import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { securityEvents } from '../../db/schema/security-events.ts';

export async function findRecentSecurityEvents(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: securityEvents.id,
      type: securityEvents.type,
      createdAt: securityEvents.createdAt,
      ip: securityEvents.ip,
      userAgent: securityEvents.userAgent,
    })
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt))
    .limit(limit);
}
