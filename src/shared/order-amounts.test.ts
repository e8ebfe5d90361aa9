import { describe, expect, it } from 'vitest';
import { orderAmountRows } from './order-amounts.ts';
import { priceCart, type Installments } from './pricing.ts';

/** A small deterministic generator, so a failure names its case. */
function* randomCarts(seed: number, count: number) {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % n;
  };
  for (let i = 0; i < count; i++) {
    const lines = Array.from({ length: 1 + next(5) }, (_, j) => ({
      key: `l${j}`,
      sellerId: `s${next(3)}`,
      unitPriceKurus: 1 + next(2_000_000),
      quantity: 1 + next(4),
    }));
    const installments = ([1, 2, 3, 6, 12] as Installments[])[next(5)]!;
    yield { lines, installments, pricesIncludeVat: next(2) === 1, vatRateBp: [2000, 1000, 100][next(3)]! };
  }
}

describe('order amount rows', () => {
  it('add up to every seller order’s total in both VAT modes, over many carts', () => {
    for (const c of randomCarts(20261128, 2_000)) {
      const cart = priceCart(
        c.lines,
        {
          vatRateBp: c.vatRateBp,
          pricesIncludeVat: c.pricesIncludeVat,
          shippingFeeKurus: 2_500,
          freeShippingFromKurus: 0,
        },
        c.installments,
      );
      for (const g of cart.groups) {
        const rows = orderAmountRows({
          subtotalKurus: g.subtotalKurus,
          shippingKurus: g.shippingKurus,
          vatKurus: g.vatKurus,
          discountKurus: g.discountKurus,
          totalKurus: g.chargedKurus,
          pricesIncludeVat: c.pricesIncludeVat,
        });
        const sum = rows.reduce((s, r) => s + (r.signed ?? 0), 0);
        expect(sum, JSON.stringify({ c, g })).toBe(g.chargedKurus);
        expect(rows.some((r) => r.kind === 'vatIncluded')).toBe(c.pricesIncludeVat);
        expect(rows.some((r) => r.kind === 'vat')).toBe(!c.pricesIncludeVat);
      }
    }
  });

  it('the reported order: VAT inside the goods is shown after the total, not added', () => {
    const rows = orderAmountRows({
      subtotalKurus: 864_290,
      shippingKurus: 0,
      vatKurus: 131_841,
      discountKurus: 17_286,
      totalKurus: 847_004,
      pricesIncludeVat: true,
    });
    expect(rows.map((r) => [r.kind, r.signed])).toEqual([
      ['goods', 864_290],
      ['shipping', 0],
      ['discount', -17_286],
      ['total', null],
      ['vatIncluded', null],
    ]);
  });
});
