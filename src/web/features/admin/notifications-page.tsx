import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { adminPaths } from '../../lib/paths.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { useAdminNotifications } from './api.ts';
import { OutboxTable } from './outbox-table.tsx';
import { adminTexts as t } from './texts.ts';

const nt = t.notifications;

function CountBadge({ count }: { count: number }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-sm font-bold ${count > 0 ? 'bg-red-100 text-red-800' : 'bg-slate-100 text-slate-700'}`}
    >
      {formatCount(count)}
    </span>
  );
}

/** /admin/notifications: what needs an admin now (applications, failed mail, contact messages). */
export function NotificationsPage() {
  const data = useAdminNotifications();
  return (
    <div>
      <AdminPageHeader title={nt.title} lead={nt.lead} />
      <QueryState query={data} renderError={(error) => <AdminQueryError error={error} message={nt.loadFailed} />}>
        {(notifications) => (
          <div className="space-y-6">
            <Card
              title={nt.pendingApplications}
              actions={
                <div className="flex items-center gap-3">
                  <CountBadge count={notifications.pendingApplications.count} />
                  <Link to={adminPaths.applications} className="text-sm font-semibold text-brand-700 hover:underline">
                    {nt.goApplications}
                  </Link>
                </div>
              }
            >
              {notifications.pendingApplications.latest.length === 0 ? (
                <p className="text-slate-600">{nt.noPendingApplications}</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {notifications.pendingApplications.latest.map((a) => (
                    <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                      <span className="font-medium text-slate-900">
                        {a.storeName} <span className="font-normal text-slate-600">· {a.city}</span>
                      </span>
                      <time dateTime={a.submittedAt} className="text-sm text-slate-500">
                        {formatDateTime(a.submittedAt)}
                      </time>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
            <Card
              title={nt.failedEmails}
              actions={
                <div className="flex items-center gap-3">
                  <CountBadge count={notifications.failedEmails.count} />
                  <Link to={adminPaths.systemStatus} className="text-sm font-semibold text-brand-700 hover:underline">
                    {nt.goSystem}
                  </Link>
                </div>
              }
            >
              <OutboxTable emails={notifications.failedEmails.latest} empty={nt.noFailedEmails} />
            </Card>
            <Card title={nt.contactMessages} description={nt.contactLastWeek(notifications.contactMessages.lastWeek)}>
              {notifications.contactMessages.latest.length === 0 ? (
                <p className="text-slate-600">{nt.noContactMessages}</p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {notifications.contactMessages.latest.map((m) => (
                    <li key={m.id} className="py-3">
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <span className="font-medium break-words text-slate-900">{m.subject}</span>
                        <time dateTime={m.createdAt} className="text-sm text-slate-500">
                          {formatDateTime(m.createdAt)}
                        </time>
                      </div>
                      <p className="text-sm break-all text-slate-600">
                        {m.name} ·{' '}
                        <a
                          href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject} (${m.reference})`)}`}
                          className="text-brand-700 underline"
                        >
                          {m.email}
                        </a>
                        {m.phone ? ` · ${m.phone}` : ''} · {nt.reference}: {m.reference}
                      </p>
                      <details className="mt-1 text-sm">
                        <summary className="cursor-pointer text-brand-700">{nt.showMessage}</summary>
                        <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{m.message}</p>
                      </details>
                    </li>
                  ))}
                </ul>
              )}
            </Card>
          </div>
        )}
      </QueryState>
    </div>
  );
}
