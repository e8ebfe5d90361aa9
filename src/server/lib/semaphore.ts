/**
 * Runs at most `limit` tasks at once in this process; the rest wait in arrival order. Guards
 * memory-heavy work (image decoding) that many parallel requests would otherwise pile up.
 */
export function createSemaphore(limit: number) {
  let active = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  return {
    /** Tasks running now. */
    get active() {
      return active;
    },
    /** The most tasks that ever ran at once (for monitoring and the tests). */
    get peak() {
      return peak;
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      // A finishing task hands its slot straight to the next waiter, so `active` never overshoots.
      if (active < limit) active++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      peak = Math.max(peak, active);
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else active--;
      }
    },
  };
}

export type Semaphore = ReturnType<typeof createSemaphore>;
