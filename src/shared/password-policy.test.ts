import { describe, expect, it } from 'vitest';
import { passwordMessages } from './messages/auth.tr.ts';
import { PASSWORD_SPECIALS, unmetPasswordRules } from './password-policy.ts';

const m = passwordMessages;

describe('unmetPasswordRules', () => {
  it('lists every rule an empty password fails, in the spec’s order', () => {
    expect(unmetPasswordRules('')).toEqual([
      'Şifre en az 8 karakter olmalıdır',
      'Şifre en az bir büyük harf içermelidir',
      'Şifre en az bir küçük harf içermelidir',
      'Şifre en az bir rakam içermelidir',
      'Şifre en az bir özel karakter (!@#$%^&*(),.?":{}|<>) içermelidir',
    ]);
  });

  it('accepts a password meeting every rule', () => {
    expect(unmetPasswordRules('Gozluk!42')).toEqual([]);
    expect(unmetPasswordRules('Aa1!aaaa')).toEqual([]);
  });

  it.each([
    ['too short by one', 'Aa1!aaa', [m.min]],
    ['no upper-case letter', 'gozluk!42', [m.upper]],
    ['no lower-case letter', 'GOZLUK!42', [m.lower]],
    ['no digit', 'Gozluk!ab', [m.digit]],
    ['no special character', 'Gozluk42', [m.special]],
    ['only digits', '12345678', [m.upper, m.lower, m.special]],
  ])('names exactly the failed rule: %s', (_label, password, expected) => {
    expect(unmetPasswordRules(password)).toEqual(expected);
  });

  it('counts Turkish letters as upper- and lower-case letters', () => {
    expect(unmetPasswordRules('İSTANBUL!34')).toEqual([m.lower]);
    expect(unmetPasswordRules('İşçi.2024')).toEqual([]);
    expect(unmetPasswordRules('ŞĞÜÖÇI?34ş')).toEqual([]);
    expect(unmetPasswordRules('ışığüöç#34')).toEqual([m.upper]);
  });

  it.each([...PASSWORD_SPECIALS])('accepts %s as the special character', (special) => {
    expect(unmetPasswordRules(`Gozluk42${special}`)).toEqual([]);
  });

  it.each(['-', '_', '+', '=', '~', '/', ' ', '€'])('does not count %j as a special character', (other) => {
    expect(unmetPasswordRules(`Gozluk42${other}`)).toEqual([m.special]);
  });

  it('accepts 128 characters and refuses 129 with the length rule last', () => {
    const base = 'Aa1!';
    expect(unmetPasswordRules(base + 'a'.repeat(124))).toEqual([]);
    expect(unmetPasswordRules(base + 'a'.repeat(125))).toEqual([m.max]);
    expect(unmetPasswordRules('a'.repeat(129))).toEqual([m.upper, m.digit, m.special, m.max]);
  });
});
