import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.ts';
import { createResultCache } from './marketplace.cache.ts';

function counter() {
  let calls = 0;
  return {
    compute:
      (value = 'v') =>
      async () => {
        calls++;
        return `${value}${calls}`;
      },
    get calls() {
      return calls;
    },
  };
}

describe('result cache', () => {
  it('answers from memory while the version is unchanged, and computes again when it moves', async () => {
    const cache = createResultCache(createManualClock(), { maxEntries: 10, ttlMs: 60_000 });
    const c = counter();
    expect(await cache.get('k', '1', c.compute())).toBe('v1');
    expect(await cache.get('k', '1', c.compute())).toBe('v1');
    expect(await cache.get('k', '2', c.compute())).toBe('v2');
    expect(c.calls).toBe(2);
  });

  it('computes again once the time limit has passed, even under the same version', async () => {
    const clock = createManualClock();
    const cache = createResultCache(clock, { maxEntries: 10, ttlMs: 60_000 });
    const c = counter();
    await cache.get('k', '1', c.compute());
    clock.advance(59_999);
    await cache.get('k', '1', c.compute());
    clock.advance(1);
    expect(await cache.get('k', '1', c.compute())).toBe('v2');
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = createResultCache(createManualClock(), { maxEntries: 10, ttlMs: 60_000 });
    const c = counter();
    const results = await Promise.all([1, 2, 3].map(() => cache.get('k', '1', c.compute())));
    expect(results).toEqual(['v1', 'v1', 'v1']);
    expect(c.calls).toBe(1);
  });

  it('does not keep a failed computation', async () => {
    const cache = createResultCache(createManualClock(), { maxEntries: 10, ttlMs: 60_000 });
    await expect(cache.get('k', '1', () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect(await cache.get('k', '1', async () => 'fresh')).toBe('fresh');
  });

  it('drops the least recently used entry when full', async () => {
    const cache = createResultCache(createManualClock(), { maxEntries: 2, ttlMs: 60_000 });
    const c = counter();
    await cache.get('a', '1', c.compute('a'));
    await cache.get('b', '1', c.compute('b'));
    await cache.get('a', '1', c.compute('a')); // a is now the most recently used
    await cache.get('c', '1', c.compute('c')); // b makes room
    expect(await cache.get('a', '1', c.compute('a'))).toBe('a1');
    expect(await cache.get('b', '1', c.compute('b'))).toBe('b4');
  });
});
