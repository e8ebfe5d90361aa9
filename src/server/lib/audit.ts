import type { AdminAction } from '#shared/security-log.ts';
import type { Db } from '../db/client.ts';
import { adminAuditLog } from '../db/schema/admin.ts';
export interface AdminActionEntry {
  actorId: string;
  action: AdminAction;
  /** What was acted on: 'user', 'platform_settings', 'email_outbox' ... */
  targetType: string;
  targetId: string | null;
  details?: Record<string, unknown>;
  ip: string | null;
}

/**
 * The admin audit trail, in lib/ because every desk writes it. Writes admin audit rows. Pass the transaction of the change they record, so an action and its
 * audit row are committed (or rolled back) together.
 */
export async function recordAdminActions(db: Db, entries: AdminActionEntry[], at: Date): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(adminAuditLog)
    .values(entries.map((entry) => ({ ...entry, details: entry.details ?? {}, createdAt: at })));
}

export async function recordAdminAction(db: Db, entry: AdminActionEntry, at: Date): Promise<void> {
  await recordAdminActions(db, [entry], at);
}
