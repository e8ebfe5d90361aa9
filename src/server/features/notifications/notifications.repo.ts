import { and, count, desc, eq, gt, inArray, isNull, max, sql, type SQL } from 'drizzle-orm';
import { preparedPerDatabase, type Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { userSettings } from '../../db/schema/user-settings.ts';
import { users } from '../../db/schema/users.ts';

export type NewNotification = typeof notifications.$inferInsert;

/** Inserts notifications and answers what their events need (seq is the SSE event id). */
export async function insertNotifications(db: Db, rows: NewNotification[]) {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning({
    id: notifications.id,
    seq: notifications.seq,
    userId: notifications.userId,
    type: notifications.type,
  });
}

const isOwnAndShown = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.dismissedAt));

/** What a notification shows (the list, the page): not its dedup key, seq or dismissal. */
const shownColumns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  createdAt: notifications.createdAt,
  readAt: notifications.readAt,
  actionUrl: notifications.actionUrl,
  actionText: notifications.actionText,
};

/**
 * The bell's list and unread count run with every member page and after every live event: both
 * are prepared once per database, so neither is rebuilt by drizzle nor parsed and planned again
 * by PostgreSQL per request (as the cart's listings are, checkout.repo.ts).
 */
function prepareListQueries(db: Db) {
  const ownAndShown = and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.dismissedAt));
  const unread = sql<number>`(
    select count(*)::int from ${notifications}
    where ${notifications.userId} = ${sql.placeholder('userId')}
      and ${notifications.dismissedAt} is null and ${notifications.readAt} is null
  )`;
  return {
    // The unread count rides on every row as an uncorrelated subquery (evaluated once), so the bell
    // costs one round trip. No row means nothing is shown, and so nothing is unread either.
    newest: db
      .select({ ...shownColumns, unread })
      .from(notifications)
      .where(ownAndShown)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare('find_notifications'),
    unread: db
      .select({ n: count() })
      .from(notifications)
      .where(and(ownAndShown, isNull(notifications.readAt)))
      .prepare('count_unread_notifications'),
  };
}

const listQueriesOf = preparedPerDatabase(prepareListQueries);

/** The user's newest notifications that were not dismissed, and how many of all those are unread. */
export async function findNotifications(db: Db, userId: string, limit: number) {
  const rows = await listQueriesOf(db).newest.execute({ userId, limit });
  return { rows, unreadCount: rows[0]?.unread ?? 0 };
}

export interface NotificationFilter {
  unreadOnly: boolean;
  type?: string;
}

function filtered(userId: string, filter: NotificationFilter): SQL | undefined {
  return and(
    isOwnAndShown(userId),
    filter.unreadOnly ? isNull(notifications.readAt) : undefined,
    filter.type ? eq(notifications.type, filter.type) : undefined,
  );
}

/** One page of the user's notifications (newest first) and how many match the filter. */
export async function findNotificationPage(
  db: Db,
  userId: string,
  filter: NotificationFilter,
  page: { limit: number; offset: number },
) {
  const where = filtered(userId, filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(shownColumns)
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.seq))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total.n };
}

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await listQueriesOf(db).unread.execute({ userId });
  return row.n;
}

/** The user's notifications after `afterSeq`, oldest first (a stream's resume). */
export async function findNotificationsAfter(db: Db, userId: string, afterSeq: number, limit: number) {
  return db
    .select({ id: notifications.id, seq: notifications.seq, type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.seq, afterSeq)))
    .orderBy(notifications.seq)
    .limit(limit);
}

export async function findLatestNotificationSeq(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ seq: max(notifications.seq) })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return row?.seq ?? 0;
}

/** Whom a notification mail goes to, with the stored toggles (null = no settings row: the defaults). */
export async function findMailRecipients(db: Db, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailNotifications: userSettings.emailNotifications,
      stockAlerts: userSettings.stockAlerts,
      priceChangeNotifications: userSettings.priceChangeNotifications,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(inArray(users.id, userIds));
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
