import { ClipboardList, Clock, Mail, ShieldCheck, UserCheck, Users } from 'lucide-react';
import { Link } from 'react-router';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { roleLabel } from '#shared/roles.ts';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { adminPaths, userManagementPath } from '../../lib/paths.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { useAdminStats, useRoleChanges } from './api.ts';
import { adminTexts as t } from './texts.ts';

const s = adminMessages.stats;
const sec = adminMessages.security;

function StatsCards() {
  const stats = useAdminStats();
  return (
    <QueryState query={stats} renderError={(error) => <AdminQueryError error={error} message={s.loadFailed} />}>
      {(d) => (
        <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {(
            [
              [s.pendingApplications, d.pendingApplications, adminPaths.applications, ClipboardList],
              [s.activeUsers, d.activeUsers, adminPaths.userManagement, UserCheck],
              [s.totalUsers, d.totalUsers, adminPaths.userManagement, Users],
              [s.recentApplications, d.recentApplications, adminPaths.applications, Clock],
            ] as const
          ).map(([label, value, to, icon]) => (
            <StatCard key={label} label={label} value={formatCount(value)} to={to} icon={icon} />
          ))}
        </dl>
      )}
    </QueryState>
  );
}

/** The security card: the last 10 role changes (spec part 1 §2, §7). */
function SecurityCard() {
  const changes = useRoleChanges();
  return (
    <Card
      title={sec.title}
      description={sec.roleChanges}
      actions={
        <Link to={adminPaths.security} className="text-sm font-semibold text-brand-700 hover:underline">
          {t.viewAll}
        </Link>
      }
    >
      <QueryState
        query={changes}
        renderError={(error) => <AdminQueryError error={error} message={sec.loadFailed} />}
        isEmpty={(data) => data.length === 0}
        empty={<p className="text-slate-600">{sec.empty}</p>}
      >
        {(data) => (
          <ul className="divide-y divide-slate-100" data-testid="role-changes">
            {data.map((change) => (
              <li key={change.id} className="py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <span className="font-medium text-slate-900">
                    {change.userId ? (
                      <Link to={userManagementPath({ user: change.userId })} className="hover:underline">
                        {change.userName ?? change.userEmail}
                      </Link>
                    ) : (
                      t.unknownUser
                    )}
                    <span className="text-slate-600">
                      : {t.roleChangeLine(roleLabel(change.oldRole), roleLabel(change.newRole))}
                    </span>
                  </span>
                  <time dateTime={change.changedAt} className="text-sm text-slate-500">
                    {formatDateTime(change.changedAt)}
                  </time>
                </div>
                <p className="mt-1 text-sm text-slate-700">
                  {t.reasonLabel}: {change.reason}
                </p>
                {change.changedByName ? (
                  <p className="text-xs text-slate-500">{t.changedBy(change.changedByName)}</p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Card>
  );
}

const quickLinks = [
  { to: adminPaths.userManagement, label: adminMessages.nav.users, icon: Users },
  { to: adminPaths.applications, label: adminMessages.nav.applications, icon: ClipboardList },
  { to: adminPaths.security, label: adminMessages.nav.security, icon: ShieldCheck },
  { to: adminPaths.emailDebug, label: adminMessages.nav.emailDebug, icon: Mail },
];

/** /admin and /admin-panel: figures, the security card and shortcuts. */
export function AdminOverviewPage() {
  return (
    <div className="space-y-6">
      <AdminPageHeader title={adminMessages.panelTitle} lead={t.overviewLead} />
      <StatsCards />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SecurityCard />
        </div>
        <Card title={t.quickLinks}>
          <ul className="space-y-2">
            {quickLinks.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-slate-800 hover:bg-slate-100"
                >
                  <Icon aria-hidden="true" className="size-5 text-brand-700" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </div>
  );
}
