import { describe, expect, it } from 'vitest';
import type { CheckoutBody } from '#shared/schemas/checkout.ts';
import { ApiError } from '../../lib/api-client.ts';
import {
  attemptFor,
  IN_PROGRESS_MAX_TRIES,
  IN_PROGRESS_RETRY_MS,
  isReservationOver,
  keepsAttempt,
  newIdempotencyKey,
  sendWithInProgressRetry,
} from './idempotency.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const body: CheckoutBody = {
  lines: [{ listingId: '0b9f5a52-7c1e-4a57-9a0d-3d2f6c1e8b11', quantity: 2, seenUnitPriceKurus: 115_000 }],
  shippingAddress: {
    full_name: 'Kadıköy Optik',
    address: 'Moda Cad. No: 1',
    city: 'İstanbul',
    district: 'Kadıköy',
    phone: '05321234567',
  },
  paymentMethod: 'card',
  installments: 1,
  expectedChargedKurus: 248_920,
};

function keys() {
  let n = 0;
  return () => `key-${++n}`;
}

const apiError = (code: ConstructorParameters<typeof ApiError>[0], status: number) => new ApiError(code, 'x', status);

describe('attemptFor', () => {
  it('reuses the key for the same submission (a double click or a retry cannot create a second order)', () => {
    const newKey = keys();
    const first = attemptFor(null, body, newKey);
    expect(first.key).toBe('key-1');
    expect(attemptFor(first, structuredClone(body), newKey)).toBe(first);
  });

  it.each([
    ['the cart', { ...body, lines: [{ ...body.lines[0], quantity: 3 }] }],
    ['the address', { ...body, shippingAddress: { ...body.shippingAddress, district: 'Üsküdar' } }],
    ['the instalments', { ...body, installments: 3 as const }],
    ['the agreed amount', { ...body, expectedChargedKurus: 254_000 }],
  ])('takes a new key when %s changes', (_what, changed) => {
    const newKey = keys();
    const first = attemptFor(null, body, newKey);
    expect(attemptFor(first, changed, newKey).key).toBe('key-2');
  });

  it('takes a new key after the previous attempt was dropped', () => {
    const newKey = keys();
    attemptFor(null, body, newKey);
    expect(attemptFor(null, body, newKey).key).toBe('key-2');
  });

  it('makes UUID keys by default', () => {
    expect(attemptFor(null, body).key).toMatch(UUID_V4);
  });
});

describe('newIdempotencyKey', () => {
  it('makes distinct v4 UUIDs also where crypto.randomUUID is missing (plain HTTP)', () => {
    const insecure = { getRandomValues: (array: Uint8Array) => crypto.getRandomValues(array) };
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey(insecure)));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('sets the version and variant bits whatever the random bytes are', () => {
    const fill = (value: number) => ({
      getRandomValues: (array: Uint8Array) => array.fill(value),
    });
    expect(newIdempotencyKey(fill(0xff))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    expect(newIdempotencyKey(fill(0x00))).toBe('00000000-0000-4000-8000-000000000000');
  });
});

describe('keepsAttempt', () => {
  it('keeps the key when the outcome is unknown: no answer, a server failure, still in progress', () => {
    expect(keepsAttempt(apiError('SERVICE_UNAVAILABLE', 0))).toBe(true);
    expect(keepsAttempt(apiError('INTERNAL_ERROR', 500))).toBe(true);
    expect(keepsAttempt(apiError('SERVICE_UNAVAILABLE', 503))).toBe(true);
    expect(keepsAttempt(apiError('REQUEST_IN_PROGRESS', 409))).toBe(true);
    expect(keepsAttempt(new TypeError('boom'))).toBe(true);
  });

  it('drops the key after a refusal that wrote nothing', () => {
    expect(keepsAttempt(apiError('CART_CHANGED', 409))).toBe(false);
    expect(keepsAttempt(apiError('CART_EMPTY', 422))).toBe(false);
    expect(keepsAttempt(apiError('VALIDATION_FAILED', 400))).toBe(false);
    expect(keepsAttempt(apiError('IDEMPOTENCY_KEY_REUSED', 422))).toBe(false);
  });
});

describe('sendWithInProgressRetry', () => {
  it('asks again after a pause while the first request with the key is still running, then returns its answer', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await sendWithInProgressRetry(
      async () => {
        calls++;
        if (calls < 3) throw apiError('REQUEST_IN_PROGRESS', 409);
        return 'group';
      },
      async (ms) => void waits.push(ms),
    );
    expect(result).toBe('group');
    expect(calls).toBe(3);
    expect(waits).toEqual([IN_PROGRESS_RETRY_MS, IN_PROGRESS_RETRY_MS]);
  });

  it('gives up after a bounded number of tries', async () => {
    let calls = 0;
    const send = async () => {
      calls++;
      throw apiError('REQUEST_IN_PROGRESS', 409);
    };
    await expect(sendWithInProgressRetry(send, async () => undefined)).rejects.toMatchObject({
      code: 'REQUEST_IN_PROGRESS',
    });
    expect(calls).toBe(IN_PROGRESS_MAX_TRIES);
  });

  it('does not repeat any other failure', async () => {
    let calls = 0;
    const send = async () => {
      calls++;
      throw apiError('CART_CHANGED', 409);
    };
    await expect(sendWithInProgressRetry(send, async () => undefined)).rejects.toMatchObject({ code: 'CART_CHANGED' });
    expect(calls).toBe(1);
  });
});

describe('isReservationOver', () => {
  const now = Date.parse('2026-11-24T03:00:00.000Z');

  it('is over once the reservation time has passed, and not before', () => {
    expect(isReservationOver({ reservedUntil: '2026-11-24T03:15:00.000Z' }, now)).toBe(false);
    expect(isReservationOver({ reservedUntil: '2026-11-24T03:00:00.000Z' }, now)).toBe(true);
    expect(isReservationOver({ reservedUntil: '2026-11-24T02:59:59.000Z' }, now)).toBe(true);
  });
});
