import { ClipboardList, Clock, Mail, ShieldCheck, UserCheck, Users, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { roleLabel } from '#shared/roles.ts';
import { Card } from '../../components/ui/card.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { adminPaths, userManagementPath } from '../../lib/paths.ts';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { useAdminStats, useRoleChanges } from './api.ts';
import { adminTexts as t } from './texts.ts';

const s = adminMessages.stats;
const sec = adminMessages.security;

function StatCard({ label, value, to, icon: Icon }: { label: string; value: number; to: string; icon: LucideIcon }) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500"
      >
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <span className="min-w-0">
          <span className="block text-sm text-slate-600">{label}</span>
          <span className="block text-2xl font-bold text-slate-900 tabular-nums">{formatCount(value)}</span>
        </span>
      </Link>
    </li>
  );
}

function StatsCards() {
  const stats = useAdminStats();
  if (stats.isPending) return <LoadingScreen />;
  if (stats.isError) return <AdminQueryError error={stats.error} message={s.loadFailed} />;
  const d = stats.data;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        label={s.pendingApplications}
        value={d.pendingApplications}
        to={adminPaths.applications}
        icon={ClipboardList}
      />
      <StatCard label={s.activeUsers} value={d.activeUsers} to={adminPaths.userManagement} icon={UserCheck} />
      <StatCard label={s.totalUsers} value={d.totalUsers} to={adminPaths.userManagement} icon={Users} />
      <StatCard label={s.recentApplications} value={d.recentApplications} to={adminPaths.applications} icon={Clock} />
    </ul>
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
      {changes.isPending ? (
        <LoadingScreen />
      ) : changes.isError ? (
        <AdminQueryError error={changes.error} message={sec.loadFailed} />
      ) : changes.data.length === 0 ? (
        <p className="text-slate-600">{sec.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="role-changes">
          {changes.data.map((change) => (
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
