import { describe, expect, it } from 'vitest';
import { nextPollDelay, RESULT_POLL_LIMIT_MS, RESULT_POLL_MS } from './result-polling.ts';

describe('nextPollDelay', () => {
  const start = 1_000_000;

  it('asks every 2 s while the payment is awaited, for up to a minute', () => {
    expect(RESULT_POLL_MS).toBe(2000);
    expect(nextPollDelay('awaiting_payment', start, start)).toBe(2000);
    expect(nextPollDelay('awaiting_payment', start, start + RESULT_POLL_LIMIT_MS - 1)).toBe(2000);
    expect(nextPollDelay('awaiting_payment', start, start + RESULT_POLL_LIMIT_MS)).toBe(false);
  });

  it('stops once the outcome is known', () => {
    for (const status of ['paid', 'payment_failed', 'expired'] as const)
      expect(nextPollDelay(status, start, start)).toBe(false);
    expect(nextPollDelay(undefined, start, start)).toBe(false);
  });
});
