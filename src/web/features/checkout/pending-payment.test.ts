import { describe, expect, it } from 'vitest';
import { loadAttempt, rememberPendingPayment, saveAttempt, takePendingPayment } from './pending-payment.ts';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const groupId = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';
const attempt = { key: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', fingerprint: '{"lines":[]}' };

describe('checkout attempt across page loads', () => {
  it('comes back after a reload until it is dropped', () => {
    const store = memoryStore();
    expect(loadAttempt(store)).toBeNull();
    saveAttempt(attempt, store);
    expect(loadAttempt(store)).toEqual(attempt);
    saveAttempt(null, store);
    expect(loadAttempt(store)).toBeNull();
  });

  it('ignores unreadable or malformed storage', () => {
    const store = memoryStore();
    store.setItem('checkout:attempt', '{bozuk');
    expect(loadAttempt(store)).toBeNull();
    store.setItem('checkout:attempt', JSON.stringify({ key: 42 }));
    expect(loadAttempt(store)).toBeNull();
    expect(loadAttempt(null)).toBeNull();
  });
});

describe('pending payment', () => {
  it('hands the bought lines to the result page of the same group, once, and ends the attempt', () => {
    const store = memoryStore();
    saveAttempt(attempt, store);
    rememberPendingPayment({ groupId, listingIds: ['a', 'b'] }, store);
    expect(takePendingPayment(groupId, store)).toEqual({ groupId, listingIds: ['a', 'b'] });
    expect(takePendingPayment(groupId, store)).toBeNull();
    // Settled: paying the same cart again must be a new order group, not a replay of this one.
    expect(loadAttempt(store)).toBeNull();
  });

  it('gives nothing for another group, so an old result page never empties a newer cart or ends its attempt', () => {
    const store = memoryStore();
    saveAttempt(attempt, store);
    rememberPendingPayment({ groupId, listingIds: ['a'] }, store);
    expect(takePendingPayment('11111111-2222-4333-8444-555555555555', store)).toBeNull();
    expect(loadAttempt(store)).toEqual(attempt);
    expect(takePendingPayment(groupId, store)).toEqual({ groupId, listingIds: ['a'] });
  });

  it('treats unreadable storage as nothing pending', () => {
    const store = memoryStore();
    store.setItem('checkout:pending-payment', '{bozuk');
    expect(takePendingPayment(groupId, store)).toBeNull();
    expect(takePendingPayment(groupId, null)).toBeNull();
  });
});
