import type { Db } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';

export type NewAdminAuditRow = typeof adminAuditLog.$inferInsert;

export async function insertAdminAuditRows(db: Db, rows: NewAdminAuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(adminAuditLog).values(rows);
}
