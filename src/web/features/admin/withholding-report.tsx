import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { withholdingMessages } from '#shared/messages/withholding.tr.ts';
import type { WithholdingReportRow } from '#shared/schemas/withholding.ts';
import { AdminQueryError } from '../../components/admin-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { formatKurus } from '../../lib/format.ts';
import { useWithholdingReport, withholdingCsvUrl } from './api.ts';
import { downloadFile } from './users-api.ts';

const w = withholdingMessages.report;
const th = 'py-2 pr-4 font-semibold';
const td = 'py-2 pr-4';
const amountMeta = {
  headerClassName: `${th} text-right`,
  className: `${td} text-right tabular-nums whitespace-nowrap`,
};

/** This month in Turkish time, yyyy-MM. */
const currentMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit' }).format(
    new Date(),
  );

const column = dataColumns<WithholdingReportRow>();
const columns = (totals: Pick<WithholdingReportRow, 'grossKurus' | 'baseKurus' | 'withheldKurus'>) =>
  column.columns([
    column.accessor('storeTitle', {
      header: w.store,
      footer: w.total,
      meta: { isRowHeader: true, headerClassName: th, className: `${td} font-normal`, footerClassName: td },
    }),
    column.accessor('taxNumber', {
      header: w.taxNumber,
      cell: (info) => info.getValue() ?? '—',
      footer: () => null,
      meta: { headerClassName: th, className: `${td} tabular-nums` },
    }),
    column.accessor('grossKurus', {
      header: w.gross,
      cell: (info) => formatKurus(info.getValue()),
      footer: () => formatKurus(totals.grossKurus),
      meta: amountMeta,
    }),
    column.accessor('baseKurus', {
      header: w.base,
      cell: (info) => formatKurus(info.getValue()),
      footer: () => formatKurus(totals.baseKurus),
      meta: amountMeta,
    }),
    column.accessor('withheldKurus', {
      header: w.withheld,
      cell: (info) => formatKurus(info.getValue()),
      footer: () => formatKurus(totals.withheldKurus),
      meta: amountMeta,
    }),
  ]);

/** The admin's monthly e-ticaret stopajı report per seller, from the ledger, with its CSV (decision 041). */
export function WithholdingReportCard() {
  const [month, setMonth] = useState(currentMonth);
  const report = useWithholdingReport(month);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(withholdingCsvUrl(month), withholdingMessages.csv.fileName(month));
    } catch (error) {
      toast.error(w.loadFailed, { description: apiErrorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      title={w.title}
      description={w.lead}
      actions={
        <Button variant="secondary" onClick={() => void download()} disabled={busy || !month}>
          <Download aria-hidden="true" className="size-4" />
          {w.downloadCsv}
        </Button>
      }
    >
      <div className="mb-4 max-w-48">
        <TextField label={w.month} type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
      </div>
      <QueryState query={report} renderError={(error) => <AdminQueryError error={error} message={w.loadFailed} />}>
        {(data) =>
          data.rows.length === 0 ? (
            <p className="text-sm text-slate-600">{w.empty}</p>
          ) : (
            <DataTable
              data={data.rows}
              columns={columns(data.totals)}
              getRowId={(row) => row.sellerId}
              caption={w.title}
            />
          )
        }
      </QueryState>
    </Card>
  );
}
