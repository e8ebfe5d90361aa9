import type { CheckoutGroupStatus } from '#shared/schemas/checkout.ts';

/** The result page asks every 2 s while the bank's answer is awaited, for up to a minute. */
export const RESULT_POLL_MS = 2000;
export const RESULT_POLL_LIMIT_MS = 60_000;

/** The delay before the next status request, or false to stop asking. */
export function nextPollDelay(status: CheckoutGroupStatus['status'] | undefined, startedAt: number, now: number) {
  if (status !== 'awaiting_payment') return false;
  return now - startedAt < RESULT_POLL_LIMIT_MS ? RESULT_POLL_MS : false;
}
