import { describe, expect, it } from 'vitest';
import { applyBasisPoints, type Kurus } from './money.ts';
import {
  allocateByLargestRemainder,
  CASH_DISCOUNT_BP,
  installmentOptions,
  priceCart,
  quoteInstallmentPlans,
  splitInstallments,
  type CartPrice,
  type Installments,
  type PricingLineInput,
  type PricingSettings,
} from './pricing.ts';
import { createRandom, type Random } from './random.ts';

const TL = 100;

/** Spec §9 with the general VAT rate in force (20 % since July 2023, added), 25 TL per seller, free shipping off. */
const specSettings: PricingSettings = {
  vatRateBp: 2000,
  shippingFeeKurus: 25 * TL,
  freeShippingFromKurus: 0,
  pricesIncludeVat: false,
};

function line(
  key: string,
  sellerId: string,
  unitPriceKurus: Kurus,
  quantity = 1,
  vatRateBp?: number,
): PricingLineInput {
  return vatRateBp === undefined
    ? { key, sellerId, unitPriceKurus, quantity }
    : { key, sellerId, unitPriceKurus, quantity, vatRateBp };
}

describe('priceCart worked examples', () => {
  it('prices the spec example: 1000 TL of goods and 25 TL shipping, Peşin: 2 % off goods + shipping, 20 % VAT on the rest', () => {
    const lines = [line('a', 's1', 200 * TL, 4), line('b', 's1', 200 * TL)];
    const cash = priceCart(lines, specSettings, 1);
    // D = 2 % of 102 500 = 2 050; base 100 450; VAT 20 090; charged 100 450 × 1.2 = 120 540.
    expect(cash).toMatchObject({
      subtotalKurus: 100_000,
      shippingKurus: 2_500,
      vatKurus: 20_090,
      vatByRate: [{ vatRateBp: 2000, baseKurus: 100_450, vatKurus: 20_090 }],
      isVatIncluded: false,
      totalKurus: 122_590,
      installments: 1,
      discountKurus: 2_050,
      chargedKurus: 120_540,
      installmentAmounts: [120_540],
    });
    expect(cash.groups).toHaveLength(1);
    expect(cash.groups[0]).toMatchObject({
      sellerId: 's1',
      subtotalKurus: 100_000,
      shippingKurus: 2_500,
      isFreeShipping: false,
      untilFreeShippingKurus: null,
      vatKurus: 20_090,
      totalKurus: 122_590,
      discountKurus: 2_050,
      chargedKurus: 120_540,
    });
    expect(
      cash.groups[0]!.lines.map((l) => [
        l.lineTotalKurus,
        l.shippingShareKurus,
        l.discountShareKurus,
        l.vatBaseKurus,
        l.vatKurus,
      ]),
    ).toEqual([
      [80_000, 2_000, 1_640, 80_360, 16_072],
      [20_000, 500, 410, 20_090, 4_018],
    ]);
  });

  it('gives no cash discount with instalments and splits 1230,01 TL into 3 months, the last carrying the extra kuruş', () => {
    const price = priceCart([line('a', 's1', 100_001)], specSettings, 3);
    // (100 001 + 2 500) × 20 % = 20 500,2 → 20 500; total 123 001.
    expect(price.discountKurus).toBe(0);
    expect(price.vatKurus).toBe(20_500);
    expect(price.chargedKurus).toBe(123_001);
    expect(price.installmentAmounts).toEqual([41_000, 41_000, 41_001]);
    expect(price.groups[0]!.discountKurus).toBe(0);
    expect(price.groups[0]!.chargedKurus).toBe(123_001);
  });

  it('ships free from 1000 TL per seller: exactly 1000 TL is free, 1 kuruş less pays and is told what is missing', () => {
    const settings = { ...specSettings, freeShippingFromKurus: 1000 * TL };
    const price = priceCart([line('a', 'rich', 1000 * TL), line('b', 'poor', 99_999)], settings, 2);
    const [rich, poor] = price.groups;
    expect(rich).toMatchObject({ shippingKurus: 0, isFreeShipping: true, untilFreeShippingKurus: null });
    expect(poor).toMatchObject({ shippingKurus: 2_500, isFreeShipping: false, untilFreeShippingKurus: 1 });
    expect(price.shippingKurus).toBe(2_500);
    // Each order's own VAT: 20 % of 100 000 = 20 000; 20 % of (99 999 + 2 500) = 20 499,8 → 20 500.
    expect(price.groups.map((g) => g.vatKurus)).toEqual([20_000, 20_500]);
    expect(price.vatKurus).toBe(40_500);
    expect(price.totalKurus).toBe(199_999 + 2_500 + 40_500);
    expect(price.installmentAmounts).toEqual([121_499, 121_500]);
  });

  it('charges every seller the fee when free shipping is off, however large the order', () => {
    const price = priceCart([line('a', 's1', 50_000 * TL), line('b', 's2', 1)], specSettings, 2);
    expect(price.groups.map((g) => g.shippingKurus)).toEqual([2_500, 2_500]);
    expect(price.groups.map((g) => g.untilFreeShippingKurus)).toEqual([null, null]);
  });

  it('with VAT-inclusive prices shows the VAT inside goods + shipping − discount and does not add it', () => {
    const settings = { ...specSettings, pricesIncludeVat: true };
    const price = priceCart([line('a', 's1', 1200 * TL)], settings, 1);
    // Gross 122 500; D = 2 450; base 120 050; net 120 050 / 1.2 = 100 041,67 → 100 042; VAT inside 20 008.
    expect(price).toMatchObject({
      subtotalKurus: 120_000,
      vatKurus: 20_008,
      isVatIncluded: true,
      totalKurus: 122_500, // goods + shipping, no VAT on top
      discountKurus: 2_450,
      chargedKurus: 120_050,
    });
    expect(price.groups[0]).toMatchObject({ vatKurus: 20_008, totalKurus: 122_500 });
  });

  it('rounds the VAT inside a VAT-inclusive price half away from zero', () => {
    // 1 kuruş incl. 20 %: net 0.83… → 1, VAT inside 0. 10 kuruş: net 8.33… → 8, VAT inside 2.
    const settings = { ...specSettings, shippingFeeKurus: 0, pricesIncludeVat: true };
    expect(priceCart([line('a', 's1', 1)], settings, 2).vatKurus).toBe(0);
    expect(priceCart([line('a', 's1', 10)], settings, 2).vatKurus).toBe(2);
  });

  it('computes each order’s VAT on its own lines: no cart VAT shared out (the old 1-kuruş-off case)', () => {
    // Two sellers of 22 kuruş: each order's VAT is 4,4 → 4. Shared out of a cart VAT of 8,8 → 9,
    // one order would have carried 5, which no invoice of its own lines can show.
    const settings = { ...specSettings, shippingFeeKurus: 0 };
    const price = priceCart([line('a', 's1', 22), line('b', 's2', 22)], settings, 2);
    expect(price.groups.map((g) => g.vatKurus)).toEqual([4, 4]);
    expect(price.vatKurus).toBe(8);
    expect(price.groups.map((g) => g.chargedKurus)).toEqual([26, 26]);
    expect(price.chargedKurus).toBe(52);
  });

  it('puts shipping in the VAT base', () => {
    const price = priceCart([line('a', 's1', 100 * TL)], specSettings, 2);
    // 20 % of (10 000 + 2 500), not of the goods alone (2 000).
    expect(price.vatKurus).toBe(2_500);
    expect(price.chargedKurus).toBe(15_000);
  });

  it('lets the Peşin discount lower the VAT base', () => {
    const price = priceCart([line('a', 's1', 100 * TL)], specSettings, 1);
    // D = 2 % of 12 500 = 250; base 12 250; VAT 2 450; charged 12 250 + 2 450.
    expect(price).toMatchObject({ discountKurus: 250, vatKurus: 2_450, totalKurus: 14_950, chargedKurus: 14_700 });
  });

  it('takes the Peşin discount per order on its goods + shipping; the cart discount is their sum', () => {
    // s1: 2 % of 125 = 2,5 → 3; s2: 2 % of 225 = 4,5 → 5.
    const settings = { ...specSettings, shippingFeeKurus: 25 };
    const price = priceCart([line('a', 's1', 100), line('b', 's2', 200)], settings, 1);
    expect(price.groups.map((g) => g.discountKurus)).toEqual([3, 5]);
    expect(price.discountKurus).toBe(8);
    // Bases 122 and 220: VAT 24,4 → 24 and 44.
    expect(price.groups.map((g) => g.vatKurus)).toEqual([24, 44]);
    expect(price.groups.map((g) => g.chargedKurus)).toEqual([146, 264]);
    expect(price.chargedKurus).toBe(410);
  });

  it('prices each line at its own rate and reports the VAT per rate', () => {
    const settings = { ...specSettings, shippingFeeKurus: 40 * TL };
    const lines = [
      line('a', 's1', 100 * TL, 1, 2000),
      line('b', 's1', 300 * TL, 1, 1000),
      line('c', 's2', 50 * TL, 2, 100),
    ];
    const price = priceCart(lines, settings, 2);
    // s1: shipping 4 000 shared 1 000 / 3 000: bases 11 000 at 20 %, 33 000 at 10 %.
    expect(price.groups[0]!.lines.map((l) => [l.vatRateBp, l.vatBaseKurus, l.vatKurus])).toEqual([
      [2000, 11_000, 2_200],
      [1000, 33_000, 3_300],
    ]);
    expect(price.groups[0]!.vatByRate).toEqual([
      { vatRateBp: 2000, baseKurus: 11_000, vatKurus: 2_200 },
      { vatRateBp: 1000, baseKurus: 33_000, vatKurus: 3_300 },
    ]);
    // s2: 10 000 + 4 000 at 1 %.
    expect(price.groups[1]!.vatKurus).toBe(140);
    expect(price.vatByRate).toEqual([
      { vatRateBp: 2000, baseKurus: 11_000, vatKurus: 2_200 },
      { vatRateBp: 1000, baseKurus: 33_000, vatKurus: 3_300 },
      { vatRateBp: 100, baseKurus: 14_000, vatKurus: 140 },
    ]);
    expect(price.vatKurus).toBe(5_640);
  });

  it('groups lines by seller in order of first appearance, keeping the input order inside a group', () => {
    const lines = [line('a', 's2', 100), line('b', 's1', 200), line('c', 's2', 300, 2), line('d', 's1', 400)];
    const price = priceCart(lines, specSettings, 1);
    expect(price.groups.map((g) => g.sellerId)).toEqual(['s2', 's1']);
    expect(price.groups.map((g) => g.lines.map((l) => l.key))).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
    expect(price.groups.map((g) => g.subtotalKurus)).toEqual([700, 600]);
    // s2: shipping 2 500 over [100, 600] → 357 / 2 143; D = 2 % of 3 200 = 64 → 9 / 55.
    expect(price.groups[0]!.lines[1]).toEqual({
      key: 'c',
      sellerId: 's2',
      unitPriceKurus: 300,
      quantity: 2,
      lineTotalKurus: 600,
      vatRateBp: 2000,
      shippingShareKurus: 2_143,
      discountShareKurus: 55,
      vatBaseKurus: 2_688,
      vatKurus: 538,
    });
  });

  it('prices an empty cart to zeros with no groups', () => {
    const price = priceCart([], specSettings, 3);
    expect(price).toEqual({
      groups: [],
      subtotalKurus: 0,
      shippingKurus: 0,
      vatKurus: 0,
      vatByRate: [],
      isVatIncluded: false,
      totalKurus: 0,
      installments: 3,
      discountKurus: 0,
      chargedKurus: 0,
      installmentAmounts: [0, 0, 0],
    });
  });

  it('calls shipping free when the fee is 0, without a free-shipping hint', () => {
    const settings = { ...specSettings, shippingFeeKurus: 0, freeShippingFromKurus: 1000 * TL };
    const group = priceCart([line('a', 's1', 100)], settings, 1).groups[0]!;
    expect(group).toMatchObject({ shippingKurus: 0, isFreeShipping: true, untilFreeShippingKurus: null });
  });

  it('uses 2 % as the cash discount', () => {
    expect(CASH_DISCOUNT_BP).toBe(200);
  });
});

describe('priceCart refuses nonsense', () => {
  it.each([
    ['a negative price', [line('a', 's1', -1)]],
    ['a fractional price', [line('a', 's1', 10.5)]],
    ['a NaN price', [line('a', 's1', Number.NaN)]],
    ['a negative price beside a larger line of the same seller', [line('a', 's1', -1), line('b', 's1', 100)]],
    ['quantity 0', [line('a', 's1', 100, 0)]],
    ['a negative quantity', [line('a', 's1', 100, -2)]],
    ['a fractional quantity', [line('a', 's1', 100, 1.5)]],
    ['a line total beyond the safe range', [line('a', 's1', Number.MAX_SAFE_INTEGER, 2)]],
    ['a subtotal beyond the safe range', [line('a', 's1', Number.MAX_SAFE_INTEGER), line('b', 's1', 1)]],
  ])('throws a RangeError for %s', (_, lines) => {
    expect(() => priceCart(lines, specSettings, 1)).toThrow(RangeError);
  });

  it.each([4, 0, 24, 1.5, Number.NaN])('throws a RangeError for %s instalments', (installments) => {
    expect(() => priceCart([line('a', 's1', 100)], specSettings, installments as Installments)).toThrow(RangeError);
  });

  it.each<[string, Partial<PricingSettings>]>([
    ['a negative VAT rate', { vatRateBp: -1 }],
    ['a fractional VAT rate', { vatRateBp: 18.5 }],
    ['a negative shipping fee', { shippingFeeKurus: -2500 }],
    ['a fractional free-shipping threshold', { freeShippingFromKurus: 0.5 }],
  ])('throws a RangeError for %s', (_, patch) => {
    expect(() => priceCart([line('a', 's1', 100)], { ...specSettings, ...patch }, 1)).toThrow(RangeError);
  });

  it.each([
    ['above 100 %', 10_001],
    ['negative', -1],
    ['fractional', 1000.5],
  ])('throws a RangeError for a line VAT rate %s', (_, rate) => {
    expect(() => priceCart([line('a', 's1', 100, 1, rate)], specSettings, 1)).toThrow(RangeError);
  });
});

describe('quoteInstallmentPlans', () => {
  it('quotes every option of the spec example with its charged total and first monthly amount', () => {
    expect(quoteInstallmentPlans([line('a', 's1', 1000 * TL)], specSettings)).toEqual([
      { installments: 1, chargedKurus: 120_540, monthlyKurus: 120_540, discountKurus: 2_050 },
      { installments: 2, chargedKurus: 123_000, monthlyKurus: 61_500, discountKurus: 0 },
      { installments: 3, chargedKurus: 123_000, monthlyKurus: 41_000, discountKurus: 0 },
      { installments: 6, chargedKurus: 123_000, monthlyKurus: 20_500, discountKurus: 0 },
      { installments: 12, chargedKurus: 123_000, monthlyKurus: 10_250, discountKurus: 0 },
    ]);
  });

  it('quotes zeros for an empty cart', () => {
    expect(quoteInstallmentPlans([], specSettings).map((q) => [q.chargedKurus, q.monthlyKurus])).toEqual(
      installmentOptions.map(() => [0, 0]),
    );
  });
});

describe('allocateByLargestRemainder', () => {
  it.each<[Kurus, number[], Kurus[]]>([
    [10, [1, 1, 1], [4, 3, 3]],
    [2, [1, 1, 1], [1, 1, 0]],
    [100, [0, 1], [0, 100]],
    [9, [25, 25], [5, 4]],
    [8, [143, 261], [3, 5]],
    [7, [1, 2, 4], [1, 2, 4]],
    [1, [1, 1, 2], [0, 0, 1]],
    [-10, [1, 1, 1], [-4, -3, -3]],
    [0, [0, 0], [0, 0]],
    [0, [], []],
  ])('shares %s over %j as %j', (total, weights, expected) => {
    expect(allocateByLargestRemainder(total, weights)).toEqual(expected);
  });

  it('stays exact when total × weight is beyond 2^53', () => {
    const total = Number.MAX_SAFE_INTEGER;
    const parts = allocateByLargestRemainder(total, [Number.MAX_SAFE_INTEGER, 1, 2]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(parts).toEqual([total - 3, 1, 2]);
  });

  it.each<[string, Kurus, number[]]>([
    ['a non-zero total over no weights', 5, []],
    ['a non-zero total over zero weights', 5, [0, 0]],
    ['a negative weight', 5, [1, -1]],
    ['a fractional weight', 5, [1, 0.5]],
    ['a fractional total', 5.5, [1, 1]],
  ])('throws a RangeError for %s', (_, total, weights) => {
    expect(() => allocateByLargestRemainder(total, weights)).toThrow(RangeError);
  });
});

describe('splitInstallments', () => {
  it.each<[Kurus, number, Kurus[]]>([
    [100, 3, [33, 33, 34]],
    [2, 3, [0, 0, 2]],
    [120_500, 12, [10_041, 10_041, 10_041, 10_041, 10_041, 10_041, 10_041, 10_041, 10_041, 10_041, 10_041, 10_049]],
    // The reported totals: ₺14.633,01 in 2 and 6, ₺1.232,98 in 3.
    [1_463_301, 2, [731_650, 731_651]],
    [1_463_301, 6, [243_883, 243_883, 243_883, 243_883, 243_883, 243_886]],
    [123_298, 3, [41_099, 41_099, 41_100]],
    [99, 1, [99]],
    [0, 2, [0, 0]],
  ])('splits %s into %s months as %j', (total, n, expected) => {
    expect(splitInstallments(total, n)).toEqual(expected);
  });

  it.each<[Kurus, number]>([
    [100, 0],
    [100, 1.5],
    [-1, 2],
    [0.5, 2],
  ])('throws a RangeError for %s over %s months', (total, n) => {
    expect(() => splitInstallments(total, n)).toThrow(RangeError);
  });

  /** The bank's split: n − 1 equal months of total / n rounded down, the last absorbing the rest. */
  function expectBankSplit(total: Kurus, n: number) {
    const parts = splitInstallments(total, n);
    const base = Math.floor(total / n);
    const remainder = total - base * n;
    expect(parts).toHaveLength(n);
    expect(sum(parts)).toBe(total);
    for (const part of parts) {
      expect(Number.isSafeInteger(part) && part >= 0).toBe(true);
      expect(Math.abs(part - parts[0]!)).toBeLessThanOrEqual(remainder);
    }
    expect(parts.slice(0, -1).every((part) => part === base)).toBe(true);
    expect(parts.at(-1)).toBe(base + remainder);
  }

  it('sums exactly for every total from 0 to 20 000 kuruş and every instalment option', () => {
    for (let total = 0; total <= 20_000; total++) {
      for (const n of installmentOptions) {
        const parts = splitInstallments(total, n);
        // The cheap checks first: 100 000 cases through expect() one by one would be slow.
        if (parts.length !== n || sum(parts) !== total || parts.some((part) => part < 0)) {
          expect({ total, n, parts }).toBe('a split that sums to its total');
        }
        const spread = Math.max(...parts) - Math.min(...parts);
        if (spread > total % n || parts.at(-1)! < parts[0]!) {
          expect({ total, n, parts }).toBe('equal months, the last one absorbing the remainder');
        }
      }
    }
  });

  it('sums exactly for random large totals, up to the largest safe integer', () => {
    const random = createRandom(1_463_301);
    const totals = [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1, 1_463_301, 123_298];
    for (let round = 0; round < 1_000; round++) totals.push(random.int(20_001, 100_000_000_000));
    for (const total of totals) {
      for (const n of installmentOptions) expectBankSplit(total, n);
    }
  });
});

/** Prices spread over orders of magnitude, with the edges (0, 1 kuruş) and round prices mixed in. */
function randomPrice(random: Random): Kurus {
  switch (random.int(0, 4)) {
    case 0:
      return random.pick([0, 1, 2, 3, 25, 50, 99, 100]);
    case 1:
      return random.int(1, 999);
    case 2:
      return random.int(1, 5_000) * TL;
    default:
      return random.int(1_000, 10_000_000);
  }
}

function randomSettings(random: Random): PricingSettings {
  return {
    vatRateBp: random.pick([0, 100, 800, 1800, 2000, random.int(0, 5_000)]),
    shippingFeeKurus: random.pick([0, 2_500, random.int(1, 10_000)]),
    freeShippingFromKurus: random.pick([0, 100_000, random.int(1, 500_000)]),
    pricesIncludeVat: random.int(0, 1) === 1,
  };
}

function randomCart(random: Random): PricingLineInput[] {
  const sellers = ['s1', 's2', 's3', 's4', 's5'].slice(0, random.int(1, 5));
  return Array.from({ length: random.int(0, 9) }, (_, index) => ({
    key: `line-${index}`,
    sellerId: random.pick(sellers),
    unitPriceKurus: randomPrice(random),
    quantity: random.pick([1, 1, 2, random.int(1, 50), random.int(1, 1_000)]),
    // Most lines carry their category's rate; some leave it to the general rate.
    ...(random.int(0, 3) === 0 ? {} : { vatRateBp: random.pick([2000, 2000, 1000, 100, 0, random.int(0, 5_000)]) }),
  }));
}

interface RandomCase {
  seed: number;
  lines: PricingLineInput[];
  settings: PricingSettings;
  installments: Installments;
  price: CartPrice;
}

const CASES = 3_000;
const randomCases: RandomCase[] = Array.from({ length: CASES }, (_, seed) => {
  const random = createRandom(seed + 1);
  const lines = randomCart(random);
  const settings = randomSettings(random);
  const installments = random.pick(installmentOptions);
  try {
    return { seed, lines, settings, installments, price: priceCart(lines, settings, installments) };
  } catch (error) {
    throw new Error(`random cart seed ${seed} does not price: ${(error as Error).message}`, { cause: error });
  }
});

function sum(amounts: readonly Kurus[]): Kurus {
  return amounts.reduce((a, b) => a + b, 0);
}

/** Runs a check on every random case, naming the seed of the first that fails. */
function forEveryCase(check: (c: RandomCase) => void): void {
  for (const randomCase of randomCases) {
    try {
      check(randomCase);
    } catch (error) {
      throw new Error(`random cart seed ${randomCase.seed}: ${(error as Error).message}`, { cause: error });
    }
  }
}

/** |part − total × weight / weightSum| < 1, in integers: |part × weightSum − total × weight| < weightSum. */
function expectWithinOneOfShare(part: Kurus, total: Kurus, weight: Kurus, weightSum: Kurus): void {
  const gap = BigInt(part) * BigInt(weightSum) - BigInt(total) * BigInt(weight);
  expect((gap < 0n ? -gap : gap) < BigInt(weightSum)).toBe(true);
}

describe(`priceCart properties over ${CASES} random carts`, () => {
  it('the random carts cover the interesting kinds (several sellers, free shipping, VAT modes, cash and instalments)', () => {
    const has = (predicate: (c: RandomCase) => boolean) => randomCases.some(predicate);
    expect(has((c) => c.price.groups.length >= 3)).toBe(true);
    expect(has((c) => c.price.groups.length === 0)).toBe(true);
    expect(has((c) => c.price.groups.some((g) => g.isFreeShipping && c.settings.shippingFeeKurus > 0))).toBe(true);
    expect(has((c) => c.price.groups.some((g) => g.untilFreeShippingKurus !== null))).toBe(true);
    expect(has((c) => c.price.isVatIncluded && c.price.vatKurus > 0)).toBe(true);
    expect(has((c) => c.installments === 1 && c.price.groups.length >= 2 && c.price.discountKurus > 0)).toBe(true);
    expect(has((c) => c.installments === 12 && c.price.chargedKurus % 12 !== 0)).toBe(true);
  });

  it('every amount is a safe non-negative integer', () => {
    forEveryCase(({ price }) => {
      const amounts = [
        price.subtotalKurus,
        price.shippingKurus,
        price.vatKurus,
        price.totalKurus,
        price.discountKurus,
        price.chargedKurus,
        ...price.installmentAmounts,
        ...price.groups.flatMap((g) => [
          g.subtotalKurus,
          g.shippingKurus,
          g.vatKurus,
          g.totalKurus,
          g.discountKurus,
          g.chargedKurus,
          ...(g.untilFreeShippingKurus === null ? [] : [g.untilFreeShippingKurus]),
          ...g.lines.map((l) => l.lineTotalKurus),
        ]),
      ];
      for (const amount of amounts) {
        expect(Number.isSafeInteger(amount) && amount >= 0, `amount ${amount}`).toBe(true);
      }
    });
  });

  it('lines are unit × quantity, every line lands in its seller group once, groups in order of first appearance', () => {
    forEveryCase(({ lines, price }) => {
      expect(price.groups.map((g) => g.sellerId)).toEqual([...new Set(lines.map((l) => l.sellerId))]);
      for (const group of price.groups) {
        const expected = lines.filter((l) => l.sellerId === group.sellerId);
        expect(group.lines.map((l) => l.key)).toEqual(expected.map((l) => l.key));
        for (const priced of group.lines) expect(priced.lineTotalKurus).toBe(priced.unitPriceKurus * priced.quantity);
        expect(group.subtotalKurus).toBe(sum(group.lines.map((l) => l.lineTotalKurus)));
      }
      expect(price.subtotalKurus).toBe(sum(lines.map((l) => l.unitPriceKurus * l.quantity)));
    });
  });

  it('shipping is the fee per group, 0 from the free-shipping threshold, and the hint says what is missing', () => {
    forEveryCase(({ settings, price }) => {
      for (const group of price.groups) {
        const reaches = settings.freeShippingFromKurus > 0 && group.subtotalKurus >= settings.freeShippingFromKurus;
        expect(group.shippingKurus).toBe(reaches ? 0 : settings.shippingFeeKurus);
        expect(group.isFreeShipping).toBe(group.shippingKurus === 0);
        if (group.untilFreeShippingKurus === null) {
          expect(settings.freeShippingFromKurus === 0 || group.isFreeShipping).toBe(true);
        } else {
          expect(group.untilFreeShippingKurus).toBeGreaterThan(0);
          expect(group.subtotalKurus + group.untilFreeShippingKurus).toBe(settings.freeShippingFromKurus);
        }
      }
      expect(price.shippingKurus).toBe(sum(price.groups.map((g) => g.shippingKurus)));
    });
  });

  it('shipping and the discount are shared over each group’s lines by line total, adding up exactly', () => {
    forEveryCase(({ price }) => {
      for (const g of price.groups) {
        expect(sum(g.lines.map((l) => l.shippingShareKurus))).toBe(g.shippingKurus);
        expect(sum(g.lines.map((l) => l.discountShareKurus))).toBe(g.discountKurus);
        if (g.subtotalKurus === 0) continue;
        for (const l of g.lines) {
          expectWithinOneOfShare(l.shippingShareKurus, g.shippingKurus, l.lineTotalKurus, g.subtotalKurus);
          expectWithinOneOfShare(l.discountShareKurus, g.discountKurus, l.lineTotalKurus, g.subtotalKurus);
        }
      }
    });
  });

  it('each line’s VAT is its rate on line + shipping share − discount share, rounded once, half away from zero', () => {
    forEveryCase(({ settings, lines, price }) => {
      const rateOf = new Map(lines.map((l) => [l.key, l.vatRateBp ?? settings.vatRateBp]));
      for (const l of price.groups.flatMap((g) => g.lines)) {
        expect(l.vatRateBp).toBe(rateOf.get(l.key));
        expect(l.vatBaseKurus).toBe(l.lineTotalKurus + l.shippingShareKurus - l.discountShareKurus);
        const base = BigInt(l.vatBaseKurus);
        const rate = BigInt(l.vatRateBp);
        if (settings.pricesIncludeVat) {
          // The net inside the gross base is base / (1 + rate), rounded to the nearest kuruş.
          const net = base - BigInt(l.vatKurus);
          const gap = net * (10_000n + rate) - base * 10_000n;
          expect(2n * (gap < 0n ? -gap : gap) <= 10_000n + rate).toBe(true);
        } else {
          const gap = BigInt(l.vatKurus) * 10_000n - base * rate;
          expect(2n * (gap < 0n ? -gap : gap) <= 10_000n).toBe(true);
        }
      }
    });
  });

  it('an order’s VAT is the sum of its own lines’ VAT, the cart’s the sum of its orders’, per rate as well', () => {
    forEveryCase(({ price }) => {
      for (const g of price.groups) {
        expect(g.vatKurus).toBe(sum(g.lines.map((l) => l.vatKurus)));
        expect(sum(g.vatByRate.map((r) => r.vatKurus))).toBe(g.vatKurus);
        for (const r of g.vatByRate) {
          const atRate = g.lines.filter((l) => l.vatRateBp === r.vatRateBp);
          expect(r.vatKurus).toBe(sum(atRate.map((l) => l.vatKurus)));
          expect(r.baseKurus).toBe(sum(atRate.map((l) => l.vatBaseKurus)));
        }
      }
      expect(price.vatKurus).toBe(sum(price.groups.map((g) => g.vatKurus)));
      expect(sum(price.vatByRate.map((r) => r.vatKurus))).toBe(price.vatKurus);
      expect(new Set(price.vatByRate.map((r) => r.vatRateBp)).size).toBe(price.vatByRate.length);
    });
  });

  it('totals are goods + shipping + VAT, the VAT left out when prices include it', () => {
    forEveryCase(({ price }) => {
      const added = (vat: Kurus) => (price.isVatIncluded ? 0 : vat);
      expect(price.totalKurus).toBe(price.subtotalKurus + price.shippingKurus + added(price.vatKurus));
      for (const g of price.groups) expect(g.totalKurus).toBe(g.subtotalKurus + g.shippingKurus + added(g.vatKurus));
      expect(sum(price.groups.map((g) => g.totalKurus))).toBe(price.totalKurus);
    });
  });

  it('the Peşin discount is 2 % of each order’s goods + shipping rounded once, only for a single payment', () => {
    forEveryCase(({ installments, price }) => {
      expect(price.discountKurus).toBe(sum(price.groups.map((g) => g.discountKurus)));
      for (const g of price.groups) {
        if (installments !== 1) {
          expect(g.discountKurus).toBe(0);
          continue;
        }
        expect(g.discountKurus).toBe(applyBasisPoints(g.subtotalKurus + g.shippingKurus, CASH_DISCOUNT_BP));
      }
    });
  });

  it('the groups’ charged amounts add up to what the card is charged', () => {
    forEveryCase(({ price }) => {
      for (const g of price.groups) expect(g.chargedKurus).toBe(g.totalKurus - g.discountKurus);
      expect(price.chargedKurus).toBe(price.totalKurus - price.discountKurus);
      expect(sum(price.groups.map((g) => g.chargedKurus))).toBe(price.chargedKurus);
    });
  });

  it('the instalments add up to the charged amount: equal months, the last one absorbing the remainder', () => {
    forEveryCase(({ installments, price }) => {
      const amounts = price.installmentAmounts;
      expect(amounts).toHaveLength(installments);
      expect(sum(amounts)).toBe(price.chargedKurus);
      expect(amounts).toEqual(splitInstallments(price.chargedKurus, installments));
      expect(new Set(amounts.slice(0, -1)).size).toBeLessThanOrEqual(1);
      expect(amounts.at(-1)! - amounts[0]!).toBe(price.chargedKurus % installments);
    });
  });

  it('the instalment quotes agree with priceCart for every option', () => {
    forEveryCase(({ lines, settings, seed }) => {
      if (seed % 10 !== 0) return; // five pricings per cart: a sample is enough
      for (const quote of quoteInstallmentPlans(lines, settings)) {
        const price = priceCart(lines, settings, quote.installments);
        expect(quote).toEqual({
          installments: quote.installments,
          chargedKurus: price.chargedKurus,
          monthlyKurus: price.installmentAmounts[0],
          discountKurus: price.discountKurus,
        });
      }
    });
  });
});

describe('allocateByLargestRemainder properties over random weights', () => {
  it('sums exactly, keeps every part within 1 of its exact share, and gives 0 to a weight of 0', () => {
    const random = createRandom(20_260_101);
    for (let round = 0; round < 5_000; round++) {
      const weights = Array.from({ length: random.int(1, 8) }, () =>
        random.pick([0, 1, random.int(1, 100), random.int(1, 10_000_000)]),
      );
      const weightSum = sum(weights);
      const total = weightSum === 0 ? 0 : random.pick([0, 1, random.int(0, 100), random.int(0, 100_000_000)]);
      const parts = allocateByLargestRemainder(total, weights);
      const context = `total ${total}, weights ${weights.join(',')}: ${parts.join(',')}`;
      expect(parts, context).toHaveLength(weights.length);
      expect(sum(parts), context).toBe(total);
      weights.forEach((weight, index) => {
        const part = parts[index]!;
        expect(Number.isSafeInteger(part) && part >= 0, context).toBe(true);
        if (weight === 0) expect(part, context).toBe(0);
        else expectWithinOneOfShare(part, total, weight, weightSum);
      });
    }
  });
});

describe('applyBasisPoints as pricing uses it', () => {
  it('rounds 2 % of 1205 TL to 24,10 TL', () => {
    expect(applyBasisPoints(120_500, CASH_DISCOUNT_BP)).toBe(2_410);
  });
});
