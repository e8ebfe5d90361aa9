import { describe, expect, it } from 'vitest';
import { adminMessages } from '../messages/admin.tr.ts';
import { formatKurusForInput } from '../money.ts';
import { changeRoleBodySchema } from './admin.ts';
import { formatBpAsPercent, parsePercentToBp, platformSettingsFormSchema } from './platform-settings.ts';

const s = adminMessages.settings;
const valid = {
  vatRatePercent: '18,00',
  shippingFeeLira: '25,00',
  escrowDays: '15',
  lowStockThreshold: '10',
  adminNotificationEmail: '',
  freeShippingFromLira: '1.000,00',
  pricesIncludeVat: false,
  commissionPercent: '0,00',
  shipGraceDays: '2',
  inspectionDays: '7',
  invoiceReminderDays: '2',
  withholdingPercent: '1,00',
};

describe('platform settings form', () => {
  it.each([
    ['18', 1800],
    ['18,5', 1850],
    ['18.50', 1850],
    [' 8,25 % ', 825],
    ['0', 0],
    ['100', 10000],
  ])('reads the VAT percentage %j as %i basis points', (input, bp) => {
    expect(parsePercentToBp(input)).toBe(bp);
  });

  it.each(['', 'on sekiz', '18,505', '-1', '100,01', '1.000'])('refuses the VAT percentage %j', (input) => {
    expect(parsePercentToBp(input)).toBeNull();
  });

  it('shows basis points and kuruş with two decimals and a comma, and reads them back', () => {
    expect(formatBpAsPercent(1800)).toBe('18,00');
    expect(formatKurusForInput(2550)).toBe('25,50');
    expect(
      platformSettingsFormSchema.parse({
        ...valid,
        vatRatePercent: formatBpAsPercent(1825),
        shippingFeeLira: formatKurusForInput(3999),
        commissionPercent: formatBpAsPercent(250),
      }),
    ).toEqual({
      vatRatePercent: 1825,
      // No category fields typed: no category has its own rate.
      vatRatesByCategoryPercent: {},
      shippingFeeLira: 3999,
      escrowDays: 15,
      lowStockThreshold: 10,
      adminNotificationEmail: null,
      freeShippingFromLira: 100_000,
      pricesIncludeVat: false,
      commissionPercent: 250,
      shipGraceDays: 2,
      inspectionDays: 7,
      invoiceReminderDays: 2,
      withholdingPercent: 100,
      // No boxes in the form: no category tracked in ÜTS.
      utsTrackedCategories: [],
    });
  });

  it.each([
    ['vatRatePercent', '101', s.vatInvalid],
    ['shippingFeeLira', '-5', s.shippingInvalid],
    ['shippingFeeLira', 'yirmi', s.shippingInvalid],
    ['escrowDays', '0', s.escrowInvalid],
    ['escrowDays', '91', s.escrowInvalid],
    ['escrowDays', '1,5', s.escrowInvalid],
    ['lowStockThreshold', '-1', s.lowStockInvalid],
    ['adminNotificationEmail', 'adres', s.emailInvalid],
    ['freeShippingFromLira', '-1', s.freeShippingInvalid],
    ['freeShippingFromLira', 'bin', s.freeShippingInvalid],
    ['commissionPercent', '50,01', s.commissionInvalid],
    ['commissionPercent', 'yüzde iki', s.commissionInvalid],
    ['shipGraceDays', '31', s.shipGraceInvalid],
    ['inspectionDays', '0', s.inspectionInvalid],
    ['inspectionDays', '31', s.inspectionInvalid],
    ['invoiceReminderDays', '0', s.invoiceReminderInvalid],
    ['invoiceReminderDays', '31', s.invoiceReminderInvalid],
    ['withholdingPercent', '10,01', s.withholdingInvalid],
    ['withholdingPercent', 'bir', s.withholdingInvalid],
  ])('refuses %s = %j with the Turkish message', (field, value, message) => {
    const result = platformSettingsFormSchema.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
  });
});

describe('changeRoleBodySchema', () => {
  it('trims the reason and requires it', () => {
    expect(changeRoleBodySchema.parse({ newRole: 'optician', reason: '  Belge geldi ' })).toEqual({
      newRole: 'optician',
      reason: 'Belge geldi',
    });
    const empty = changeRoleBodySchema.safeParse({ newRole: 'optician', reason: '  ' });
    expect(empty.error?.issues.map((i) => i.message)).toEqual([adminMessages.roleChange.reasonRequired]);
  });
});
