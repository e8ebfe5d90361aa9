import { describe, expect, it } from 'vitest';
import { orderAmountLabel, orderAmountRows, orderAmountsOfQuote } from './order-amounts.ts';
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
      vatRateBp: [2000, 1000, 100][next(3)]!,
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
      // The whole cart (the checkout summary's last block) adds up to the card charge the same way.
      const cartRows = orderAmountRows(orderAmountsOfQuote(cart, c.pricesIncludeVat));
      expect(cartRows.reduce((s, r) => s + (r.signed ?? 0), 0)).toBe(cart.chargedKurus);
      for (const g of cart.groups) {
        const rows = orderAmountRows(orderAmountsOfQuote(g, c.pricesIncludeVat));
        const sum = rows.reduce((s, r) => s + (r.signed ?? 0), 0);
        expect(sum, JSON.stringify({ c, g })).toBe(g.chargedKurus);
        expect(rows.some((r) => r.kind === 'vatIncluded')).toBe(c.pricesIncludeVat);
        expect(rows.some((r) => r.kind === 'vat')).toBe(!c.pricesIncludeVat);
        // One VAT row per rate of the order's own lines, adding up to its VAT.
        const vatRows = rows.filter((r) => r.kind === 'vat' || r.kind === 'vatIncluded');
        expect(vatRows.map((r) => r.vatRateBp)).toEqual(g.vatByRate.map((r) => r.vatRateBp));
        expect(vatRows.reduce((s, r) => s + r.kurus, 0)).toBe(g.vatKurus);
        // Goods + shipping − discount + added VAT = total, in this order.
        const kinds = rows.map((r) => r.kind).filter((k) => k !== 'vatIncluded');
        expect(kinds.indexOf('discount') === -1 || kinds.indexOf('discount') < kinds.indexOf('total')).toBe(true);
        if (!c.pricesIncludeVat && g.discountKurus > 0)
          expect(kinds.indexOf('discount')).toBeLessThan(kinds.indexOf('vat'));
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

  it('VAT added: the discount comes before the VAT, one VAT row per rate labelled with it', () => {
    const rows = orderAmountRows({
      subtotalKurus: 40_000,
      shippingKurus: 4_000,
      vatKurus: 5_412,
      discountKurus: 880,
      totalKurus: 48_532,
      pricesIncludeVat: false,
      vatByRate: [
        { vatRateBp: 2000, vatKurus: 2_156 },
        { vatRateBp: 1000, vatKurus: 3_256 },
      ],
    });
    expect(rows.map((r) => [orderAmountLabel(r), r.signed])).toEqual([
      ['Ara Toplam', 40_000],
      ['Kargo', 4_000],
      ['Peşin indirimi', -880],
      ['KDV (%20)', 2_156],
      ['KDV (%10)', 3_256],
      ['Toplam', null],
    ]);
    expect(rows.reduce((s, r) => s + (r.signed ?? 0), 0)).toBe(48_532);
  });

  it('an order from before per-line VAT (no rates) shows one VAT row', () => {
    const rows = orderAmountRows({
      subtotalKurus: 100_000,
      shippingKurus: 2_500,
      vatKurus: 18_000,
      discountKurus: 0,
      totalKurus: 120_500,
      pricesIncludeVat: false,
    });
    expect(rows.map((r) => orderAmountLabel(r))).toEqual(['Ara Toplam', 'Kargo', 'KDV', 'Toplam']);
  });
});
