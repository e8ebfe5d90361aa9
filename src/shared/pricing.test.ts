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

const TL = 100;

/** Spec §9: 18 % VAT added, 25 TL per seller, free shipping off. */
const specSettings: PricingSettings = {
  vatRateBp: 1800,
  shippingFeeKurus: 25 * TL,
  freeShippingFromKurus: 0,
  pricesIncludeVat: false,
};

function line(key: string, sellerId: string, unitPriceKurus: Kurus, quantity = 1): PricingLineInput {
  return { key, sellerId, unitPriceKurus, quantity };
}

describe('priceCart worked examples', () => {
  it('prices the spec example: 1000 TL of goods from one seller is 1205 TL, 1180,90 TL paid at once', () => {
    const lines = [line('a', 's1', 200 * TL, 4), line('b', 's1', 200 * TL)];
    const cash = priceCart(lines, specSettings, 1);
    expect(cash).toMatchObject({
      subtotalKurus: 100_000,
      shippingKurus: 2_500,
      vatKurus: 18_000,
      isVatIncluded: false,
      totalKurus: 120_500,
      installments: 1,
      discountKurus: 2_410,
      chargedKurus: 118_090,
      installmentAmounts: [118_090],
    });
    expect(cash.groups).toHaveLength(1);
    expect(cash.groups[0]).toMatchObject({
      sellerId: 's1',
      subtotalKurus: 100_000,
      shippingKurus: 2_500,
      isFreeShipping: false,
      untilFreeShippingKurus: null,
      vatKurus: 18_000,
      totalKurus: 120_500,
      discountKurus: 2_410,
      chargedKurus: 118_090,
    });
    expect(cash.groups[0]!.lines.map((l) => l.lineTotalKurus)).toEqual([80_000, 20_000]);
  });

  it('gives no cash discount with instalments and splits 1205 TL into 3 months, the last carrying the extra kuruş', () => {
    const price = priceCart([line('a', 's1', 1000 * TL)], specSettings, 3);
    expect(price.discountKurus).toBe(0);
    expect(price.chargedKurus).toBe(120_500);
    expect(price.installmentAmounts).toEqual([40_166, 40_166, 40_168]);
    expect(price.groups[0]!.discountKurus).toBe(0);
    expect(price.groups[0]!.chargedKurus).toBe(120_500);
  });

  it('ships free from 1000 TL per seller: exactly 1000 TL is free, 1 kuruş less pays and is told what is missing', () => {
    const settings = { ...specSettings, freeShippingFromKurus: 1000 * TL };
    const price = priceCart([line('a', 'rich', 1000 * TL), line('b', 'poor', 99_999)], settings, 2);
    const [rich, poor] = price.groups;
    expect(rich).toMatchObject({ shippingKurus: 0, isFreeShipping: true, untilFreeShippingKurus: null });
    expect(poor).toMatchObject({ shippingKurus: 2_500, isFreeShipping: false, untilFreeShippingKurus: 1 });
    expect(price.shippingKurus).toBe(2_500);
    // VAT once on 199 999: 35 999.82 → 36 000; shares 18 000 and 17 999.82 → 18 000.
    expect(price.vatKurus).toBe(36_000);
    expect(price.groups.map((g) => g.vatKurus)).toEqual([18_000, 18_000]);
    expect(price.totalKurus).toBe(199_999 + 2_500 + 36_000);
    expect(price.installmentAmounts).toEqual([119_249, 119_250]);
  });

  it('charges every seller the fee when free shipping is off, however large the order', () => {
    const price = priceCart([line('a', 's1', 50_000 * TL), line('b', 's2', 1)], specSettings, 2);
    expect(price.groups.map((g) => g.shippingKurus)).toEqual([2_500, 2_500]);
    expect(price.groups.map((g) => g.untilFreeShippingKurus)).toEqual([null, null]);
  });

  it('with VAT-inclusive prices shows the VAT inside the subtotal and does not add it', () => {
    const settings = { ...specSettings, pricesIncludeVat: true };
    const price = priceCart([line('a', 's1', 1180 * TL)], settings, 1);
    expect(price).toMatchObject({
      subtotalKurus: 118_000,
      vatKurus: 18_000, // 118 000 − 118 000 / 1.18
      isVatIncluded: true,
      totalKurus: 120_500, // goods + shipping, no VAT on top
      discountKurus: 2_410,
      chargedKurus: 118_090,
    });
    expect(price.groups[0]).toMatchObject({ vatKurus: 18_000, totalKurus: 120_500 });
  });

  it('rounds the VAT inside a VAT-inclusive price half away from zero', () => {
    // 1 kuruş incl. 18 %: net 0.847… → 1, VAT inside 0. 10 kuruş: net 8.47… → 8, VAT inside 2.
    const settings = { ...specSettings, shippingFeeKurus: 0, pricesIncludeVat: true };
    expect(priceCart([line('a', 's1', 1)], settings, 2).vatKurus).toBe(0);
    expect(priceCart([line('a', 's1', 10)], settings, 2).vatKurus).toBe(2);
  });

  it('computes VAT once on the cart, not per seller, and shares it out by largest remainder', () => {
    // Two sellers of 25 kuruş: per seller 4.5 → 5 each would make 10; once on 50 it is 9.
    const settings = { ...specSettings, shippingFeeKurus: 0 };
    const price = priceCart([line('a', 's1', 25), line('b', 's2', 25)], settings, 2);
    expect(price.vatKurus).toBe(9);
    expect(price.groups.map((g) => g.vatKurus)).toEqual([5, 4]); // the tie goes to the earlier seller
    expect(price.groups.map((g) => g.chargedKurus)).toEqual([30, 29]);
    expect(price.chargedKurus).toBe(59);
  });

  it('shares the cash discount by group total so the orders add up to the card charge', () => {
    // Shipping 25 kuruş. Totals 100+25+18 = 143 and 200+25+36 = 261, 404 together; 2 % is 8.08 → 8.
    // Exact shares 2.83… and 5.16…: floors 2 and 5, the extra kuruş to the larger remainder (.83).
    const settings = { ...specSettings, shippingFeeKurus: 25 };
    const price = priceCart([line('a', 's1', 100), line('b', 's2', 200)], settings, 1);
    expect(price.groups.map((g) => g.totalKurus)).toEqual([143, 261]);
    expect(price.discountKurus).toBe(8);
    expect(price.groups.map((g) => g.discountKurus)).toEqual([3, 5]);
    expect(price.groups.map((g) => g.chargedKurus)).toEqual([140, 256]);
    expect(price.chargedKurus).toBe(396);
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
    expect(price.groups[0]!.lines[1]).toEqual({
      key: 'c',
      sellerId: 's2',
      unitPriceKurus: 300,
      quantity: 2,
      lineTotalKurus: 600,
    });
  });

  it('prices an empty cart to zeros with no groups', () => {
    const price = priceCart([], specSettings, 3);
    expect(price).toEqual({
      groups: [],
      subtotalKurus: 0,
      shippingKurus: 0,
      vatKurus: 0,
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
});

describe('quoteInstallmentPlans', () => {
  it('quotes every option of the spec example with its charged total and first monthly amount', () => {
    expect(quoteInstallmentPlans([line('a', 's1', 1000 * TL)], specSettings)).toEqual([
      { installments: 1, chargedKurus: 118_090, monthlyKurus: 118_090, discountKurus: 2_410 },
      { installments: 2, chargedKurus: 120_500, monthlyKurus: 60_250, discountKurus: 0 },
      { installments: 3, chargedKurus: 120_500, monthlyKurus: 40_166, discountKurus: 0 },
      { installments: 6, chargedKurus: 120_500, monthlyKurus: 20_083, discountKurus: 0 },
      { installments: 12, chargedKurus: 120_500, monthlyKurus: 10_041, discountKurus: 0 },
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

/** mulberry32: a tiny seeded PRNG, so a failing random case can be replayed from its seed. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { int, pick };
}

type Random = ReturnType<typeof createRandom>;

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

  it('the cart VAT is the subtotal’s VAT rounded once, half away from zero', () => {
    forEveryCase(({ settings, price }) => {
      const subtotal = BigInt(price.subtotalKurus);
      const rate = BigInt(settings.vatRateBp);
      expect(price.isVatIncluded).toBe(settings.pricesIncludeVat);
      if (settings.pricesIncludeVat) {
        // The net inside the price is subtotal / (1 + rate), rounded to the nearest kuruş.
        const net = subtotal - BigInt(price.vatKurus);
        const gap = net * (10_000n + rate) - subtotal * 10_000n;
        expect(2n * (gap < 0n ? -gap : gap) <= 10_000n + rate).toBe(true);
      } else {
        const gap = BigInt(price.vatKurus) * 10_000n - subtotal * rate;
        expect(2n * (gap < 0n ? -gap : gap) <= 10_000n).toBe(true);
      }
    });
  });

  it('the groups’ VAT shares add up to the cart VAT, each within 1 kuruş of its exact share', () => {
    forEveryCase(({ price }) => {
      expect(sum(price.groups.map((g) => g.vatKurus))).toBe(price.vatKurus);
      for (const group of price.groups) {
        if (price.subtotalKurus === 0) expect(group.vatKurus).toBe(0);
        else expectWithinOneOfShare(group.vatKurus, price.vatKurus, group.subtotalKurus, price.subtotalKurus);
      }
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

  it('the cash discount is 2 % of the total rounded once, only for a single payment', () => {
    forEveryCase(({ installments, price }) => {
      if (installments !== 1) {
        expect(price.discountKurus).toBe(0);
        return;
      }
      const gap = BigInt(price.discountKurus) * 10_000n - BigInt(price.totalKurus) * BigInt(CASH_DISCOUNT_BP);
      expect(2n * (gap < 0n ? -gap : gap) <= 10_000n).toBe(true);
    });
  });

  it('the groups’ discount shares add up to the discount, each within 1 kuruş of its exact share by group total', () => {
    forEveryCase(({ price }) => {
      expect(sum(price.groups.map((g) => g.discountKurus))).toBe(price.discountKurus);
      for (const group of price.groups) {
        if (price.totalKurus === 0) expect(group.discountKurus).toBe(0);
        else expectWithinOneOfShare(group.discountKurus, price.discountKurus, group.totalKurus, price.totalKurus);
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
