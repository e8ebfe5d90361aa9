import { describe, expect, it } from 'vitest';
import { profileMessages } from '../messages/account.tr.ts';
import { authMessages, passwordMessages } from '../messages/auth.tr.ts';
import {
  forcePasswordResetBodySchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  signInBodySchema,
  strongPasswordSchema,
} from './auth.ts';
import type { z } from './zod-tr.ts';

const pw = passwordMessages;

/** The failed fields of a parse with their messages, or null when it passed. */
function problems(schema: z.ZodType, input: unknown): Record<string, string[]> | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return out;
}

describe('strongPasswordSchema', () => {
  it('passes a password meeting every rule', () => {
    expect(strongPasswordSchema.parse('Çerçeve!2024')).toBe('Çerçeve!2024');
  });

  it('reports every unmet rule as one message, joined with ", " in the spec’s order', () => {
    expect(problems(strongPasswordSchema, 'abc')).toEqual({ _: [[pw.min, pw.upper, pw.digit, pw.special].join(', ')] });
    expect(problems(strongPasswordSchema, '')).toEqual({
      _: [[pw.min, pw.upper, pw.lower, pw.digit, pw.special].join(', ')],
    });
    expect(problems(strongPasswordSchema, 'Gozluk42')).toEqual({ _: [pw.special] });
  });

  it('refuses a value that is not a string with the length message', () => {
    expect(problems(strongPasswordSchema, undefined)).toEqual({ _: [pw.min] });
  });
});

describe('signInBodySchema', () => {
  it('trims and lower-cases the e-mail address and keeps the password as typed', () => {
    expect(signInBodySchema.parse({ email: '  Ayse.Yilmaz@OrnekOptik.COM ', password: ' Gizli Şifre ' })).toEqual({
      email: 'ayse.yilmaz@ornekoptik.com',
      password: ' Gizli Şifre ',
    });
  });

  it('only asks for both fields to be filled', () => {
    expect(problems(signInBodySchema, { email: '  ', password: '' })).toEqual({
      email: [authMessages.emailRequired],
      password: [authMessages.passwordRequired],
    });
    expect(problems(signInBodySchema, {})).toEqual({
      email: [authMessages.emailRequired],
      password: [authMessages.passwordRequired],
    });
    expect(problems(signInBodySchema, { email: 'x', password: 'y' })).toBeNull();
  });
});

describe('forgotPasswordBodySchema', () => {
  it('lower-cases a valid address and refuses an invalid one in Turkish', () => {
    expect(forgotPasswordBodySchema.parse({ email: ' Ayse@Ornek.COM ' })).toEqual({ email: 'ayse@ornek.com' });
    expect(problems(forgotPasswordBodySchema, { email: 'ayse@' })).toEqual({ email: [profileMessages.emailInvalid] });
    // An empty field reads as "not a valid address" first (the API and the form show the first message).
    expect(problems(forgotPasswordBodySchema, { email: '' })?.email[0]).toBe(profileMessages.emailInvalid);
  });
});

describe('forcePasswordResetBodySchema', () => {
  it('accepts a strong password confirmed', () => {
    expect(
      problems(forcePasswordResetBodySchema, { newPassword: 'Çerçeve!2024', confirmPassword: 'Çerçeve!2024' }),
    ).toBeNull();
  });

  it("refuses a mismatched confirmation with 'Şifreler eşleşmiyor' on confirmPassword", () => {
    expect(
      problems(forcePasswordResetBodySchema, { newPassword: 'Çerçeve!2024', confirmPassword: 'Çerçeve!2025' }),
    ).toEqual({
      confirmPassword: ['Şifreler eşleşmiyor'],
    });
  });

  it('refuses a weak password with the listed rules', () => {
    expect(problems(forcePasswordResetBodySchema, { newPassword: 'zayif', confirmPassword: 'zayif' })).toEqual({
      newPassword: [[pw.min, pw.upper, pw.digit, pw.special].join(', ')],
    });
  });
});

describe('resetPasswordBodySchema', () => {
  it('needs the token', () => {
    expect(
      problems(resetPasswordBodySchema, { token: '', newPassword: 'Çerçeve!2024', confirmPassword: 'Çerçeve!2024' }),
    ).toEqual({
      token: [authMessages.resetMissingToken],
    });
  });

  it("refuses a mismatched confirmation with 'Şifreler eşleşmiyor'", () => {
    expect(
      problems(resetPasswordBodySchema, { token: 'abc', newPassword: 'Çerçeve!2024', confirmPassword: 'x' }),
    ).toEqual({
      confirmPassword: ['Şifreler eşleşmiyor'],
    });
  });
});
