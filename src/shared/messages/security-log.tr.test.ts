import { describe, expect, it } from 'vitest';
import { adminActions, securityEventReasons, securityEventTypes } from '../security-log.ts';
import { securityEventReasonLabel, securityLogTypeLabel } from './security-log.tr.ts';

/** A label is Turkish text, not the code again (the log showed "application_submitted" raw). */
function expectLabelled(label: string, code: string) {
  expect(label, code).not.toBe(code);
  expect(label, code).not.toMatch(/_|^\s*$/);
}

describe('security log labels', () => {
  it.each(adminActions)('admin action %s has a Turkish label', (action) => {
    expectLabelled(securityLogTypeLabel('admin', action), action);
  });

  it.each(securityEventTypes)('security event %s has a Turkish label', (type) => {
    expectLabelled(securityLogTypeLabel('security', type), type);
  });

  it.each(securityEventReasons)('reason %s has a Turkish label', (reason) => {
    expectLabelled(securityEventReasonLabel(reason), reason);
  });

  it('labels the two codes the admin saw raw', () => {
    expect(securityLogTypeLabel('admin', 'application_submitted')).toBe('Üyelik başvurusu alındı');
    expect(securityEventReasonLabel('invalid_credentials')).toBe('Hatalı e-posta veya şifre');
  });

  it('shows an admin’s own written reason as written, and never reads inherited keys', () => {
    expect(securityEventReasonLabel('Mağaza sahibi talep etti')).toBe('Mağaza sahibi talep etti');
    expect(securityLogTypeLabel('security', 'toString')).toBe('toString');
  });
});
