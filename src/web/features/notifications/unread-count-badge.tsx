import { useBadgeCounts } from './api.ts';
import { unreadBadgeText } from './unread-badge.ts';

/** The unread notifications from GET /api/badges as a small badge (the mobile menu's), nothing at 0. */
export function UnreadCountBadge({ enabled }: { enabled: boolean }) {
  const query = useBadgeCounts(enabled);
  const text = unreadBadgeText(enabled ? (query.data?.notifications ?? 0) : 0);
  if (!text) return null;
  return (
    <span
      data-testid="mobile-notification-badge"
      className="ml-auto grid min-w-6 place-items-center rounded-full bg-red-600 px-1.5 text-xs leading-6 font-bold text-white"
    >
      {text}
    </span>
  );
}
