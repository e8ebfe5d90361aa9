import type { Db } from '../../db/client.ts';
import { insertAdminAuditRows } from './admin-audit.repo.ts';

/** The admin_audit_log actions; their Turkish labels are in adminMessages.actions (src/shared/messages/admin.tr.ts). */
export const adminActions = [
  'role_changed',
  'user_updated',
  'user_deleted',
  'users_exported',
  'user_exported',
  'password_reset_forced',
  'settings_updated',
  'outbox_retried',
  'email_test_sent',
  'email_attachment_test_sent',
  'catalogue_product_created',
  'catalogue_product_updated',
  'catalogue_proposal_approved',
  'catalogue_proposal_rejected',
  'catalogue_imported',
] as const;
export type AdminAction = (typeof adminActions)[number];

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
 * Writes admin audit rows. Pass the transaction of the change they record, so an action and its
 * audit row are committed (or rolled back) together.
 */
export async function recordAdminActions(db: Db, entries: AdminActionEntry[], at: Date): Promise<void> {
  await insertAdminAuditRows(
    db,
    entries.map((entry) => ({ ...entry, details: entry.details ?? {}, createdAt: at })),
  );
}

export async function recordAdminAction(db: Db, entry: AdminActionEntry, at: Date): Promise<void> {
  await recordAdminActions(db, [entry], at);
}
