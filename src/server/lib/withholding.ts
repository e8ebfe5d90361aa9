import { applyBasisPoints, roundDiv, type Kurus } from '#shared/money.ts';

/** An order's figures the withholding rule reads: its total (as charged), the VAT in it, its rate. */
export interface WithholdingOrder {
  totalKurus: Kurus;
  vatKurus: Kurus;
  /** Basis points of the VAT-exclusive base, fixed on the order at payment (decision 041). */
  withholdingBp: number;
}

/**
 * The VAT-exclusive part of `releasedKurus` of the order's money: released × (total − VAT) / total,
 * rounded half away from zero. It is exact at the ends (0 → 0, total → total − VAT) and never
 * decreases as more is released.
 */
function vatExclusiveOf(order: WithholdingOrder, releasedKurus: Kurus): Kurus {
  if (order.totalKurus === 0) return 0;
  return Number(roundDiv(BigInt(releasedKurus) * BigInt(order.totalKurus - order.vatKurus), BigInt(order.totalKurus)));
}

/**
 * E-ticaret stopajı on one release (decision 041). The rule is cumulative: the base and the
 * withholding of everything released on the order so far are computed from the running total, and
 * a release books the difference from what earlier releases booked. So the releases of an order add
 * up to exactly the rate of the VAT-exclusive part of all that was released, rounding once; refunds
 * carry no withholding, and the sum never exceeds the rate of the order's VAT-exclusive total.
 */
export function withholdingOfRelease(
  order: WithholdingOrder,
  releasedBeforeKurus: Kurus,
  amountKurus: Kurus,
): { baseKurus: Kurus; withholdingKurus: Kurus } {
  const baseBefore = vatExclusiveOf(order, releasedBeforeKurus);
  const baseAfter = vatExclusiveOf(order, releasedBeforeKurus + amountKurus);
  return {
    baseKurus: baseAfter - baseBefore,
    withholdingKurus:
      applyBasisPoints(baseAfter, order.withholdingBp) - applyBasisPoints(baseBefore, order.withholdingBp),
  };
}
