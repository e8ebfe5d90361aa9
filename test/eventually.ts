import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls until `check` holds: for work that happens on its own schedule (job workers, another
 * process). Fails with `what` when it has not held within `timeoutMs`.
 */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = 'condition') {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await sleep(100);
  }
}
