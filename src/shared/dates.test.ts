import { describe, expect, it, vi } from 'vitest';
import {
  addDaysToDay,
  formatDate,
  formatDateTime,
  isExpiryAcceptable,
  startOfDayInTurkey,
  todayInTurkey,
} from './dates.ts';
import { lastMonthsInTurkey, monthInTurkey } from './months.ts';

describe('todayInTurkey', () => {
  it('gives the Turkish calendar day, which starts three hours before UTC’s', () => {
    expect(todayInTurkey(new Date('2026-11-21T20:59:59Z'))).toBe('2026-11-21');
    expect(todayInTurkey(new Date('2026-11-21T21:00:00Z'))).toBe('2026-11-22');
  });

  it('agrees with Istanbul’s calendar as Intl knows it, every 7 hours from 2016 on', () => {
    const istanbulDay = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Istanbul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    for (let t = Date.parse('2016-09-07T00:00:00Z'); t < Date.parse('2031-01-01T00:00:00Z'); t += 3_600_000 * 7) {
      const instant = new Date(t);
      expect(todayInTurkey(instant), instant.toISOString()).toBe(istanbulDay.format(instant));
    }
  });

  it('does not depend on the time zone of the machine', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    try {
      expect(todayInTurkey(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('monthInTurkey and lastMonthsInTurkey', () => {
  it('takes the month in Turkish time', () => {
    expect(monthInTurkey(new Date('2026-11-30T21:30:00Z'))).toBe('2026-12');
  });

  it('lists the months up to the current one, oldest first, across a year end', () => {
    expect(lastMonthsInTurkey(new Date('2027-02-10T12:00:00Z'), 4)).toEqual([
      '2026-11',
      '2026-12',
      '2027-01',
      '2027-02',
    ]);
    expect(lastMonthsInTurkey(new Date('2027-02-10T12:00:00Z'), 1)).toEqual(['2027-02']);
  });
});

describe('startOfDayInTurkey and addDaysToDay', () => {
  it('starts a Turkish day at 21:00 UTC the evening before', () => {
    expect(startOfDayInTurkey('2026-11-22').toISOString()).toBe('2026-11-21T21:00:00.000Z');
  });

  it('moves calendar days across month and year ends, both ways', () => {
    expect(addDaysToDay('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDaysToDay('2027-03-01', -1)).toBe('2027-02-28');
    expect(addDaysToDay('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('isExpiryAcceptable', () => {
  it('refuses today in Turkey and accepts tomorrow', () => {
    const now = new Date('2026-11-21T22:00:00Z'); // already 22 November in Istanbul
    expect(isExpiryAcceptable('2026-11-22', now)).toBe(false);
    expect(isExpiryAcceptable('2026-11-23', now)).toBe(true);
  });
});

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
    expect(formatDate('2026-11-21T22:30:00Z')).toBe('22.11.2026');
  });
});

describe('formatDateTime', () => {
  it('shows dd.MM.yyyy HH:mm on a 24-hour clock in Turkish time', () => {
    expect(formatDateTime(new Date('2026-11-21T06:05:00Z'))).toBe('21.11.2026 09:05');
    expect(formatDateTime('2026-11-20T21:05:00Z')).toBe('21.11.2026 00:05');
  });
});
