import { startOfDayInTurkey } from '#shared/dates.ts';
import { lastMonthsInTurkey } from '#shared/months.ts';
import { sellerReportMessages as rm } from '#shared/messages/seller-reports.tr.ts';
import type { SellerReport, SellerReportQuery } from '#shared/schemas/seller-reports.ts';
import { toCsv } from '../../lib/csv.ts';
import type { MemberContext } from '../../lib/context.ts';
import { formatCsvLira } from '../../lib/csv.ts';
import { findBestSellers, sumSellerOrdersPerMonth } from './seller-reports.repo.ts';

const BEST_SELLERS = 5;

function figures(sold: number, revenueKurus: number, paid: number, refunded: number) {
  return {
    orderCount: sold,
    revenueKurus,
    averageOrderKurus: sold > 0 ? Math.round(revenueKurus / sold) : 0,
    paidOrderCount: paid,
    refundedOrderCount: refunded,
    refundRateBp: paid > 0 ? Math.round((refunded * 10_000) / paid) : 0,
  };
}

/** GET /api/seller/reports: the signed-in seller's own sales per month, best sellers, average order and refund rate. */
export async function getSellerReport(ctx: MemberContext, query: { months: number }): Promise<SellerReport> {
  const keys = lastMonthsInTurkey(ctx.clock.now(), query.months);
  const since = startOfDayInTurkey(`${keys[0]}-01`);
  const [perMonth, bestSellers] = await Promise.all([
    sumSellerOrdersPerMonth(ctx.db, ctx.user.id, since),
    findBestSellers(ctx.db, ctx.user.id, since, BEST_SELLERS),
  ]);
  const byMonth = new Map(perMonth.map((r) => [r.month, r]));
  const months = keys.map((month) => {
    const r = byMonth.get(month);
    return { month, ...figures(r?.sold ?? 0, r?.revenueKurus ?? 0, r?.paid ?? 0, r?.refunded ?? 0) };
  });
  const sum = (pick: (r: (typeof perMonth)[number]) => number) => perMonth.reduce((s, r) => s + pick(r), 0);
  return {
    months,
    totals: figures(
      sum((r) => r.sold),
      sum((r) => r.revenueKurus),
      sum((r) => r.paid),
      sum((r) => r.refunded),
    ),
    bestSellers,
  };
}

/** 1250 → "12,50" (a decimal comma, so a Turkish spreadsheet reads a number). */
function formatCsvPercent(bp: number): string {
  return `${Math.floor(bp / 100)},${String(bp % 100).padStart(2, '0')}`;
}

/** The report's months and their total as CSV (UTF-8 with BOM, ";" separated, Turkish headers). */
export async function exportSellerReportCsv(
  ctx: MemberContext,
  query: SellerReportQuery & { months: number },
): Promise<{ fileName: string; body: string }> {
  const report = await getSellerReport(ctx, query);
  const row = (label: string, f: SellerReport['totals']) => [
    label,
    f.orderCount,
    formatCsvLira(f.revenueKurus),
    formatCsvLira(f.averageOrderKurus),
    f.paidOrderCount,
    f.refundedOrderCount,
    formatCsvPercent(f.refundRateBp),
  ];
  return {
    fileName: rm.csv.fileName(query.months),
    body: toCsv([...rm.csv.header], [...report.months.map((m) => row(m.month, m)), row(rm.csv.total, report.totals)]),
  };
}
