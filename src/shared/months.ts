import { todayInTurkey } from './dates.ts';

// Kept apart from dates.ts, which every web page loads: only the pages that pick a month need these.

/** The month ("2027-03") in Turkey at the instant `at`. */
export function monthInTurkey(at: Date): string {
  return todayInTurkey(at).slice(0, 7);
}

/** The last `count` months ("2027-03") in Turkey up to and including the one of `now`, oldest first. */
export function lastMonthsInTurkey(now: Date, count: number): string[] {
  const [year, month] = monthInTurkey(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - (count - 1 - i);
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}
