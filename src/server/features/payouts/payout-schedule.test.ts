import { describe, expect, it } from 'vitest';
import { payoutDayDue } from './payout-schedule.ts';

describe('the daily payout run', () => {
  it('is due in the payout hour of the Turkish day, and only then', () => {
    // 03:30 in Istanbul (UTC+3) is 00:30 UTC.
    expect(payoutDayDue(new Date('2026-03-10T00:30:00Z'))).toBe('2026-03-10');
    expect(payoutDayDue(new Date('2026-03-10T00:00:00Z'))).toBe('2026-03-10');
    expect(payoutDayDue(new Date('2026-03-09T23:59:00Z'))).toBeNull();
    expect(payoutDayDue(new Date('2026-03-10T01:00:00Z'))).toBeNull();
    expect(payoutDayDue(new Date('2026-03-10T12:00:00Z'))).toBeNull();
  });
});
