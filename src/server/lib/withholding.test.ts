import { describe, expect, it } from 'vitest';
import { applyBasisPoints } from '#shared/money.ts';
import { withholdingOfRelease } from './withholding.ts';
import { createRandom } from '#shared/random.ts';

describe('withholding on releases (decision 041)', () => {
  it('withholds 1 % of the VAT-exclusive amount of a full release', () => {
    // 1 200,00 TL with 200,00 TL VAT: base 1 000,00 TL, withheld 10,00 TL.
    expect(withholdingOfRelease({ totalKurus: 120_000, vatKurus: 20_000, withholdingBp: 100 }, 0, 120_000)).toEqual({
      baseKurus: 100_000,
      withholdingKurus: 1_000,
    });
  });

  it('withholds nothing at rate 0, still knowing the base', () => {
    expect(withholdingOfRelease({ totalKurus: 120_000, vatKurus: 20_000, withholdingBp: 0 }, 0, 120_000)).toEqual({
      baseKurus: 100_000,
      withholdingKurus: 0,
    });
  });

  it('over random orders, refunds and releases, is exact to the kuruş and never exceeds the rate of the VAT-exclusive total', () => {
    const { int } = createRandom(20261128);
    for (let run = 0; run < 20_000; run++) {
      const totalKurus = int(0, 5) === 0 ? int(0, 200) : int(1, 50_000_000);
      const vatKurus = int(0, Math.floor(totalKurus / 2));
      const order = { totalKurus, vatKurus, withholdingBp: int(0, 3) === 0 ? 0 : int(1, 1000) };
      // Partial refunds and releases in a random order; whatever is left is released at the end.
      let left = totalKurus;
      let released = 0;
      let base = 0;
      let withheld = 0;
      const release = (amount: number) => {
        const r = withholdingOfRelease(order, released, amount);
        expect(r.baseKurus).toBeGreaterThanOrEqual(0);
        expect(r.withholdingKurus).toBeGreaterThanOrEqual(0);
        expect(r.withholdingKurus).toBeLessThanOrEqual(amount);
        released += amount;
        base += r.baseKurus;
        withheld += r.withholdingKurus;
      };
      for (let step = int(0, 4); step > 0 && left > 0; step--) {
        const amount = int(1, left);
        if (int(0, 1) === 0) release(amount);
        left -= amount;
      }
      if (left > 0) release(left);
      const vatExclusive = totalKurus - vatKurus;
      expect(base).toBeLessThanOrEqual(vatExclusive);
      expect(withheld).toBe(applyBasisPoints(base, order.withholdingBp));
      expect(withheld).toBeLessThanOrEqual(applyBasisPoints(vatExclusive, order.withholdingBp));
      if (released === totalKurus) expect(base).toBe(vatExclusive);
    }
  });
});
