import { describe, expect, it } from 'vitest';
import {
  applyBasisPoints,
  assertKurus,
  discountedPrice,
  formatKurus,
  formatKurusForInput,
  formatRateBp,
  parseLira,
  parseWholeNumber,
  roundDiv,
} from './money.ts';

describe('roundDiv (half away from zero)', () => {
  it.each([
    [6n, 3n, 2n],
    [7n, 3n, 2n],
    [8n, 3n, 3n],
    [5n, 2n, 3n],
    [3n, 2n, 2n],
    [1n, 2n, 1n],
    [1n, 3n, 0n],
    [0n, 7n, 0n],
    [-5n, 2n, -3n],
    [5n, -2n, -3n],
    [-5n, -2n, 3n],
    [-7n, 3n, -2n],
    [-8n, 3n, -3n],
    [-1n, 2n, -1n],
    [-1n, 3n, 0n],
  ])('%s / %s = %s', (num, den, expected) => {
    expect(roundDiv(num, den)).toBe(expected);
  });
});

describe('applyBasisPoints', () => {
  it.each([
    // 18 % VAT of small amounts, where the rounding shows.
    [1, 1800, 0], // 0.18
    [2, 1800, 0], // 0.36
    [3, 1800, 1], // 0.54
    [25, 1800, 5], // 4.5 rounds up
    [-25, 1800, -5], // -4.5 rounds away from zero
    [-3, 1800, -1],
    [10_000, 1800, 1800],
    [123_456, 1800, 22_222], // 22222.08
    [1_999, 100, 20], // 19.99
    [5, 1000, 1], // 0.5
    [4, 1000, 0], // 0.4
    [100, 0, 0],
  ])('%s kuruş at %s bp is %s kuruş', (amount, bp, expected) => {
    expect(applyBasisPoints(amount, bp)).toBe(expected);
  });

  it('stays exact beyond 2^53 / 10 000', () => {
    expect(applyBasisPoints(9_007_199_254_740_991, 10_000)).toBe(9_007_199_254_740_991);
  });

  it('refuses an amount that is not whole kuruş', () => {
    expect(() => applyBasisPoints(1.5, 1800)).toThrow(RangeError);
    expect(() => assertKurus(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('parseLira', () => {
  it.each([
    // Turkish writing: comma decimals, dot or space thousands, ₺ / TL at either end.
    ['1350,75', 135_075],
    ['1.350,75', 135_075],
    ['₺ 1.350,75', 135_075],
    ['₺1.350,75', 135_075],
    ['1.350,75 ₺', 135_075],
    ['1 350,75', 135_075],
    ['1\u00a0350,75\u00a0₺', 135_075],
    ['1\u202f350,75', 135_075],
    ['1.350,75 TL', 135_075],
    ['TL 1.350,75', 135_075],
    ['1.234.567,89', 123_456_789],
    ['1 234 567', 123_456_700],
    ['12,5', 1250],
    ['12,50', 1250],
    ['0,01', 1],
    ['0,5', 50],
    ['12', 1200],
    ['0', 0],
    ['  1.234,56 ₺ ', 123_456],
    ['3.450,00 TL', 345_000],
    ['45 tl', 4500],
    ['45TL', 4500],
    ['-3,75', -375],
    // A single dot: three digits after it group thousands, one or two digits make it a decimal point.
    ['1.350', 135_000],
    ['12.345', 1_234_500],
    ['1350.75', 135_075],
    ['1350.7', 135_070],
    ['12.5', 1250],
    ['12.05', 1205],
    ['0.99', 99],
  ])('reads %j as %s kuruş', (input, expected) => {
    expect(parseLira(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    '₺',
    'TL',
    'abc',
    'on iki',
    '12,345',
    '1,350.75',
    '1,350',
    '13.50,75',
    '1.35,75',
    '1.3500',
    '1350.750',
    '0.500',
    '1.350.75',
    '1. 350',
    '1.350 000',
    '1,2,3',
    '12.5.',
    '12,',
    ',5',
    '.5',
    '1e3',
    '0x10',
    '--1',
    '+5',
    '12,5a',
    '12 TL 5',
    '₺₺5',
    '99999999999999999',
  ])('refuses %j', (input) => {
    expect(parseLira(input)).toBeNull();
  });
});

describe('formatKurusForInput', () => {
  it.each([
    [0, '0,00'],
    [5, '0,05'],
    [2500, '25,00'],
    [135_075, '1.350,75'],
    [123_456_789, '1.234.567,89'],
    [-375, '-3,75'],
  ])('writes %s kuruş as %j, which parseLira reads back', (kurus, text) => {
    expect(formatKurusForInput(kurus)).toBe(text);
    expect(parseLira(text)).toBe(kurus);
  });
});

describe('parseWholeNumber', () => {
  it.each([
    ['0', 0],
    ['12', 12],
    [' 12 ', 12],
    ['1.350', 1350],
    ['1 350', 1350],
    ['1.000.000', 1_000_000],
  ])('reads %j as %s', (input, expected) => {
    expect(parseWholeNumber(input)).toBe(expected);
  });

  it.each(['', 'abc', '1,5', '1.5', '1.50', '-1', '+1', '1e3', '12 adet', '1.35', '99999999999999999999'])(
    'refuses %j',
    (input) => {
      expect(parseWholeNumber(input)).toBeNull();
    },
  );
});

describe('discountedPrice', () => {
  it('takes the percent off and rounds half away from zero once', () => {
    expect(discountedPrice(100_000, 15)).toBe(85_000);
    // 1 234,55 TL × 0.93 = 1 148,1315 TL → 1 148,13 TL
    expect(discountedPrice(123_455, 7)).toBe(114_813);
    // 0,05 TL × 0.5 = 0,025 TL → 0,03 TL (half away from zero)
    expect(discountedPrice(5, 50)).toBe(3);
    expect(discountedPrice(4_999, null)).toBe(4_999);
  });
});

describe('formatKurus', () => {
  it('writes kuruş as Turkish lira, as the app, the mails and the card page show it', () => {
    expect(formatKurus(123_456)).toBe('₺1.234,56');
    expect(formatKurus(1234)).toBe('₺12,34');
    expect(formatKurus(100)).toBe('₺1,00');
    expect(formatKurus(0)).toBe('₺0,00');
    expect(formatKurus(1_000_000_000)).toBe('₺10.000.000,00');
  });

  it('puts the sign of a negative amount (a refund, a correction) before the lira sign', () => {
    expect(formatKurus(-123_450)).toBe('-₺1.234,50');
  });
});

describe('formatRateBp', () => {
  it('writes basis points as a Turkish percentage figure without needless decimals', () => {
    expect(formatRateBp(1800)).toBe('18');
    expect(formatRateBp(850)).toBe('8,5');
    expect(formatRateBp(1825)).toBe('18,25');
    expect(formatRateBp(0)).toBe('0');
  });

  it('rounds to the decimals asked for', () => {
    expect(formatRateBp(1250, 1)).toBe('12,5');
    expect(formatRateBp(1234, 1)).toBe('12,3');
    expect(formatRateBp(1234, 0)).toBe('12');
  });
});
