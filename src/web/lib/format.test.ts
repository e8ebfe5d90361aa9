import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatKurus } from './format.ts';

describe('formatDate', () => {
  it('shows a date-only value as that calendar day in any time zone', () => {
    // West of UTC, new Date('2027-03-31') is the evening of 30 March.
    vi.stubEnv('TZ', 'America/New_York');
    try {
      expect(formatDate('2027-03-31')).toBe('31.03.2027');
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('shows a timestamp as the day it is in Turkey (UTC+3), whatever the device’s time zone', () => {
    expect(formatDate(new Date('2026-11-21T09:00:00Z'))).toBe('21.11.2026');
    // 22:30 UTC is 01:30 the next day in Istanbul.
    expect(formatDate(new Date('2026-11-21T22:30:00Z'))).toBe('22.11.2026');
  });
});

describe('formatKurus', () => {
  it('formats kuruş as Turkish lira', () => {
    expect(formatKurus(123_456)).toBe('₺1.234,56');
  });
});

describe('formatDateTime', () => {
  it('shows dd.MM.yyyy HH:mm on a 24-hour clock', () => {
    expect(formatDateTime(new Date('2026-11-21T06:05:00Z'))).toBe('21.11.2026 09:05');
    expect(formatDateTime(new Date('2026-11-20T21:05:00Z'))).toBe('21.11.2026 00:05');
  });
});
