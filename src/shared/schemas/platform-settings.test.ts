import { describe, expect, it } from 'vitest';
import { adminMessages } from '../messages/admin.tr.ts';
import {
  platformSettingsFormSchema,
  updatePlatformSettingsBodySchema,
  vatRateForCategory,
  type PlatformSettingsFormInput,
} from './platform-settings.ts';

const s = adminMessages.settings;

const form: PlatformSettingsFormInput = {
  vatRatePercent: '20',
  vatRatesByCategoryPercent: { gozluk: '', lens: '10', atolye: '1,00' },
  shippingFeeLira: '25',
  escrowDays: '15',
  lowStockThreshold: '10',
  freeShippingFromLira: '1000',
  pricesIncludeVat: false,
  adminNotificationEmail: '',
  commissionPercent: '0',
  withholdingPercent: '1',
  shipGraceDays: '2',
  inspectionDays: '7',
  invoiceReminderDays: '2',
};

describe('category VAT rates', () => {
  it('the form turns typed percentages into basis points; an empty field means the general rate', () => {
    const parsed = platformSettingsFormSchema.parse(form);
    expect(parsed.vatRatePercent).toBe(2000);
    expect(parsed.vatRatesByCategoryPercent).toEqual({ lens: 1000, atolye: 100 });
  });

  it('the form refuses a rate that is not a percentage, in Turkish, on that category', () => {
    const result = platformSettingsFormSchema.safeParse({
      ...form,
      vatRatesByCategoryPercent: { lens: 'on' },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toMatchObject([
      { path: ['vatRatesByCategoryPercent', 'lens'], message: s.vatCategoryInvalid },
    ]);
  });

  it('the API body accepts known categories only, with rates from 0 to 10000 bp', () => {
    const base = {
      vatRateBp: 2000,
      shippingFeeKurus: 2500,
      escrowDays: 15,
      lowStockThreshold: 10,
      adminNotificationEmail: null,
    };
    expect(updatePlatformSettingsBodySchema.safeParse({ ...base, vatRatesByCategory: { lens: 1000 } }).success).toBe(
      true,
    );
    const unknown = updatePlatformSettingsBodySchema.safeParse({ ...base, vatRatesByCategory: { uydurma: 1000 } });
    expect(unknown.error!.issues[0]!.message).toBe(s.vatCategoryUnknown);
    const tooHigh = updatePlatformSettingsBodySchema.safeParse({ ...base, vatRatesByCategory: { lens: 10_001 } });
    expect(tooHigh.error!.issues[0]!.message).toBe(s.vatCategoryInvalid);
  });

  it('a category takes its own rate when set, else the general rate', () => {
    const settings = { vatRateBp: 2000, vatRatesByCategory: { lens: 1000, atolye: 0 } };
    expect(vatRateForCategory(settings, 'lens')).toBe(1000);
    expect(vatRateForCategory(settings, 'atolye')).toBe(0);
    expect(vatRateForCategory(settings, 'gozluk')).toBe(2000);
    expect(vatRateForCategory(settings, 'toString')).toBe(2000);
  });
});
