import { Bell, X } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { notificationMessages } from '#shared/messages/notifications.tr.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import { useNotificationChange, useNotifications } from './api.ts';
import { useLiveEvents } from './live-events.ts';
import { formatRelativeTime } from './relative-time.ts';
import { unreadBadgeText } from './unread-badge.ts';
import { appNow } from '../../lib/app-clock.ts';

const t = tradingMessages.notifications;

function NotificationItem({
  notification,
  now,
  onRead,
  onDismiss,
  onNavigate,
}: {
  notification: Notification;
  now: Date;
  onRead: (id: string) => void;
  onDismiss: (id: string) => void;
  onNavigate: () => void;
}) {
  const unread = !notification.isRead;
  return (
    <li className={`relative flex gap-2 px-4 py-3 ${unread ? 'bg-brand-50/60' : ''}`}>
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
      />
      <div className="min-w-0 flex-1">
        {/* Clicking an unread item marks it read (spec); a read one has nothing to do. */}
        <button
          type="button"
          onClick={() => unread && onRead(notification.id)}
          className="block w-full text-left"
          aria-disabled={!unread}
        >
          <span className={`block text-sm ${unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>
            {notification.title}
            {unread ? <span className="sr-only"> (okunmamış)</span> : null}
          </span>
          <span className="mt-0.5 block text-sm text-slate-600">{notification.message}</span>
          <span className="mt-1 block text-xs text-slate-500">
            <time dateTime={notification.timestamp}>{formatRelativeTime(notification.timestamp, now)}</time>
          </span>
        </button>
        {notification.actionUrl && notification.actionText ? (
          <Link
            to={notification.actionUrl}
            onClick={() => {
              if (unread) onRead(notification.id);
              onNavigate();
            }}
            className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
          >
            {notification.actionText}
          </Link>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(notification.id)}
        className="grid size-11 shrink-0 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        aria-label={`${t.dismiss}: ${notification.title}`}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/**
 * The header bell (members): the unread count as a badge (9+ above 9) and a dropdown with the
 * newest notifications, read / read-all / dismiss, each one's action link, and a link to
 * /bildirimler. It holds the tab's event stream (one bell per page), so it updates live; while the
 * stream is down it polls.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  useLiveEvents(true);
  const query = useNotifications();
  const change = useNotificationChange();
  const unreadCount = query.data?.unreadCount ?? 0;
  const badge = unreadBadgeText(unreadCount);
  const now = appNow();
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        className="relative grid size-11 shrink-0 place-items-center rounded-full text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100"
        aria-label={t.bellLabel(unreadCount)}
      >
        <Bell aria-hidden="true" className="size-5" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-1 right-1 grid min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] leading-5 font-bold text-white"
          >
            {badge}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={t.title}
          className="z-50 flex max-h-[min(32rem,80vh)] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl"
        >
          <div className="flex items-center gap-2 border-b border-slate-200 px-4 py-3">
            <h2 className="text-base font-semibold text-slate-900">{t.title}</h2>
            {unreadCount > 0 ? (
              <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">
                {t.newCount(unreadCount)}
              </span>
            ) : null}
            <Popover.Close
              className="ml-auto grid size-11 place-items-center rounded-md text-slate-600 hover:bg-slate-100"
              aria-label={t.close}
            >
              <X aria-hidden="true" className="size-4" />
            </Popover.Close>
          </div>
          {unreadCount > 0 ? (
            <div className="border-b border-slate-100 px-4 py-2 text-right">
              <button
                type="button"
                onClick={() => change.mutate({ kind: 'readAll' })}
                className="min-h-8 text-sm font-semibold text-brand-700 hover:underline"
              >
                {t.markAll}
              </button>
            </div>
          ) : null}
          <div className="overflow-y-auto">
            {query.isError && !query.data ? (
              <p className="px-4 py-8 text-center text-sm text-red-700">{t.loadFailed}</p>
            ) : query.isPending ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">
                {tradingMessages.orders.sellerView.loading}
              </p>
            ) : query.data.notifications.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-slate-600">{t.empty}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {query.data.notifications.map((notification) => (
                  <NotificationItem
                    key={notification.id}
                    notification={notification}
                    now={now}
                    onRead={(id) => change.mutate({ kind: 'read', id })}
                    onDismiss={(id) => change.mutate({ kind: 'dismiss', id })}
                    onNavigate={() => setOpen(false)}
                  />
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-slate-200 px-4 py-2 text-center">
            <Link
              to="/bildirimler"
              onClick={() => setOpen(false)}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
            >
              {notificationMessages.page.seeAll}
            </Link>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
