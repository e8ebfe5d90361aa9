import { Badge } from '../../components/ui/badge.tsx';
import type { DatabaseOverview } from '#shared/schemas/admin.ts';
import { Card } from '../../components/ui/card.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { formatCount, formatDate } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { useDatabaseOverview } from './api.ts';
import { adminTexts as t } from './texts.ts';

const db = t.database;

const tableColumn = dataColumns<DatabaseOverview['tables'][number]>();
const tableColumns = tableColumn.columns([
  tableColumn.accessor('name', {
    header: db.table,
    meta: {
      isRowHeader: true,
      headerClassName: 'py-2 pr-4 font-semibold',
      className: 'py-1.5 pr-4 font-mono font-normal break-all',
    },
  }),
  tableColumn.accessor('rows', {
    header: db.rows,
    cell: (info) => formatCount(info.getValue()),
    meta: { headerClassName: 'py-2 text-right font-semibold', className: 'py-1.5 text-right tabular-nums' },
  }),
]);

const migrationColumn = dataColumns<DatabaseOverview['migrations'][number]>();
const migrationColumns = migrationColumn.columns([
  migrationColumn.accessor('tag', {
    header: db.migration,
    meta: {
      isRowHeader: true,
      headerClassName: 'py-2 pr-4 font-semibold',
      className: 'py-1.5 pr-4 font-mono font-normal break-all',
    },
  }),
  migrationColumn.accessor('createdAt', {
    header: db.createdAt,
    cell: (info) => formatDate(info.getValue()),
    meta: {
      headerClassName: 'hidden py-2 pr-4 font-semibold sm:table-cell',
      className: 'hidden py-1.5 pr-4 sm:table-cell',
    },
  }),
  migrationColumn.accessor('applied', {
    header: () => <span className="sr-only">{t.detail.status}</span>,
    cell: (info) => (
      <Badge colour={info.getValue() ? 'green' : 'red'}>{info.getValue() ? db.applied : db.notApplied}</Badge>
    ),
    meta: { headerClassName: 'py-2 text-right font-semibold', className: 'py-1.5 text-right' },
  }),
]);

/** /admin/database: table row counts and migrations, read-only. */
export function DatabasePage() {
  const overview = useDatabaseOverview();
  return (
    <div>
      <AdminPageHeader title={db.title} lead={db.lead} />
      <QueryState query={overview} renderError={(error) => <AdminQueryError error={error} message={db.loadFailed} />}>
        {(data) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title={db.tables} description={data.kind === 'pglite' ? t.system.pglite : t.system.postgres}>
              <DataTable
                data={data.tables}
                columns={tableColumns}
                getRowId={(table) => table.name}
                caption={db.tables}
              />
            </Card>
            <Card title={db.migrations}>
              <DataTable
                data={data.migrations}
                columns={migrationColumns}
                getRowId={(migration) => migration.tag}
                caption={db.migrations}
              />
            </Card>
          </div>
        )}
      </QueryState>
    </div>
  );
}
