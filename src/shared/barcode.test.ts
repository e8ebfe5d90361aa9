import { describe, expect, it } from 'vitest';
import { completeEan13, gtinCheckDigit, isValidGtin } from './barcode.ts';

describe('GTIN check digit', () => {
  it('accepts real EAN-13 codes and refuses a changed check digit', () => {
    // The worked example of the EAN-13 standard: data 400638133393, check digit 1.
    expect(gtinCheckDigit('400638133393')).toBe(1);
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('4006381333938')).toBe(false);
  });

  it('accepts GTIN-8, UPC-A (12) and GTIN-14 by the same rule', () => {
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('036000291452')).toBe(true);
    expect(isValidGtin('10036000291459')).toBe(true);
    expect(isValidGtin('96385075')).toBe(false);
  });

  it('refuses letters, spaces and other lengths', () => {
    for (const value of [
      '',
      '4006381333',
      '400638133393100',
      '4006381 33393',
      '400638133393a',
      '１２３４５６７８９０１２３',
    ]) {
      expect(isValidGtin(value)).toBe(false);
    }
  });

  it('completes 12 data digits into a valid EAN-13', () => {
    const code = completeEan13('869123456789');
    expect(code).toHaveLength(13);
    expect(isValidGtin(code)).toBe(true);
  });
});
