import { describe, expect, it } from 'vitest';
import { rememberPendingPayment, takePendingPayment } from './pending-payment.ts';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const groupId = '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b';

describe('pending payment', () => {
  it('hands the bought lines to the result page of the same group, once', () => {
    const store = memoryStore();
    rememberPendingPayment({ groupId, listingIds: ['a', 'b'] }, store);
    expect(takePendingPayment(groupId, store)).toEqual({ groupId, listingIds: ['a', 'b'] });
    expect(takePendingPayment(groupId, store)).toBeNull();
  });

  it('gives nothing for another group, so an old result page never empties a newer cart', () => {
    const store = memoryStore();
    rememberPendingPayment({ groupId, listingIds: ['a'] }, store);
    expect(takePendingPayment('11111111-2222-4333-8444-555555555555', store)).toBeNull();
    expect(takePendingPayment(groupId, store)).toEqual({ groupId, listingIds: ['a'] });
  });

  it('treats unreadable storage as nothing pending', () => {
    const store = memoryStore();
    store.setItem('checkout:pending-payment', '{bozuk');
    expect(takePendingPayment(groupId, store)).toBeNull();
    expect(takePendingPayment(groupId, null)).toBeNull();
  });
});
