import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}
