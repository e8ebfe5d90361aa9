import type { Clock } from '../../lib/clock.ts';

/**
 * An in-memory cache of marketplace computations (search matches, counts, facets, pages), each
 * entry stamped with the version it was computed under (decision 012). A version moves as soon as
 * the data behind it changes, so an entry answers only while that data is unchanged. The time
 * limit is a safety net for the instant between a writer's version bump and its commit becoming
 * visible. Concurrent misses share one computation; a failed computation is not kept. Least
 * recently used entries make room for new ones.
 */
export interface VersionedCache {
  get<T>(key: string, version: string, compute: () => Promise<T>): Promise<T>;
}

interface Entry {
  version: string;
  expiresAt: number;
  value: Promise<unknown>;
}

export function createVersionedCache(clock: Clock, options: { maxEntries: number; ttlMs: number }): VersionedCache {
  const entries = new Map<string, Entry>();
  return {
    get<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && hit.version === version && hit.expiresAt > now) {
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      const entry: Entry = { version, expiresAt: now + options.ttlMs, value: compute() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries) break;
        entries.delete(oldest);
      }
      return entry.value as Promise<T>;
    },
  };
}

/** The marketplace's caches on one server instance. */
export interface MarketplaceCache {
  /** Search query → matching catalogue products with their scores (catalogue version). */
  matches: VersionedCache;
  /** Browse filters → total, facets and per-relevance-tier counts; also the category counts (marketplace version). */
  counts: VersionedCache;
  /** Whole browse results: one page of one query, for members or for visitors (marketplace version). */
  pages: VersionedCache;
}

const TTL_MS = 60_000;

export function createMarketplaceCache(clock: Clock): MarketplaceCache {
  return {
    // A broad query may match thousands of products; 100 such lists stay well under 50 MB.
    matches: createVersionedCache(clock, { maxEntries: 100, ttlMs: TTL_MS }),
    counts: createVersionedCache(clock, { maxEntries: 1000, ttlMs: TTL_MS }),
    // A page of 24 cards is some 15 kB.
    pages: createVersionedCache(clock, { maxEntries: 1000, ttlMs: TTL_MS }),
  };
}
