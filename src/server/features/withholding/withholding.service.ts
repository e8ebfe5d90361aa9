import { withholdingMessages as wm } from '#shared/messages/withholding.tr.ts';
import type { WithholdingReport, WithholdingReportQuery } from '#shared/schemas/withholding.ts';
import type { AdminContext } from '../../lib/context.ts';
import { formatCsvLira, toCsv } from '../../lib/csv.ts';
import { findWithholdingBySeller } from './withholding.repo.ts';

/** The month's withholding per seller and in total, as booked in the ledger (decision 041). */
export async function getWithholdingReport(
  ctx: AdminContext,
  query: WithholdingReportQuery,
): Promise<WithholdingReport> {
  const rows = (await findWithholdingBySeller(ctx.db, query.month)).map((r) => ({
    sellerId: r.seller_id,
    storeTitle: r.store_title,
    taxNumber: r.tax_number,
    grossKurus: Number(r.gross),
    baseKurus: Number(r.base),
    withheldKurus: Number(r.withheld),
  }));
  const sum = (key: 'grossKurus' | 'baseKurus' | 'withheldKurus') => rows.reduce((total, r) => total + r[key], 0);
  return {
    month: query.month,
    rows,
    totals: { grossKurus: sum('grossKurus'), baseKurus: sum('baseKurus'), withheldKurus: sum('withheldKurus') },
  };
}

/** The report as CSV for Turkish Excel (UTF-8 BOM, ";", lira with a decimal comma), with a total row. */
export async function exportWithholdingReportCsv(
  ctx: AdminContext,
  query: WithholdingReportQuery,
): Promise<{ fileName: string; body: string }> {
  const report = await getWithholdingReport(ctx, query);
  const figures = (f: WithholdingReport['totals']) => [
    formatCsvLira(f.grossKurus),
    formatCsvLira(f.baseKurus),
    formatCsvLira(f.withheldKurus),
  ];
  return {
    fileName: wm.csv.fileName(query.month),
    body: toCsv(
      [...wm.csv.header],
      [
        ...report.rows.map((r) => [r.storeTitle, r.taxNumber ?? '', ...figures(r)]),
        [wm.csv.total, '', ...figures(report.totals)],
      ],
    ),
  };
}
