import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { NotificationList } from '#shared/schemas/notifications.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberContext } from '../../lib/context.ts';
import {
  countUnreadNotifications,
  dismissNotification,
  findNotifications,
  insertNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.repo.ts';

/** Trading events that notify someone; the bell and /bildirimler filter by these. */
export type NotificationType =
  | 'order_new'
  | 'payment_received'
  | 'payout_iban_missing'
  | 'payout_paid'
  | 'dispute_reported'
  | 'dispute_created'
  | 'dispute_answered'
  | 'dispute_resolved'
  | 'dispute_escalated'
  | 'dispute_waiting'
  | 'order_accepted'
  | 'order_shipped'
  | 'order_delivery_confirmed'
  | 'order_cancelled'
  | 'order_release_reminder'
  | 'message_new'
  | 'review_received';

/** The bell shows this many of the newest; older ones stay stored. */
export const NOTIFICATION_LIST_LIMIT = 50;

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  relatedId?: string | null;
  actionUrl?: string | null;
  actionText?: string | null;
}

/**
 * Writes notifications with the event that causes them: pass the event's transaction, so a
 * notification exists exactly when its event committed.
 */
export async function notify(tx: Db, inputs: NotificationInput[], now: Date): Promise<void> {
  await insertNotifications(
    tx,
    inputs.map((n) => ({ ...n, relatedId: n.relatedId ?? null, createdAt: now })),
  );
}

const notFound = () => new AppError('NOT_FOUND', tradingMessages.notifications.notFound);

/** The member's newest notifications that were not dismissed, and how many of them are unread. */
export async function listNotifications(ctx: MemberContext): Promise<NotificationList> {
  const [rows, unreadCount] = await Promise.all([
    findNotifications(ctx.db, ctx.user.id, NOTIFICATION_LIST_LIMIT),
    countUnreadNotifications(ctx.db, ctx.user.id),
  ]);
  return {
    notifications: rows.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      message: n.message,
      timestamp: n.createdAt.toISOString(),
      isRead: n.readAt !== null,
      actionUrl: n.actionUrl,
      actionText: n.actionText,
    })),
    unreadCount,
  };
}

/** Marks one of the member's own notifications read; anyone else's answers as if it did not exist. */
export async function readNotification(ctx: MemberContext, id: string): Promise<void> {
  if (!(await markNotificationRead(ctx.db, ctx.user.id, id, ctx.clock.now()))) throw notFound();
}

export async function readAllNotifications(ctx: MemberContext): Promise<void> {
  await markAllNotificationsRead(ctx.db, ctx.user.id, ctx.clock.now());
}

/** Hides one of the member's own notifications from the bell. */
export async function dismissOwnNotification(ctx: MemberContext, id: string): Promise<void> {
  if (!(await dismissNotification(ctx.db, ctx.user.id, id, ctx.clock.now()))) throw notFound();
}
