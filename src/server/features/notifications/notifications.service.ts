import type { Db } from '../../db/client.ts';
import { insertNotifications } from './notifications.repo.ts';

/** Trading events that notify someone; the bell and /bildirimler filter by these. */
export type NotificationType = 'order_new' | 'payment_received';

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
