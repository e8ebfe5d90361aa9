import { Download, FileText } from 'lucide-react';
import { lastMonthsInTurkey } from '#shared/months.ts';
import { statementMessages as sm } from '#shared/messages/statements.tr.ts';
import { STATEMENT_MONTHS, type Statement } from '#shared/schemas/statements.ts';
import { formatStatementMonth, purchaseLines, statementLines, type StatementLine } from '#shared/statement-lines.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { appNow } from '../../lib/app-clock.ts';
import { formatKurus } from '../../lib/format.ts';
import { statementDownloadUrl, useStatement } from './api.ts';

/** The months the picker offers, newest first: this month (on the server's clock) and the 23 before it. */
export function statementMonths(now = appNow()): string[] {
  return lastMonthsInTurkey(now, STATEMENT_MONTHS).reverse();
}

const rowClasses: Record<StatementLine['kind'], { th: string; td: string }> = {
  balance: { th: 'py-2 pr-4 font-semibold text-slate-900', td: 'py-2 font-semibold text-slate-900' },
  part: { th: 'py-1.5 pr-4 pl-3 font-normal text-slate-600', td: 'py-1.5 text-slate-600' },
  movement: { th: 'py-2 pr-4 font-normal text-slate-800', td: 'py-2 text-slate-800' },
  detail: { th: 'py-1 pr-4 pl-3 text-xs font-normal text-slate-500', td: 'py-1 text-xs text-slate-500' },
};

/** Item and amount in ₺, one row per line; the caption names the table for screen readers. */
function LinesTable({ caption, lines }: { caption: string; lines: StatementLine[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-slate-700">
          <th scope="col" className="py-2 pr-4 font-semibold">
            {sm.item}
          </th>
          <th scope="col" className="py-2 text-right font-semibold">
            {sm.amount}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key} className={line.kind === 'balance' ? 'border-y border-slate-200 bg-slate-50' : ''}>
            <th scope="row" className={rowClasses[line.kind].th}>
              {line.label}
            </th>
            <td className={`${rowClasses[line.kind].td} text-right whitespace-nowrap tabular-nums`}>
              {formatKurus(line.amountKurus)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function StatementTable({ statement }: { statement: Statement }) {
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-600">{sm.storeTitle}</dt>
        <dd className="text-slate-900">{statement.storeTitle}</dd>
        <dt className="font-medium text-slate-600">{sm.taxNumber}</dt>
        <dd className="text-slate-900 tabular-nums">{statement.taxNumber ?? '—'}</dd>
        <dt className="font-medium text-slate-600">{sm.period}</dt>
        <dd className="text-slate-900">{formatStatementMonth(statement.month)}</dd>
      </dl>
      <LinesTable
        caption={`${sm.title} — ${formatStatementMonth(statement.month)}`}
        lines={statementLines(statement)}
      />
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{sm.purchases.title}</h2>
        <p className="mt-1 text-sm text-slate-600">{sm.purchases.note}</p>
      </div>
      <LinesTable
        caption={`${sm.purchases.title} — ${formatStatementMonth(statement.month)}`}
        lines={purchaseLines(statement)}
      />
      <div className="space-y-1 text-xs text-slate-500">
        <p>{sm.identityNote}</p>
        <p>{sm.commissionNote}</p>
        <p>{sm.ledgerNote}</p>
      </div>
    </div>
  );
}

/**
 * The store's monthly statement (Aylık Hesap Özeti, decision 043): a month picker of the last 24
 * months, the figures from the ledger, and the CSV and PDF for the accountant.
 */
export function StatementView({ month, onMonthChange }: { month: string; onMonthChange: (month: string) => void }) {
  const statement = useStatement(month);
  const months = statementMonths();
  return (
    <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="w-full max-w-56">
          <SelectField label={sm.month} value={month} onChange={(e) => onMonthChange(e.target.value)}>
            {(months.includes(month) ? months : [month, ...months]).map((m) => (
              <option key={m} value={m}>
                {formatStatementMonth(m)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={statementDownloadUrl(month, 'csv')} download className={buttonClasses('secondary')}>
            <Download aria-hidden="true" className="size-4" />
            {sm.downloadCsv}
          </a>
          <a href={statementDownloadUrl(month, 'pdf')} download className={buttonClasses('secondary')}>
            <FileText aria-hidden="true" className="size-4" />
            {sm.downloadPdf}
          </a>
        </div>
      </div>
      <QueryState query={statement} errorText={sm.loadFailed}>
        {(data) => <StatementTable statement={data} />}
      </QueryState>
    </div>
  );
}
