import { messages } from '../messages.tr.ts';
import { z } from './zod-tr.ts';

/** The years a list filter may name; a date outside them is a typo, and PostgreSQL refuses year 0. */
export const DATE_FILTER_MIN_YEAR = 2000;
export const DATE_FILTER_MAX_YEAR = 2100;

const m = messages.dateFilter;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether "YYYY-MM-DD" names a day of the Gregorian calendar (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC: no time zone shifts the day).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * One calendar day in a list filter ("2026-03-10", a Turkish calendar day): a real day between
 * DATE_FILTER_MIN_YEAR and DATE_FILTER_MAX_YEAR, checked here so an impossible date is a 400 with
 * a Turkish message, never a database error.
 */
export const dateFilterSchema = z
  .string({ error: m.invalid })
  .refine(isCalendarDay, { error: m.invalid, abort: true })
  .refine(
    (value) => {
      const year = Number(value.slice(0, 4));
      return year >= DATE_FILTER_MIN_YEAR && year <= DATE_FILTER_MAX_YEAR;
    },
    { error: m.outOfRange(DATE_FILTER_MIN_YEAR, DATE_FILTER_MAX_YEAR) },
  );

/** The optional from/to pair of a filter, both ends inclusive. */
export const dateRangeShape = {
  from: dateFilterSchema.optional(),
  to: dateFilterSchema.optional(),
};

/**
 * Refuses a range that ends before it starts (400 on `to`) rather than answering an empty list:
 * it is always a mistake, and the message says which end to fix.
 */
export function refineDateRange<T extends z.ZodType<{ from?: string; to?: string }>>(schema: T): T {
  return schema.refine((q) => !q.from || !q.to || q.from <= q.to, { error: m.rangeInvalid, path: ['to'] });
}
