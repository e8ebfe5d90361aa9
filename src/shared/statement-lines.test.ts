import { expect, it } from 'vitest';
import type { Statement } from './schemas/statements.ts';
import { formatStatementMonth, purchaseLines, statementLines } from './statement-lines.ts';

const empty: Statement = {
  month: '2026-01',
  storeTitle: 'Satıcı',
  taxNumber: null,
  salesKurus: 0,
  refundsKurus: 0,
  releasedKurus: 0,
  commissionKurus: 0,
  commissionVatKurus: 0,
  commissionVat: [],
  withholdingKurus: 0,
  withholdingBaseKurus: 0,
  payoutsKurus: 0,
  openingEscrowKurus: 0,
  openingPayableKurus: 0,
  openingBalanceKurus: 0,
  closingEscrowKurus: 0,
  closingPayableKurus: 0,
  closingBalanceKurus: 0,
  purchasesPaidKurus: 0,
  purchasesRefundedKurus: 0,
};

it('movements are signed so opening plus movements is closing, and a zero is never negative', () => {
  const s: Statement = {
    ...empty,
    openingBalanceKurus: 5_000,
    salesKurus: 100_000,
    refundsKurus: 10_000,
    commissionKurus: 7_200,
    withholdingKurus: 750,
    payoutsKurus: 50_000,
    closingBalanceKurus: 37_050,
  };
  const lines = statementLines(s);
  const opening = lines.find((l) => l.key === 'openingBalance')!.amountKurus;
  const moved = lines.filter((l) => l.kind === 'movement').reduce((sum, l) => sum + l.amountKurus, 0);
  expect(opening + moved).toBe(lines.find((l) => l.key === 'closingBalance')!.amountKurus);
  for (const line of [...statementLines(empty), ...purchaseLines(empty)])
    expect(Object.is(line.amountKurus, -0)).toBe(false);
});

it('names the month in Turkish', () => {
  expect(formatStatementMonth('2026-01')).toBe('Ocak 2026');
  expect(formatStatementMonth('2025-12')).toBe('Aralık 2025');
});
