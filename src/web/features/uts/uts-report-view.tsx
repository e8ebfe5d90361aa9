import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { utsMessages } from '#shared/messages/uts.tr.ts';
import type { UtsReportRow } from '#shared/schemas/uts.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { controlClasses } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { appNow } from '../../lib/app-clock.ts';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { useMarkUtsNotified, useUtsReport, utsCsvUrl, type UtsSide } from './api.ts';

const p = utsMessages.page;

/** yyyy-MM of now in Turkish time. */
function currentMonth(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit' }).format(
    appNow(),
  );
}

function NotifyCell({ row, isFirstOfOrder }: { row: UtsReportRow; isFirstOfOrder: boolean }) {
  const mark = useMarkUtsNotified();
  if (row.notifiedAt) return <span className="text-emerald-700">{p.notifiedAt(formatDateTime(row.notifiedAt))}</span>;
  if (!isFirstOfOrder) return null;
  return (
    <div className="space-y-1">
      <Button
        variant="secondary"
        aria-label={p.markNotifiedLabel(row.orderNumber)}
        disabled={mark.isPending}
        onClick={() => mark.mutate(row.orderId, { onSuccess: () => toast.success(p.marked) })}
      >
        {p.markNotified}
      </Button>
      {mark.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {apiErrorMessage(mark.error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The seller's "ÜTS Verme Bildirimleri" or the buyer's "ÜTS Alma Bildirimleri": the month's
 * tracked units with what ÜTS asks for, the CSV and the "Bildirdim" tick per order (decision 044).
 */
export function UtsReportView({ side }: { side: UtsSide }) {
  const monthId = useId();
  const [month, setMonth] = useState(currentMonth);
  const query = useUtsReport(side, month);
  const counterparty = side === 'verme' ? p.buyer : p.seller;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <label htmlFor={monthId} className="block text-sm font-medium text-slate-800">
            {p.month}
          </label>
          <input
            id={monthId}
            type="month"
            className={controlClasses}
            value={month}
            onChange={(event) => {
              if (/^\d{4}-\d{2}$/.test(event.target.value)) setMonth(event.target.value);
            }}
          />
        </div>
        <a href={utsCsvUrl(side, month)} download className={buttonClasses('secondary')}>
          <Download aria-hidden="true" className="size-4" />
          {p.downloadCsv}
        </a>
      </div>
      <QueryState
        query={query}
        errorText={p.loadFailed}
        isEmpty={(data) => data.rows.length === 0}
        empty={<p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-600">{p.empty}</p>}
      >
        {(data) => (
          <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {[
                    p.shippedAt,
                    p.orderNumber,
                    counterparty,
                    p.institutionNumber,
                    p.product,
                    p.gtin,
                    p.lotSerial,
                    p.expiry,
                    p.quantity,
                    p.notified,
                  ].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row, index) => (
                  <tr key={row.id} className="border-t border-slate-100 align-top">
                    <td className="px-3 py-2 whitespace-nowrap">{formatDate(row.shippedAt)}</td>
                    <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                      {row.orderNumber}
                    </th>
                    <td className="px-3 py-2">{row.counterpartyTitle}</td>
                    <td className="px-3 py-2 tabular-nums">{row.counterpartyUtsNumber ?? p.noInstitutionNumber}</td>
                    <td className="px-3 py-2">{row.productName}</td>
                    <td className="px-3 py-2 tabular-nums">{row.gtin}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {row.serial ? p.serial(row.serial) : p.lot(row.lot ?? '')}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">{row.expiry ? formatDate(row.expiry) : ''}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{row.quantity}</td>
                    <td className="px-3 py-2">
                      <NotifyCell row={row} isFirstOfOrder={data.rows[index - 1]?.orderId !== row.orderId} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </div>
  );
}
