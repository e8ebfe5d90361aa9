import { Card } from '../../components/ui/card.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { formatCount } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { RoleBadge } from './badges.tsx';
import { useMembersReport } from './api.ts';
import { UsersCsvButton } from './users-panel.tsx';
import { BarChart } from './bar-chart.tsx';
import { adminTexts as t } from './texts.ts';

const r = t.reports;
const monthFormat = new Intl.DateTimeFormat('tr-TR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormat = new Intl.DateTimeFormat('tr-TR', { month: 'short', timeZone: 'UTC' });

/** /admin/reports: the members report (by role, by month of joining) and the CSV list. */
export function ReportsPage() {
  const report = useMembersReport();
  return (
    <div>
      <AdminPageHeader
        title={r.title}
        lead={r.lead}
        actions={<UsersCsvButton filter={{ q: '', role: '' }} label={r.downloadCsv} />}
      />
      {report.isPending ? (
        <LoadingScreen />
      ) : report.isError ? (
        <AdminQueryError error={report.error} message={r.loadFailed} />
      ) : (
        <div className="space-y-6">
          <Card title={r.byRole}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{r.byRole}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {t.users.columnRole}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-semibold">
                    {t.analytics.count}
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    {r.share}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {report.data.byRole.map((row) => (
                  <tr key={row.role}>
                    <th scope="row" className="py-2 pr-4 font-normal">
                      <RoleBadge role={row.role} />
                    </th>
                    <td className="py-2 pr-4 text-right tabular-nums">{formatCount(row.count)}</td>
                    <td className="py-2 text-right tabular-nums">
                      {report.data.total ? `%${Math.round((row.count / report.data.total) * 100)}` : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-slate-200 font-semibold">
                <tr>
                  <th scope="row" className="py-2 pr-4">
                    {r.total}
                  </th>
                  <td className="py-2 pr-4 text-right tabular-nums">{formatCount(report.data.total)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </Card>
          <BarChart
            title={r.byMonth}
            labelHeading={r.month}
            valueHeading={t.analytics.count}
            data={report.data.byMonth.map((m) => {
              const date = new Date(`${m.month}-01T00:00:00Z`);
              return { label: shortMonthFormat.format(date), longLabel: monthFormat.format(date), value: m.count };
            })}
          />
        </div>
      )}
    </div>
  );
}
