import { describe, expect, it } from 'vitest';
import { payoutMessages as pm } from '../messages/payouts.tr.ts';
import { hasValidIbanCheckDigits, payoutAccountBodySchema, turkishIbanSchema } from './payouts.ts';

const errorOf = (input: unknown) => {
  const result = turkishIbanSchema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe('Turkish IBAN', () => {
  it('accepts valid TR IBANs, with spaces and lower case, and stores them without spaces', () => {
    expect(turkishIbanSchema.parse('TR33 0006 1005 1978 6457 8413 26')).toBe('TR330006100519786457841326');
    expect(turkishIbanSchema.parse('tr150001000000001234567890')).toBe('TR150001000000001234567890');
    expect(turkishIbanSchema.parse(' TR29 0006 4000 0011 2345 6789 01 ')).toBe('TR290006400000112345678901');
  });

  it('refuses wrong check digits with the Turkish message', () => {
    expect(errorOf('TR340006100519786457841326')).toBe(pm.account.ibanCheck);
    // One account digit changed: mod 97 catches it.
    expect(errorOf('TR330006100519786457841327')).toBe(pm.account.ibanCheck);
  });

  it('refuses a wrong length or letters inside', () => {
    expect(errorOf('TR33000610051978645784132')).toBe(pm.account.ibanFormat);
    expect(errorOf('TR3300061005197864578413261')).toBe(pm.account.ibanFormat);
    expect(errorOf('TR33000610051978645784132A')).toBe(pm.account.ibanFormat);
    expect(errorOf('1234')).toBe(pm.account.ibanFormat);
    expect(errorOf('')).toBe(pm.account.ibanRequired);
  });

  it('refuses other countries, even with valid check digits', () => {
    expect(hasValidIbanCheckDigits('DE89370400440532013000')).toBe(true);
    expect(errorOf('DE89 3704 0044 0532 0130 00')).toBe(pm.account.ibanCountry);
    expect(errorOf('GB82WEST12345698765432')).toBe(pm.account.ibanCountry);
  });

  it('requires an account holder of 3 to 100 characters', () => {
    const iban = 'TR330006100519786457841326';
    expect(payoutAccountBodySchema.parse({ iban, accountHolder: '  Ayşe Yılmaz ' }).accountHolder).toBe('Ayşe Yılmaz');
    const short = payoutAccountBodySchema.safeParse({ iban, accountHolder: 'Ay' });
    expect(short.success ? null : short.error.issues[0].message).toBe(pm.account.holderShort);
    const empty = payoutAccountBodySchema.safeParse({ iban, accountHolder: ' ' });
    expect(empty.success ? null : empty.error.issues[0].message).toBe(pm.account.holderRequired);
  });
});
