import { describe, expect, it } from 'vitest';
import { completeEan13 } from './barcode.ts';
import { formatGs1, parseGs1, parseGs1Date, toGtin14 } from './gs1.ts';
import { utsMessages } from './messages/uts.tr.ts';

const m = utsMessages.gs1;
const EAN = completeEan13('869000000001'); // a catalogue barcode
const GTIN = toGtin14(EAN);

describe('parseGs1', () => {
  it('reads a GS-separated string with the symbology prefix, lot first and serial last', () => {
    expect(parseGs1(`]d201${GTIN}17281231` + `10LOT-42\x1d21SN0001`)).toEqual({
      ok: true,
      data: { gtin: GTIN, expiry: '2028-12-31', lot: 'LOT-42', serial: 'SN0001' },
    });
  });

  it('reads the parenthesised form without FNC1', () => {
    expect(parseGs1(`(01)${GTIN}(17)270600(10)A1B2(21)X9`)).toEqual({
      ok: true,
      data: { gtin: GTIN, expiry: '2027-06-30', lot: 'A1B2', serial: 'X9' },
    });
  });

  it('takes a variable field to its end when it is last, and a leading FNC1/GS', () => {
    expect(parseGs1(`\x1d01${GTIN}10L1`)).toEqual({ ok: true, data: { gtin: GTIN, lot: 'L1' } });
    expect(parseGs1(`01${GTIN}21S-1\x1d10L2\n`)).toEqual({ ok: true, data: { gtin: GTIN, serial: 'S-1', lot: 'L2' } });
  });

  it('refuses a wrong check digit, a missing GTIN, an unknown AI, a bad date and an over-long lot', () => {
    const wrong = `${GTIN.slice(0, 13)}${(Number(GTIN.at(-1)) + 1) % 10}`;
    expect(parseGs1(`01${wrong}10L1`)).toEqual({ ok: false, error: m.gtinInvalid });
    expect(parseGs1('10L1')).toEqual({ ok: false, error: m.gtinMissing });
    expect(parseGs1(`01${GTIN}99ABC`)).toEqual({ ok: false, error: m.unknownAi('99') });
    expect(parseGs1(`01${GTIN}17261301`)).toEqual({ ok: false, error: m.expiryInvalid });
    expect(parseGs1(`01${GTIN}17260230`)).toEqual({ ok: false, error: m.expiryInvalid });
    expect(parseGs1(`01${GTIN}10${'A'.repeat(21)}`)).toEqual({ ok: false, error: m.variableInvalid('10') });
    expect(parseGs1('   ')).toEqual({ ok: false, error: m.empty });
    expect(parseGs1(`(01)${GTIN}(10)A(10)B`)).toEqual({ ok: false, error: m.duplicateAi('10') });
  });

  it('round-trips what formatGs1 writes', () => {
    const data = { gtin: GTIN, expiry: '2029-02-28', lot: 'LT7', serial: 'S77' };
    expect(parseGs1(formatGs1(data))).toEqual({ ok: true, data });
    expect(parseGs1(formatGs1({ gtin: EAN, lot: 'L' }))).toEqual({ ok: true, data: { gtin: GTIN, lot: 'L' } });
  });
});

describe('parseGs1Date and toGtin14', () => {
  it('day 00 is the last day of the month, leap years included', () => {
    expect(parseGs1Date('280200')).toBe('2028-02-29');
    expect(parseGs1Date('270200')).toBe('2027-02-28');
    expect(parseGs1Date('271100')).toBe('2027-11-30');
  });

  it('left-pads catalogue barcodes of 8, 12, 13 digits to 14', () => {
    expect(toGtin14('96385074')).toBe('00000096385074');
    expect(toGtin14('036000291452')).toBe('00036000291452');
    expect(toGtin14(EAN)).toBe(`0${EAN}`);
  });
});
