import { useId, useState } from 'react';
import { chartMessages as t } from '#shared/messages/charts.tr.ts';
import { formatCount } from '../../lib/format.ts';
import { DataTable, dataColumns } from './data-table.tsx';

export interface BarDatum {
  /** Short label under the bar. */
  label: string;
  /** Full label for the table (e.g. the week's date). */
  longLabel?: string;
  value: number;
}

const barColumn = dataColumns<BarDatum>();
const barColumns = (labelHeading: string, valueHeading: string, formatValue: (value: number) => string) =>
  barColumn.columns([
    barColumn.accessor((d) => d.longLabel ?? d.label, {
      id: 'label',
      header: labelHeading,
      meta: { isRowHeader: true, headerClassName: 'py-1.5 pr-4 font-semibold', className: 'py-1.5 pr-4 font-normal' },
    }),
    barColumn.accessor('value', {
      header: valueHeading,
      cell: (info) => formatValue(info.getValue()),
      meta: { headerClassName: 'py-1.5 text-right font-semibold', className: 'py-1.5 text-right tabular-nums' },
    }),
  ]);

/**
 * A plain CSS bar chart. The bars are decoration for sighted users; the same figures are in a
 * table that screen readers always get and anyone can show with the toggle. Values are counts
 * unless `formatValue` says otherwise (money, percentages); `showTotal` is off where a sum means
 * nothing (averages, rates).
 */
export function BarChart({
  title,
  data,
  labelHeading,
  valueHeading,
  formatValue = formatCount,
  showTotal = true,
}: {
  title: string;
  data: BarDatum[];
  labelHeading: string;
  valueHeading: string;
  formatValue?: (value: number) => string;
  showTotal?: boolean;
}) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const max = Math.max(1, ...data.map((d) => d.value));
  const total = data.reduce((sum, d) => sum + d.value, 0);
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <figcaption id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {title}
        </figcaption>
        {showTotal ? <span className="text-sm text-slate-600">{t.total(formatValue(total))}</span> : null}
      </div>
      <div aria-hidden="true" className="flex h-48 items-end gap-1 border-b border-slate-300 sm:gap-2">
        {data.map((d) => (
          <div key={d.label} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
            <span className="text-[10px] font-semibold text-slate-700 tabular-nums sm:text-xs">
              {d.value > 0 ? formatValue(d.value) : ''}
            </span>
            <div
              className="w-full rounded-t bg-brand-500"
              style={{ height: `${(d.value / max) * 100}%`, minHeight: d.value > 0 ? '2px' : 0 }}
              title={`${d.longLabel ?? d.label}: ${formatValue(d.value)}`}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-1 sm:gap-2">
        {data.map((d, i) => (
          // Every other label, free to use its neighbour's room, so the dates stay whole and legible.
          <span
            key={d.label}
            className="flex min-w-0 flex-1 justify-center overflow-visible text-[10px] whitespace-nowrap text-slate-500 sm:text-xs"
          >
            {i % 2 === 0 ? d.label : ''}
          </span>
        ))}
      </div>
      <p className="sr-only">
        {showTotal
          ? t.summary(title, formatValue(total), formatValue(Math.max(0, ...data.map((d) => d.value))))
          : t.peak(title, formatValue(Math.max(0, ...data.map((d) => d.value))))}
      </p>
      <button
        type="button"
        onClick={() => setShowTable((v) => !v)}
        aria-pressed={showTable}
        aria-controls={`${id}-table`}
        className="mt-3 text-sm font-semibold text-brand-700 hover:underline"
      >
        {showTable ? t.hideTable : t.showTable}
      </button>
      <DataTable
        id={`${id}-table`}
        className={showTable ? 'mt-2 w-full text-left text-sm' : 'sr-only'}
        data={data}
        columns={barColumns(labelHeading, valueHeading, formatValue)}
        getRowId={(d) => d.label}
        caption={title}
      />
    </figure>
  );
}
