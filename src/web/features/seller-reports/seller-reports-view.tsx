import { BarChart3, Download, Percent, ReceiptText, ShoppingBag } from 'lucide-react';
import { sellerReportMessages as rm } from '#shared/messages/seller-reports.tr.ts';
import { formatRateBp } from '#shared/money.ts';
import type { BestSeller, SellerReport } from '#shared/schemas/seller-reports.ts';
import { BarChart, type BarDatum } from '../../components/ui/bar-chart.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatCount, formatKurus } from '../../lib/format.ts';
import { REPORT_MONTHS, sellerReportCsvUrl, useSellerReport } from './api.ts';

/** 1250 basis points → "%12,5". */
export function formatRate(bp: number): string {
  return `%${formatRateBp(bp, 1)}`;
}

const monthShort = new Intl.DateTimeFormat('tr-TR', { month: 'short', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('tr-TR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** One bar per month: "Nis" under it, "Nisan 2026" in the table. */
function monthly(report: SellerReport, value: (m: SellerReport['months'][number]) => number): BarDatum[] {
  return report.months.map((m) => {
    const date = new Date(`${m.month}-01T00:00:00Z`);
    return { label: monthShort.format(date), longLabel: monthLong.format(date), value: value(m) };
  });
}

const best = dataColumns<BestSeller>();
const cell = 'py-2 pr-4';
const bestColumns = best.columns([
  best.accessor('productName', {
    header: rm.product,
    meta: { isRowHeader: true, headerClassName: `${cell} font-semibold`, className: `${cell} font-medium` },
  }),
  best.accessor('quantity', {
    header: rm.quantity,
    cell: (info) => formatCount(info.getValue()),
    meta: { headerClassName: `${cell} text-right font-semibold`, className: `${cell} text-right tabular-nums` },
  }),
  best.accessor('revenueKurus', {
    header: rm.amount,
    cell: (info) => formatKurus(info.getValue()),
    meta: { headerClassName: 'py-2 text-right font-semibold', className: 'py-2 text-right tabular-nums' },
  }),
]);

/** The best sellers as bars of quantity, with the amounts in the table below. */
function BestSellers({ items }: { items: BestSeller[] }) {
  const max = Math.max(1, ...items.map((i) => i.quantity));
  return (
    <section
      aria-labelledby="best-sellers-title"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="best-sellers-title" className="mb-4 text-lg font-semibold text-slate-900">
        {rm.bestSellers}
      </h2>
      <ul aria-hidden="true" className="mb-4 space-y-2">
        {items.map((item) => (
          <li key={item.productName} className="text-sm">
            <span className="flex justify-between gap-2">
              <span className="min-w-0 truncate text-slate-800">{item.productName}</span>
              <span className="shrink-0 font-semibold tabular-nums">{formatCount(item.quantity)}</span>
            </span>
            <span className="mt-1 block h-2 rounded bg-slate-100">
              <span className="block h-2 rounded bg-brand-500" style={{ width: `${(item.quantity / max) * 100}%` }} />
            </span>
          </li>
        ))}
      </ul>
      <DataTable
        className="w-full text-left text-sm"
        data={items}
        columns={bestColumns}
        getRowId={(item) => item.productName}
        caption={rm.bestSellers}
      />
    </section>
  );
}

function ReportContent({ report }: { report: SellerReport }) {
  const { totals } = report;
  return (
    <div className="space-y-6">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label={rm.revenue} value={formatKurus(totals.revenueKurus)} icon={ReceiptText} stat="revenue" />
        <StatCard label={rm.orders} value={formatCount(totals.orderCount)} icon={ShoppingBag} stat="orders" />
        <StatCard
          label={rm.averageOrder}
          value={formatKurus(totals.averageOrderKurus)}
          icon={BarChart3}
          stat="average-order"
        />
        <StatCard
          label={rm.refundRate}
          value={
            <span title={rm.refundRateHint(totals.refundedOrderCount, totals.paidOrderCount)}>
              {formatRate(totals.refundRateBp)}
            </span>
          }
          icon={Percent}
          stat="refund-rate"
        />
      </dl>
      <div className="grid gap-6 xl:grid-cols-2">
        <BarChart
          title={rm.salesByMonth}
          data={monthly(report, (m) => m.revenueKurus)}
          labelHeading={rm.month}
          valueHeading={rm.amount}
          formatValue={formatKurus}
        />
        <BarChart
          title={rm.averageByMonth}
          data={monthly(report, (m) => m.averageOrderKurus)}
          labelHeading={rm.month}
          valueHeading={rm.amount}
          formatValue={formatKurus}
          showTotal={false}
        />
        <BarChart
          title={rm.refundRateByMonth}
          data={monthly(report, (m) => m.refundRateBp)}
          labelHeading={rm.month}
          valueHeading={rm.rate}
          formatValue={formatRate}
          showTotal={false}
        />
        {report.bestSellers.length > 0 ? <BestSellers items={report.bestSellers} /> : null}
      </div>
    </div>
  );
}

/** The seller's reports: figures and charts of the last twelve months from the server, and the CSV. */
export function SellerReportsView() {
  const report = useSellerReport();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-700">{rm.period(REPORT_MONTHS)}</p>
        <a href={sellerReportCsvUrl()} download className={buttonClasses('secondary')}>
          <Download aria-hidden="true" className="size-4" />
          {rm.download}
        </a>
      </div>
      <QueryState
        query={report}
        errorText={rm.loadFailed}
        isEmpty={(data) => data.totals.paidOrderCount === 0}
        empty={<EmptyState icon={BarChart3} title={rm.emptyTitle} body={rm.emptyBody} />}
      >
        {(data) => <ReportContent report={data} />}
      </QueryState>
    </div>
  );
}
