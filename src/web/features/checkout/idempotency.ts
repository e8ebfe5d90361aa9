import type { CheckoutBody, CheckoutResult } from '#shared/schemas/checkout.ts';
import { ApiError } from '../../lib/api-client.ts';

/**
 * One checkout attempt: the Idempotency-Key sent with POST /api/checkout and the body it was
 * sent with. The server replays the first answer for the same key and body, so reusing the key
 * for the same submission (a double click, a retry after a lost answer) can never create a
 * second order group; a changed cart, address, instalment or amount is a new attempt.
 */
export interface CheckoutAttempt {
  key: string;
  fingerprint: string;
}

/** The body as text; our own code builds it with a fixed key order, so equal bodies give equal text. */
export function fingerprintOf(body: CheckoutBody): string {
  return JSON.stringify(body);
}

/**
 * A random v4 UUID. crypto.randomUUID exists only in secure contexts (HTTPS, localhost): a shop
 * opening the app over plain HTTP on its network still gets a key, from getRandomValues.
 */
export function newIdempotencyKey(
  source: { getRandomValues(array: Uint8Array): Uint8Array; randomUUID?: () => string } = crypto,
): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The attempt for this body: the previous one when the body is unchanged, otherwise a fresh key. */
export function attemptFor(
  previous: CheckoutAttempt | null,
  body: CheckoutBody,
  newKey: () => string = () => newIdempotencyKey(),
): CheckoutAttempt {
  const fingerprint = fingerprintOf(body);
  return previous?.fingerprint === fingerprint ? previous : { key: newKey(), fingerprint };
}

/**
 * Whether a failed submission keeps its key for the next try. When we cannot know what the server
 * did (no answer, a server failure, still in progress) the same key must go again: a group may
 * already exist and will be replayed. A refusal the server answered on purpose (changed cart,
 * invalid address, empty cart, key reused with another body) wrote nothing: the next try is new.
 */
export function keepsAttempt(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === 'REQUEST_IN_PROGRESS') return true;
  return error.status === 0 || error.status >= 500;
}

/** How often and how long a submission still "in progress" on the server is asked again with its key. */
export const IN_PROGRESS_RETRY_MS = 1000;
export const IN_PROGRESS_MAX_TRIES = 6;

/**
 * Sends one attempt; while the server answers REQUEST_IN_PROGRESS (the first request with this key
 * is still running, e.g. after a double click), waits and asks again with the same key, which then
 * replays the first request's answer.
 */
export async function sendWithInProgressRetry<T>(
  send: () => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const isInProgress = error instanceof ApiError && error.code === 'REQUEST_IN_PROGRESS';
      if (!isInProgress || attempt >= IN_PROGRESS_MAX_TRIES) throw error;
      await wait(IN_PROGRESS_RETRY_MS);
    }
  }
}

/**
 * Whether an answer is a replay of an order group whose reservation has already run out (the
 * buyer came back to the checkout long after leaving the card page): that group cannot be paid
 * any more, so the submission starts a new one with a new key.
 */
export function isReservationOver(result: Pick<CheckoutResult, 'reservedUntil'>, now: number): boolean {
  return Date.parse(result.reservedUntil) <= now;
}
