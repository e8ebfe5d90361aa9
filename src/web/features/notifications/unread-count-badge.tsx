import { useBadgeCounts } from './api.ts';
import { unreadBadgeText } from './unread-badge.ts';

/** An unread count from GET /api/badges as a small badge (the mobile menu's), nothing at 0. */
export function UnreadCountBadge({
  enabled,
  of = 'notifications',
}: {
  enabled: boolean;
  of?: 'notifications' | 'messages';
}) {
  const query = useBadgeCounts(enabled);
  const text = unreadBadgeText(enabled ? (query.data?.[of] ?? 0) : 0);
  if (!text) return null;
  return (
    <span
      data-testid={`mobile-${of === 'notifications' ? 'notification' : 'message'}-badge`}
      className="ml-auto grid min-w-6 place-items-center rounded-full bg-red-600 px-1.5 text-xs leading-6 font-bold text-white"
    >
      {text}
    </span>
  );
}
