import { useNotifications } from './api.ts';
import { unreadBadgeText } from './unread-badge.ts';

/** The unread notification count as a small badge (the mobile menu's), nothing when all are read. */
export function UnreadCountBadge({ enabled }: { enabled: boolean }) {
  const query = useNotifications(enabled);
  const text = unreadBadgeText(enabled ? (query.data?.unreadCount ?? 0) : 0);
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
