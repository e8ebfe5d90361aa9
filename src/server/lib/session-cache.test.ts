import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

const NOW = Date.parse('2026-01-15T09:00:00Z');

function openCache(ttlMs?: number, maxEntries?: number) {
  const cache = new SessionCache<string>(ttlMs, maxEntries);
  cache.setAvailable(true);
  return cache;
}

describe('SessionCache', () => {
  it('keeps an answer until its app-clock limit, and no longer', () => {
    const cache = openCache();
    cache.set('k', cache.snapshot(), { value: 'ayse', userId: 'u1', validUntilMs: NOW + 1000 });
    expect(cache.get('k', NOW)).toBe('ayse');
    expect(cache.get('k', NOW + 1000)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('keeps an answer no longer than its TTL, whatever the app clock says', async () => {
    const cache = openCache(20);
    cache.set('k', cache.snapshot(), { value: 'ayse', userId: 'u1', validUntilMs: NOW + 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(cache.get('k', NOW)).toBeNull();
  });

  it('does not store what was read before an invalidation that came in meanwhile', () => {
    const cache = openCache();
    const before = cache.snapshot();
    cache.dropUser('someone-else');
    cache.set('k', before, { value: 'ayse', userId: 'u1', validUntilMs: NOW + 1000 });
    expect(cache.get('k', NOW)).toBeNull();
  });

  it('forgets all of one user’s sessions and only theirs', () => {
    const cache = openCache();
    const s = cache.snapshot();
    cache.set('a1', s, { value: 'a-phone', userId: 'a', validUntilMs: NOW + 1000 });
    cache.set('a2', s, { value: 'a-desk', userId: 'a', validUntilMs: NOW + 1000 });
    cache.set('b1', s, { value: 'b', userId: 'b', validUntilMs: NOW + 1000 });
    cache.dropUser('a');
    expect([cache.get('a1', NOW), cache.get('a2', NOW), cache.get('b1', NOW)]).toEqual([null, null, 'b']);
  });

  it('holds at most its bound, dropping the oldest', () => {
    const cache = openCache(undefined, 2);
    for (const key of ['k1', 'k2', 'k3'])
      cache.set(key, cache.snapshot(), { value: key, userId: key, validUntilMs: NOW + 1000 });
    expect(cache.size).toBe(2);
    expect([cache.get('k1', NOW), cache.get('k2', NOW), cache.get('k3', NOW)]).toEqual([null, 'k2', 'k3']);
  });

  it('answers nothing and forgets everything while unavailable (its LISTEN is down)', () => {
    const cache = openCache();
    cache.set('k', cache.snapshot(), { value: 'ayse', userId: 'u1', validUntilMs: NOW + 1000 });
    cache.setAvailable(false);
    cache.set('k2', cache.snapshot(), { value: 'ayse', userId: 'u1', validUntilMs: NOW + 1000 });
    cache.setAvailable(true);
    expect([cache.get('k', NOW), cache.get('k2', NOW)]).toEqual([null, null]);
  });
});
