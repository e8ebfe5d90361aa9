import type { MembersReport } from '#shared/schemas/admin.ts';
import { Card } from '../../components/ui/card.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { formatCount } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { RoleBadge } from './badges.tsx';
import { useMembersReport } from './api.ts';
import { UsersCsvButton } from './users-panel.tsx';
import { BarChart } from '../../components/ui/bar-chart.tsx';
import { adminTexts as t } from './texts.ts';
import { WithholdingReportCard } from './withholding-report.tsx';

const r = t.reports;
const monthFormat = new Intl.DateTimeFormat('tr-TR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormat = new Intl.DateTimeFormat('tr-TR', { month: 'short', timeZone: 'UTC' });

const roleColumn = dataColumns<MembersReport['byRole'][number]>();
/** Role, count and share of all members, with the total in the footer. */
const roleColumns = (total: number) =>
  roleColumn.columns([
    roleColumn.accessor('role', {
      header: t.users.columnRole,
      cell: (info) => <RoleBadge role={info.getValue()} />,
      footer: r.total,
      meta: {
        isRowHeader: true,
        headerClassName: 'py-2 pr-4 font-semibold',
        className: 'py-2 pr-4 font-normal',
        footerClassName: 'py-2 pr-4',
      },
    }),
    roleColumn.accessor('count', {
      header: t.analytics.count,
      cell: (info) => formatCount(info.getValue()),
      footer: () => formatCount(total),
      meta: { headerClassName: 'py-2 pr-4 text-right font-semibold', className: 'py-2 pr-4 text-right tabular-nums' },
    }),
    roleColumn.display({
      id: 'share',
      header: r.share,
      cell: ({ row }) => (total ? `%${Math.round((row.original.count / total) * 100)}` : '—'),
      footer: () => null,
      meta: { headerClassName: 'py-2 text-right font-semibold', className: 'py-2 text-right tabular-nums' },
    }),
  ]);

/** /admin/reports: the members report (by role, by month of joining) and the CSV list, and the monthly withholding report. */
export function ReportsPage() {
  const report = useMembersReport();
  return (
    <div>
      <AdminPageHeader
        title={r.title}
        lead={r.lead}
        actions={<UsersCsvButton filter={{ q: '', role: '' }} label={r.downloadCsv} />}
      />
      <QueryState query={report} renderError={(error) => <AdminQueryError error={error} message={r.loadFailed} />}>
        {(data) => (
          <div className="space-y-6">
            <Card title={r.byRole}>
              <DataTable
                data={data.byRole}
                columns={roleColumns(data.total)}
                getRowId={(row) => row.role}
                caption={r.byRole}
              />
            </Card>
            <BarChart
              title={r.byMonth}
              labelHeading={r.month}
              valueHeading={t.analytics.count}
              data={data.byMonth.map((m) => {
                const date = new Date(`${m.month}-01T00:00:00Z`);
                return { label: shortMonthFormat.format(date), longLabel: monthFormat.format(date), value: m.count };
              })}
            />
          </div>
        )}
      </QueryState>
      <div className="mt-6">
        <WithholdingReportCard />
      </div>
    </div>
  );
}
