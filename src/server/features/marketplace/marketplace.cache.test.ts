import { describe, expect, it } from 'vitest';
import { listingState } from '../../../../test/factories.ts';
import { createManualClock } from '../../lib/clock.ts';
import {
  ANNOUNCEMENT_WAIT_MS,
  createResultCache,
  MarketplaceChanges,
  type ListingChange,
} from './marketplace.cache.ts';

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

describe('patching cached values', () => {
  it('replaces an entry with the patch of each change in turn, and drops it on the first change it cannot patch', async () => {
    const cache = createResultCache(createManualClock(), { maxEntries: 10, ttlMs: 60_000 });
    let computed = 0;
    const compute = (value: number) => async () => (computed++, value);
    const effect = (change: ListingChange, value: number | undefined) =>
      change.after === null ? true : value === undefined ? true : { patched: value + change.after.stock };
    expect(await cache.get('k', 'day', compute(10), effect)).toBe(10);
    cache.apply(
      [
        { before: listingState(), after: listingState({ stock: 2 }) },
        { before: listingState(), after: listingState({ stock: 3 }) },
      ],
      1,
    );
    expect(await cache.get('k', 'day', compute(0), effect)).toBe(15);
    expect(computed).toBe(1);
    cache.apply(
      [
        { before: listingState(), after: listingState({ stock: 1 }) },
        { before: listingState(), after: null },
      ],
      2,
    );
    expect(await cache.get('k', 'day', compute(0), effect)).toBe(0);
    expect(computed).toBe(2);
  });

  it('drops an entry still being computed instead of patching it', async () => {
    const cache = createResultCache(createManualClock(), { maxEntries: 10, ttlMs: 60_000 });
    let finish!: (value: number) => void;
    const effect = (_change: ListingChange, value: number | undefined) =>
      value === undefined ? true : { patched: -1 };
    const first = cache.get('k', 'day', () => new Promise<number>((resolve) => (finish = resolve)), effect);
    cache.apply([{ before: listingState(), after: listingState({ stock: 2 }) }], 1);
    finish(10);
    expect(await first).toBe(10);
    expect(await cache.get('k', 'day', async () => 20, effect)).toBe(20);
  });
});

describe('marketplace changes', () => {
  const touchesP1 = (change: ListingChange) => change.after?.productId === 'p1';
  const setup = () => {
    const cache = createResultCache(createManualClock(), { maxEntries: 10, ttlMs: 60_000 });
    const changes = new MarketplaceChanges([cache]);
    changes.setAvailable(true);
    return { cache, changes };
  };

  it('waits for an announcement whose number a request read, and drops only what it touches', async () => {
    const { cache, changes } = setup();
    const c = counter();
    expect(await changes.ready(1)).toBe(true);
    await cache.get('p1', 'day', c.compute('p1-'), touchesP1);
    await cache.get('p2', 'day', c.compute('p2-'), (change) => change.after?.productId === 'p2');
    let ready = false;
    const waiting = changes.ready(2).then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ready).toBe(false);
    changes.hear({ version: 2, changes: [{ before: listingState(), after: listingState({ stock: 4 }) }] });
    await waiting;
    expect(await cache.get('p1', 'day', c.compute('p1-'), touchesP1)).toBe('p1-3');
    expect(await cache.get('p2', 'day', c.compute('p2-'))).toBe('p2-2');
  });

  it('drops a result being computed when a change it depends on is heard meanwhile', async () => {
    const { cache, changes } = setup();
    let finish!: (value: string) => void;
    const first = cache.get('p1', 'day', () => new Promise<string>((resolve) => (finish = resolve)), touchesP1);
    changes.hear({ version: 1, changes: [{ before: null, after: listingState() }] });
    finish('before the change');
    expect(await first).toBe('before the change');
    expect(await cache.get('p1', 'day', async () => 'after the change', touchesP1)).toBe('after the change');
  });

  it(`empties the caches when a number is not heard within ${ANNOUNCEMENT_WAIT_MS} ms, and answers nothing while the LISTEN is down`, async () => {
    const { cache, changes } = setup();
    const c = counter();
    await changes.ready(1);
    await cache.get('k', 'day', c.compute(), () => false);
    const started = performance.now();
    expect(await changes.ready(2)).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(ANNOUNCEMENT_WAIT_MS - 5);
    expect(await cache.get('k', 'day', c.compute(), () => false)).toBe('v2');
    changes.setAvailable(false);
    expect(await changes.ready(2)).toBe(false);
    changes.setAvailable(true);
    expect(await changes.ready(5)).toBe(true);
  });
});
