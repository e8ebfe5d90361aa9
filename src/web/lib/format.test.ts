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

  it('shows a timestamp in dd.MM.yyyy', () => {
    expect(formatDate(new Date(2026, 10, 21, 12))).toBe('21.11.2026');
  });
});

describe('formatKurus', () => {
  it('formats kuruş as Turkish lira', () => {
    expect(formatKurus(123_456)).toBe('₺1.234,56');
  });
});

describe('formatDateTime', () => {
  it('shows dd.MM.yyyy HH:mm on a 24-hour clock', () => {
    expect(formatDateTime(new Date(2026, 10, 21, 9, 5))).toBe('21.11.2026 09:05');
    expect(formatDateTime(new Date(2026, 10, 21, 0, 5))).toBe('21.11.2026 00:05');
  });
});
