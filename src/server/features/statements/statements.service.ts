import { startOfDayInTurkey } from '#shared/dates.ts';
import { monthInTurkey } from '#shared/months.ts';
import { statementMessages as sm } from '#shared/messages/statements.tr.ts';
import { vatOfBase } from '#shared/pricing.ts';
import type { Statement } from '#shared/schemas/statements.ts';
import { purchaseLines, statementLines } from '#shared/statement-lines.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberContext } from '../../lib/context.ts';
import { formatCsvLira, toCsv } from '../../lib/csv.ts';
import { findBuyerStore } from '../../lib/store-identity.ts';
import { renderStatementPdf } from './statements.pdf.ts';
import { sumBuyerLedger, sumSellerCommissionByVatRate, sumSellerLedger, type MonthBounds } from './statements.repo.ts';

/** [first instant, first instant of the next month) of a Turkish calendar month "yyyy-MM". */
export function monthBoundsInTurkey(month: string): MonthBounds {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { start: startOfDayInTurkey(`${month}-01`), end: startOfDayInTurkey(`${next}-01`) };
}

/**
 * GET /api/me/statements/:month: the signed-in store's monthly statement as seller, every figure a
 * sum over its orders' ledger entries (decision 043). A month that has not begun is refused; the
 * current month is the statement so far.
 */
export async function getStatement(ctx: MemberContext, month: string): Promise<Statement> {
  if (month > monthInTurkey(ctx.clock.now())) {
    throw new AppError('VALIDATION_FAILED', sm.monthInFuture, { month: sm.monthInFuture });
  }
  const bounds = monthBoundsInTurkey(month);
  // One snapshot: in the current month a release booked between two reads could otherwise count
  // in one figure and not in another, and the statement would not add up.
  const [sums, byRate, purchases, store] = await ctx.db.transaction(
    async (tx) =>
      [
        await sumSellerLedger(tx, ctx.user.id, bounds),
        await sumSellerCommissionByVatRate(tx, ctx.user.id, bounds),
        await sumBuyerLedger(tx, ctx.user.id, bounds),
        await findBuyerStore(tx, ctx.user.id),
      ] as const,
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const n = (key: keyof typeof sums) => Number(sums[key]);
  // The ledger books the commission as one amount, the whole of what the store is charged: the VAT
  // is inside it, rounded once per rate over the month (as one commission invoice would carry it).
  const commissionVat = byRate.map((r) => ({ ...r, vatKurus: vatOfBase(r.commissionKurus, r.vatRateBp, true) }));
  const openingEscrowKurus = n('opening_escrow');
  const openingPayableKurus = n('opening_payable');
  const closingEscrowKurus = n('closing_escrow');
  const closingPayableKurus = n('closing_payable');
  return {
    month,
    storeTitle: store?.storeName ?? store?.fullName ?? '',
    taxNumber: store?.taxNumber ?? null,
    salesKurus: n('sales'),
    refundsKurus: n('refunds'),
    releasedKurus: n('escrow_debits') - n('refunds'),
    commissionKurus: n('commission'),
    commissionVatKurus: commissionVat.reduce((sum, r) => sum + r.vatKurus, 0),
    commissionVat,
    withholdingKurus: n('withholding'),
    withholdingBaseKurus: n('withholding_base'),
    payoutsKurus: n('payouts'),
    openingEscrowKurus,
    openingPayableKurus,
    openingBalanceKurus: openingEscrowKurus + openingPayableKurus,
    closingEscrowKurus,
    closingPayableKurus,
    closingBalanceKurus: closingEscrowKurus + closingPayableKurus,
    purchasesPaidKurus: purchases.paidKurus,
    purchasesRefundedKurus: purchases.refundedKurus,
  };
}

/** The statement as CSV for Turkish Excel (UTF-8 BOM, ";", lira with a decimal comma): one row per figure. */
export async function exportStatementCsv(
  ctx: MemberContext,
  month: string,
): Promise<{ fileName: string; body: string }> {
  const statement = await getStatement(ctx, month);
  const head: [string, string][] = [
    [sm.storeTitle, statement.storeTitle],
    [sm.taxNumber, statement.taxNumber ?? ''],
    [sm.period, month],
  ];
  return {
    fileName: sm.csv.fileName(month),
    body: toCsv(
      [...sm.csv.header],
      [
        ...head,
        ...[...statementLines(statement), ...purchaseLines(statement)].map((line) => [
          line.label,
          formatCsvLira(line.amountKurus),
        ]),
      ],
    ),
  };
}

/** The statement as a PDF for the store's accountant (pdfkit, DejaVu Sans embedded for Turkish letters). */
export async function exportStatementPdf(
  ctx: MemberContext,
  month: string,
): Promise<{ fileName: string; body: Buffer }> {
  const statement = await getStatement(ctx, month);
  return { fileName: sm.pdf.fileName(month), body: await renderStatementPdf(statement, ctx.clock.now()) };
}
