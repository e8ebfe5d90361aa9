import { statementMessages as sm } from './messages/statements.tr.ts';
import { formatRateBp } from './money.ts';
import type { Statement } from './schemas/statements.ts';

const monthNameFormat = new Intl.DateTimeFormat('tr-TR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A statement's month as people read it: "2026-01" → "Ocak 2026". */
export function formatStatementMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return monthNameFormat.format(new Date(Date.UTC(year, m - 1, 15)));
}

/**
 * One row of the statement as the page, the CSV and the PDF show it. Movements are signed so the
 * column adds up: opening + every `movement` = closing. `detail` rows explain a figure above them
 * (the released gross, the VAT inside the commission, the withholding base) and are not added.
 */
export interface StatementLine {
  key: string;
  label: string;
  amountKurus: number;
  kind: 'balance' | 'part' | 'movement' | 'detail';
}

/** A movement that lowers the balance, shown negative; 0 stays 0 (never "-₺0,00"). */
const minus = (kurus: number): number => (kurus === 0 ? 0 : -kurus);

/** The statement's rows in order, the same on the screen, in the CSV and in the PDF. */
export function statementLines(s: Statement): StatementLine[] {
  const r = sm.rows;
  return [
    { key: 'openingEscrow', label: r.openingEscrow, amountKurus: s.openingEscrowKurus, kind: 'part' },
    { key: 'openingPayable', label: r.openingPayable, amountKurus: s.openingPayableKurus, kind: 'part' },
    { key: 'openingBalance', label: r.openingBalance, amountKurus: s.openingBalanceKurus, kind: 'balance' },
    { key: 'sales', label: r.sales, amountKurus: s.salesKurus, kind: 'movement' },
    { key: 'refunds', label: r.refunds, amountKurus: minus(s.refundsKurus), kind: 'movement' },
    { key: 'released', label: r.released, amountKurus: s.releasedKurus, kind: 'detail' },
    { key: 'commission', label: r.commission, amountKurus: minus(s.commissionKurus), kind: 'movement' },
    ...s.commissionVat.map((v) => ({
      key: `commissionVat${v.vatRateBp}`,
      label: sm.commissionVatRate(formatRateBp(v.vatRateBp)),
      amountKurus: v.vatKurus,
      kind: 'detail' as const,
    })),
    { key: 'withholding', label: r.withholding, amountKurus: minus(s.withholdingKurus), kind: 'movement' },
    { key: 'withholdingBase', label: r.withholdingBase, amountKurus: s.withholdingBaseKurus, kind: 'detail' },
    { key: 'payouts', label: r.payouts, amountKurus: minus(s.payoutsKurus), kind: 'movement' },
    { key: 'closingEscrow', label: r.closingEscrow, amountKurus: s.closingEscrowKurus, kind: 'part' },
    { key: 'closingPayable', label: r.closingPayable, amountKurus: s.closingPayableKurus, kind: 'part' },
    { key: 'closingBalance', label: r.closingBalance, amountKurus: s.closingBalanceKurus, kind: 'balance' },
  ];
}

/** The store's purchases of the month (it as buyer): a section of its own, outside the balance. */
export function purchaseLines(s: Statement): StatementLine[] {
  const p = sm.purchases;
  return [
    { key: 'purchasesPaid', label: p.paid, amountKurus: s.purchasesPaidKurus, kind: 'movement' },
    { key: 'purchasesRefunded', label: p.refunded, amountKurus: minus(s.purchasesRefundedKurus), kind: 'movement' },
    {
      key: 'purchasesNet',
      label: p.net,
      amountKurus: s.purchasesPaidKurus - s.purchasesRefundedKurus,
      kind: 'balance',
    },
  ];
}
