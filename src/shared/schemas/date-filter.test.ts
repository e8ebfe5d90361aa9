import { describe, expect, it } from 'vitest';
import { messages } from '../messages.tr.ts';
import { dateFilterSchema, dateRangeShape, isCalendarDay, refineDateRange } from './date-filter.ts';
import { z } from './zod-tr.ts';

describe('dateFilterSchema', () => {
  it('knows which days the calendar has', () => {
    const days = ['2026-02-28', '2028-02-29', '2000-02-29', '2026-12-31'];
    const notDays = ['2100-02-29', '2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-00-10'];
    const malformed = ['2026-01-00', '2026-1-10', '10.03.2026'];
    expect(days.filter(isCalendarDay)).toEqual(days);
    expect([...notDays, ...malformed].filter(isCalendarDay)).toEqual([]);
  });

  it('refuses impossible days and years outside 2000–2100 in Turkish', () => {
    expect(dateFilterSchema.parse('2026-03-10')).toBe('2026-03-10');
    expect(dateFilterSchema.safeParse('2026-02-30').error?.issues.map((i) => i.message)).toEqual([
      messages.dateFilter.invalid,
    ]);
    expect(dateFilterSchema.safeParse('0000-01-01').error?.issues.map((i) => i.message)).toEqual([
      messages.dateFilter.outOfRange(2000, 2100),
    ]);
    expect(dateFilterSchema.safeParse('2101-01-01').success).toBe(false);
    expect(dateFilterSchema.safeParse('2100-12-31').success).toBe(true);
  });

  it('refuses a range that ends before it starts, on its end', () => {
    const range = refineDateRange(z.object(dateRangeShape));
    expect(range.safeParse({ from: '2026-03-10', to: '2026-03-10' }).success).toBe(true);
    expect(range.safeParse({ from: '2026-03-10' }).success).toBe(true);
    const issues = range.safeParse({ from: '2026-03-11', to: '2026-03-10' }).error?.issues;
    expect(issues).toMatchObject([{ path: ['to'], message: messages.dateFilter.rangeInvalid }]);
  });
});
