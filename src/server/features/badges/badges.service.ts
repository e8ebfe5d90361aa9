import type { BadgeCounts } from '#shared/schemas/notifications.ts';
import type { MemberContext } from '../../lib/context.ts';
import { getUnreadCount } from '../messages/index.ts';
import { countUnreadNotificationsOf } from '../notifications/index.ts';

/** The menu badges: unread notifications and unread messages (one call for the header). */
export async function getBadgeCounts(ctx: MemberContext): Promise<BadgeCounts> {
  const [notifications, messages] = await Promise.all([
    countUnreadNotificationsOf(ctx),
    getUnreadCount(ctx).then((unread) => unread.count),
  ]);
  return { notifications, messages };
}
