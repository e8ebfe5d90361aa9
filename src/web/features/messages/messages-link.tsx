import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { paths } from '../../lib/paths.ts';
import { useUnreadMessages } from './api.ts';

// Loaded with every member page (header and mobile menu): no message texts or schemas here.

/** The count as a badge shows it: "9+" above 9, nothing at 0. */
function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}

/** The header's "Mesajlar" link with the unread messages badge. */
export function MessagesHeaderLink() {
  const count = useUnreadMessages().data?.count ?? 0;
  const badge = badgeText(count);
  return (
    <Link
      to={paths.messages}
      aria-label={messages.nav.messagesLabel(count)}
      className="relative grid size-11 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100"
    >
      <MessageSquare aria-hidden="true" className="size-5" />
      {badge ? (
        <span
          aria-hidden="true"
          data-testid="messages-badge"
          className="absolute top-1 right-1 grid min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-bold text-white"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

/** The mobile menu's unread messages badge, nothing when all are read. */
export function UnreadMessagesBadge() {
  const badge = badgeText(useUnreadMessages().data?.count ?? 0);
  if (!badge) return null;
  return (
    <span
      data-testid="mobile-messages-badge"
      className="ml-auto grid min-w-6 place-items-center rounded-full bg-red-600 px-1.5 text-xs leading-6 font-bold text-white"
    >
      {badge}
    </span>
  );
}
