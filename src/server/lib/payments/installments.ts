import type { Kurus } from '#shared/money.ts';

/**
 * Splits an amount into n monthly instalments of whole kuruş that add up to it exactly; the
 * remainder goes to the earliest months (1.000,01 TL in 3 → 333,34 + 333,34 + 333,33).
 * A local copy until #shared/pricing.ts exports its own split.
 */
export function splitInstallmentsKurus(amountKurus: Kurus, installments: number): Kurus[] {
  if (!Number.isSafeInteger(amountKurus) || amountKurus < 0) throw new RangeError(`bad amount ${amountKurus}`);
  if (!Number.isInteger(installments) || installments < 1) throw new RangeError(`bad instalments ${installments}`);
  const base = Math.floor(amountKurus / installments);
  const remainder = amountKurus - base * installments;
  return Array.from({ length: installments }, (_, i) => base + (i < remainder ? 1 : 0));
}
