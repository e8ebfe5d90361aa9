import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { formatCount, formatDate } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { useDatabaseOverview } from './api.ts';
import { adminTexts as t } from './texts.ts';

const db = t.database;

/** /admin/database: table row counts and migrations, read-only. */
export function DatabasePage() {
  const overview = useDatabaseOverview();
  return (
    <div>
      <AdminPageHeader title={db.title} lead={db.lead} />
      {overview.isPending ? (
        <LoadingScreen />
      ) : overview.isError ? (
        <AdminQueryError error={overview.error} message={db.loadFailed} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title={db.tables} description={overview.data.kind === 'pglite' ? t.system.pglite : t.system.postgres}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{db.tables}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {db.table}
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    {db.rows}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {overview.data.tables.map((table) => (
                  <tr key={table.name}>
                    <th scope="row" className="py-1.5 pr-4 font-mono font-normal break-all">
                      {table.name}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{formatCount(table.rows)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <Card title={db.migrations}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{db.migrations}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    {db.migration}
                  </th>
                  <th scope="col" className="hidden py-2 pr-4 font-semibold sm:table-cell">
                    {db.createdAt}
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    <span className="sr-only">{t.detail.status}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {overview.data.migrations.map((m) => (
                  <tr key={m.tag}>
                    <th scope="row" className="py-1.5 pr-4 font-mono font-normal break-all">
                      {m.tag}
                    </th>
                    <td className="hidden py-1.5 pr-4 sm:table-cell">{formatDate(m.createdAt)}</td>
                    <td className="py-1.5 text-right">
                      <Badge colour={m.applied ? 'green' : 'red'}>{m.applied ? db.applied : db.notApplied}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        </div>
      )}
    </div>
  );
}
