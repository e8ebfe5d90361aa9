import { describe, expect, it } from 'vitest';
import { profileMessages, settingsMessages } from '../messages/account.tr.ts';
import { passwordMessages } from '../messages/auth.tr.ts';
import {
  changePasswordBodySchema,
  defaultUserSettings,
  forceResetUserBodySchema,
  updateProfileBodySchema,
  userSettingsSchema,
} from './account.ts';
import type { z } from './zod-tr.ts';

const p = profileMessages;
const s = settingsMessages;
const strong = 'Çerçeve!2024';

function problems(schema: z.ZodType, input: unknown): Record<string, string[]> | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return out;
}

describe('updateProfileBodySchema', () => {
  it('trims the name and the phone', () => {
    expect(updateProfileBodySchema.parse({ fullName: '  Ayşe Yılmaz ', phone: ' 0532 123 45 67 ' })).toEqual({
      fullName: 'Ayşe Yılmaz',
      phone: '0532 123 45 67',
    });
  });

  it.each([
    ['an empty phone', ''],
    ['a missing phone', undefined],
    ['a null phone', null],
  ])('turns %s into null', (_label, phone) => {
    expect(updateProfileBodySchema.parse({ fullName: 'Ayşe Yılmaz', phone }).phone).toBeNull();
  });

  it.each([
    ['a one-letter name', { fullName: ' A ' }, 'fullName', 'Ad soyad en az 2 karakter olmalıdır'],
    ['a missing name', { fullName: undefined }, 'fullName', 'Ad soyad en az 2 karakter olmalıdır'],
    ['a name over 100 characters', { fullName: 'a'.repeat(101) }, 'fullName', p.fullNameMax],
    ['a phone with letters', { phone: '0532 ABC 45 67' }, 'phone', 'Geçerli bir telefon numarası giriniz'],
    ['a phone under 10 characters', { phone: '0532 123' }, 'phone', 'Telefon numarası en az 10 haneli olmalıdır'],
    ['a phone over 20 characters', { phone: '+90 532 123 45 67 8901' }, 'phone', 'Telefon numarası çok uzun'],
  ])('refuses %s', (_label, change, field, text) => {
    expect(problems(updateProfileBodySchema, { fullName: 'Ayşe Yılmaz', phone: '0532 123 45 67', ...change })).toEqual({
      [field]: [text],
    });
  });

  it('accepts the characters people type in phone numbers', () => {
    expect(updateProfileBodySchema.parse({ fullName: 'Ayşe', phone: '+90 (532) 123-45-67' }).phone).toBe(
      '+90 (532) 123-45-67',
    );
  });
});

describe('changePasswordBodySchema', () => {
  it('accepts a filled, strong and confirmed change', () => {
    expect(
      problems(changePasswordBodySchema, { currentPassword: 'eski', newPassword: strong, confirmPassword: strong }),
    ).toBeNull();
  });

  it('asks for the current password and the confirmation in Turkish', () => {
    expect(
      problems(changePasswordBodySchema, { currentPassword: '', newPassword: strong, confirmPassword: '' }),
    ).toEqual({
      currentPassword: ['Mevcut şifre gereklidir'],
      confirmPassword: ['Şifre onayı gereklidir'],
    });
    expect(problems(changePasswordBodySchema, { newPassword: strong })).toEqual({
      currentPassword: [s.currentRequired],
      confirmPassword: [s.confirmRequired],
    });
  });

  it("refuses a mismatched confirmation with 'Şifreler uyuşmuyor'", () => {
    expect(
      problems(changePasswordBodySchema, {
        currentPassword: 'eski',
        newPassword: strong,
        confirmPassword: `${strong}x`,
      }),
    ).toEqual({
      confirmPassword: ['Şifreler uyuşmuyor'],
    });
  });

  it('refuses a weak new password with the listed rules', () => {
    expect(
      problems(changePasswordBodySchema, {
        currentPassword: 'eski',
        newPassword: 'abcdefgh',
        confirmPassword: 'abcdefgh',
      }),
    ).toEqual({
      newPassword: [[passwordMessages.upper, passwordMessages.digit, passwordMessages.special].join(', ')],
    });
  });
});

describe('userSettingsSchema', () => {
  it('has the spec’s defaults', () => {
    expect(defaultUserSettings).toEqual({
      autoOrderApproval: false,
      stockAlerts: true,
      priceChangeNotifications: true,
      emailNotifications: true,
      smsNotifications: false,
      marketingEmails: false,
    });
    expect(userSettingsSchema.parse(defaultUserSettings)).toEqual(defaultUserSettings);
  });

  it('needs all six toggles as booleans', () => {
    const { smsNotifications: _sms, ...missing } = defaultUserSettings;
    expect(userSettingsSchema.safeParse(missing).success).toBe(false);
    expect(userSettingsSchema.safeParse({ ...defaultUserSettings, stockAlerts: 'true' }).success).toBe(false);
  });
});

describe('forceResetUserBodySchema', () => {
  it('needs a trimmed reason of 3 to 500 characters', () => {
    expect(forceResetUserBodySchema.parse({ reason: '  Şüpheli giriş ' })).toEqual({ reason: 'Şüpheli giriş' });
    expect(problems(forceResetUserBodySchema, { reason: ' ab ' })).toEqual({
      reason: ['Gerekçe en az 3 karakter olmalıdır'],
    });
    expect(problems(forceResetUserBodySchema, { reason: 'a'.repeat(501) })).toEqual({
      reason: ['Gerekçe en fazla 500 karakter olabilir'],
    });
    expect(problems(forceResetUserBodySchema, {})).toEqual({ reason: ['Gerekçe gereklidir'] });
  });
});
