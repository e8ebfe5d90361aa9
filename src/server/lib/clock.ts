/** Time source for everything time-dependent, so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The wall clock moved ahead by offsetMs (CLOCK_OFFSET_MS, a test-only start-up setting). */
export function offsetClock(offsetMs: number): Clock {
  return offsetMs === 0 ? systemClock : { now: () => new Date(Date.now() + offsetMs) };
}

/** Where a test's manual clock starts; test factories stamp the rows they make with it. */
export const MANUAL_CLOCK_START = new Date('2026-01-15T09:00:00Z');

/** A clock tests can set and advance. */
export function createManualClock(start = MANUAL_CLOCK_START) {
  let current = start.getTime();
  let resets = 0;
  return {
    now: () => new Date(current),
    set: (date: Date) => {
      current = date.getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
    /**
     * Back to where it started, a second later than the last reset: each test of a file begins at
     * nearly the same time, and the rows of consecutive tests sharing a database keep their order.
     */
    reset: () => {
      resets += 1;
      current = start.getTime() + resets * 1000;
    },
  };
}
