import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';

export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotifications(db: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length > 0) await db.insert(notifications).values(rows);
}

const isOwnAndShown = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.dismissedAt));

/** The user's newest notifications that were not dismissed. */
export async function findNotifications(db: Db, userId: string, limit: number) {
  return db
    .select()
    .from(notifications)
    .where(isOwnAndShown(userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(isOwnAndShown(userId), isNull(notifications.readAt)));
  return row.n;
}

/** Marks one of the user's notifications read (kept if already read); false when it is not theirs. */
export async function markNotificationRead(db: Db, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.id, id), isOwnAndShown(userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  if (rows.length > 0) return true;
  return existsForUser(db, userId, id);
}

export async function markAllNotificationsRead(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(isOwnAndShown(userId), isNull(notifications.readAt)));
}

/** Hides one of the user's notifications (dismissing twice changes nothing); false when it is not theirs. */
export async function dismissNotification(db: Db, userId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ dismissedAt: at })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId), isNull(notifications.dismissedAt)))
    .returning({ id: notifications.id });
  if (rows.length > 0) return true;
  return existsForUser(db, userId, id, true);
}

async function existsForUser(db: Db, userId: string, id: string, includeDismissed = false): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      includeDismissed
        ? and(eq(notifications.id, id), eq(notifications.userId, userId))
        : and(eq(notifications.id, id), isOwnAndShown(userId)),
    );
  return row !== undefined;
}
