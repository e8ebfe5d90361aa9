import { BellOff, Check, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { notificationMessages } from '#shared/messages/notifications.tr.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { notificationTypes, type Notification } from '#shared/schemas/notifications.ts';
import { Pagination } from '../../components/admin-page.tsx';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { useNotificationChange, useNotificationPage, type NotificationPageFilter } from './api.ts';
import { isNotificationType, notificationFilterFrom } from './notification-filter.ts';
import { formatRelativeTime } from './relative-time.ts';
import { appNow } from '../../lib/app-clock.ts';

const t = notificationMessages.page;
const tn = tradingMessages.notifications;

/** The filters live in the address (?okunmamis=1&tur=…&sayfa=2), so a filtered view can be linked and reloaded. */
function useFilter(): [NotificationPageFilter, (next: Partial<NotificationPageFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const filter = notificationFilterFrom(params);
  const update = (next: Partial<NotificationPageFilter>) => {
    // A new filter starts at its first page.
    const merged = { ...filter, page: 1, ...next };
    const search = new URLSearchParams();
    if (merged.unread) search.set('okunmamis', '1');
    if (merged.type) search.set('tur', merged.type);
    if (merged.page > 1) search.set('sayfa', String(merged.page));
    setParams(search);
  };
  return [filter, update];
}

function NotificationRow({
  notification,
  now,
  onRead,
  onDismiss,
}: {
  notification: Notification;
  now: Date;
  onRead: () => void;
  onDismiss: () => void;
}) {
  const unread = !notification.isRead;
  const label = isNotificationType(notification.type) ? notificationMessages.types[notification.type] : null;
  return (
    <li className={`flex gap-3 px-4 py-4 ${unread ? 'bg-brand-50/60' : ''}`} data-testid="notification-row">
      <span
        aria-hidden="true"
        className={`mt-2 size-2 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`}
      />
      <div className="min-w-0 flex-1">
        <p className={`text-sm ${unread ? 'font-semibold text-slate-900' : 'text-slate-800'}`}>
          {notification.title}
          {unread ? <span className="sr-only"> (okunmamış)</span> : null}
        </p>
        <p className="mt-0.5 text-sm text-slate-600">{notification.message}</p>
        <p className="mt-1 text-xs text-slate-500">
          {label ? `${label} · ` : ''}
          <time dateTime={notification.timestamp}>{formatRelativeTime(notification.timestamp, now)}</time>
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
          {notification.actionUrl && notification.actionText ? (
            <ButtonLink
              variant="secondary"
              to={notification.actionUrl}
              onClick={() => {
                if (unread) onRead();
              }}
            >
              {notification.actionText}
            </ButtonLink>
          ) : null}
          {unread ? (
            <button
              type="button"
              onClick={onRead}
              className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
            >
              <Check aria-hidden="true" className="size-4" />
              {t.markRead}
              <span className="sr-only">: {notification.title}</span>
            </button>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="grid size-11 shrink-0 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        aria-label={`${tn.dismiss}: ${notification.title}`}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/**
 * /bildirimler: every notification of the member, newest first, a page at a time, filtered by
 * unread and type; mark read, mark all read and dismiss. Live like the bell (the tab's stream
 * invalidates the 'notifications' queries).
 */
export function NotificationsPage() {
  const [filter, setFilter] = useFilter();
  const query = useNotificationPage(filter);
  const change = useNotificationChange();
  const now = appNow();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <title>{`${t.title} | OptiStok`}</title>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{t.title}</h1>
          {/* The line is there while the list loads, so the filters below do not move when it fills in. */}
          <p className="mt-1 min-h-6 text-slate-600" data-testid="notifications-summary">
            {query.data ? t.summary(query.data.total, query.data.unreadCount) : null}
          </p>
        </div>
        {query.data && query.data.unreadCount > 0 ? (
          <Button variant="secondary" onClick={() => change.mutate({ kind: 'readAll' })}>
            {tn.markAll}
          </Button>
        ) : null}
      </div>
      <form
        aria-label={t.filterLabel}
        className="mb-4 flex flex-wrap items-end gap-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="min-w-0 flex-1 basis-56">
          <SelectField
            label={t.typeLabel}
            value={filter.type ?? ''}
            onChange={(event) =>
              setFilter({ type: isNotificationType(event.target.value) ? event.target.value : null })
            }
          >
            <option value="">{t.allTypes}</option>
            {notificationTypes.map((type) => (
              <option key={type} value={type}>
                {notificationMessages.types[type]}
              </option>
            ))}
          </SelectField>
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={filter.unread}
            onChange={(event) => setFilter({ unread: event.target.checked })}
          />
          {t.onlyUnread}
        </label>
      </form>
      <QueryState
        query={query}
        errorText={tn.loadFailed}
        isEmpty={(data) => data.notifications.length === 0}
        empty={<EmptyState icon={BellOff} title={t.empty} body={tn.empty} />}
      >
        {(data) => (
          <>
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white">
              {data.notifications.map((notification) => (
                <NotificationRow
                  key={notification.id}
                  notification={notification}
                  now={now}
                  onRead={() => change.mutate({ kind: 'read', id: notification.id })}
                  onDismiss={() => change.mutate({ kind: 'dismiss', id: notification.id })}
                />
              ))}
            </ul>
            {data.total > data.pageSize ? (
              <div className="mt-4">
                <Pagination
                  page={data.page}
                  pageCount={Math.ceil(data.total / data.pageSize)}
                  total={data.total}
                  onPage={(page) => setFilter({ ...filter, page })}
                />
              </div>
            ) : null}
          </>
        )}
      </QueryState>
    </div>
  );
}
