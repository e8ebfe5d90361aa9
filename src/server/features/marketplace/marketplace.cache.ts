import type { Clock } from '../../lib/clock.ts';

/** A listing as the cached results read it (migration 0033's marketplace_listing_state). */
export interface ListingState {
  id: string;
  productId: string | null;
  status: string;
  miad: string | null;
  kategori: string;
  altKategori: string | null;
  marka: string;
  priceKurus: number;
  discountPercent: number | null;
  stock: number;
  isPromoted: boolean;
  createdAtMs: number;
  /** A digest of what changes only its product's card (seller, picture; migration 0034); null when not announced. */
  cardKey: string | null;
}

/** One listing's committed change: null before for a new listing, null after for a deleted one. */
export interface ListingChange {
  before: ListingState | null;
  after: ListingState | null;
}

/** One committed transaction's announcement: its version number and its listings' changes, or null when anything may have changed. */
export interface MarketplaceAnnouncement {
  version: number;
  changes: ListingChange[] | null;
}

/**
 * What a listing change does to a cached value: false leaves it, true drops it, `{ patched }`
 * replaces it with the value as the change made it. `value` is undefined while it is being
 * computed; `version` is the number of the announcement that carries the change.
 */
export type AffectedBy<T> = (change: ListingChange, value: T | undefined, version: number) => boolean | { patched: T };

/**
 * An in-memory cache of marketplace computations (search matches, counts, facets, pages; decision
 * 012). Each entry is stamped with a version (the catalogue version, the day) and answers only
 * under it; entries that say which listing changes affect them are dropped by `apply` when such a
 * change is announced, while they are computed too, so an answer read before a change is never
 * kept after it. The time limit is a safety net for a change that no announcement reached.
 * Concurrent misses share one computation; a failed computation is not kept. Least recently used
 * entries make room for new ones.
 */
export interface ResultCache {
  get<T>(key: string, version: string, compute: () => Promise<T>, affectedBy?: AffectedBy<T>): Promise<T>;
  /** Drops (or patches) the entries announcement `version`'s changes affect; null drops every entry that depends on listings. */
  apply(changes: ListingChange[] | null, version: number): void;
  /** Drops every entry. */
  clear(): void;
}

interface Entry {
  version: string;
  expiresAt: number;
  value: Promise<unknown>;
  settled?: { value: unknown };
  affectedBy?: AffectedBy<unknown>;
}

export function createResultCache(
  clock: Clock,
  options: { maxEntries: number; ttlMs: number; onCompute?: () => void },
): ResultCache {
  const entries = new Map<string, Entry>();
  return {
    get<T>(key: string, version: string, compute: () => Promise<T>, affectedBy?: AffectedBy<T>): Promise<T> {
      const now = clock.now().getTime();
      const hit = entries.get(key);
      entries.delete(key);
      if (hit && hit.version === version && hit.expiresAt > now) {
        entries.set(key, hit);
        return hit.value as Promise<T>;
      }
      options.onCompute?.();
      const entry: Entry = {
        version,
        expiresAt: now + options.ttlMs,
        value: compute(),
        affectedBy: affectedBy as AffectedBy<unknown> | undefined,
      };
      entries.set(key, entry);
      entry.value.then(
        (value) => {
          entry.settled = { value };
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries) break;
        entries.delete(oldest);
      }
      return entry.value as Promise<T>;
    },
    apply(changes: ListingChange[] | null, version: number): void {
      for (const [key, entry] of entries) {
        const { affectedBy } = entry;
        if (!affectedBy) continue;
        if (changes === null) {
          entries.delete(key);
          continue;
        }
        // The changes one after another: a patch is made to the value the previous one left.
        for (const change of changes) {
          const effect = affectedBy(change, entry.settled?.value, version);
          if (effect === false) continue;
          if (effect === true || !entry.settled) {
            entries.delete(key);
            break;
          }
          entry.settled = { value: effect.patched };
          entry.value = Promise.resolve(effect.patched);
        }
      }
    },
    clear(): void {
      entries.clear();
    },
  };
}

/** The marketplace's caches on one server instance. */
export interface MarketplaceCache {
  /** Search query → matching catalogue products with their scores (catalogue version). */
  matches: ResultCache;
  /** Browse filters → total, facets and per-relevance-tier counts; also the category and brand counts. */
  counts: ResultCache;
  /** Whole browse results: one page of one query, for members or for visitors. */
  pages: ResultCache;
  /** Listing changes heard so far, and whether the caches may answer a request. */
  changes: MarketplaceChanges;
}

const TTL_MS = 60_000;
/** How long a request waits for an announcement whose version number it has read. */
export const ANNOUNCEMENT_WAIT_MS = 250;

export function createMarketplaceCache(
  clock: Clock,
  onCompute?: (cache: 'counts' | 'pages') => void,
): MarketplaceCache {
  const counts = createResultCache(clock, { maxEntries: 1000, ttlMs: TTL_MS, onCompute: () => onCompute?.('counts') });
  // A page of 24 cards is some 15 kB.
  const pages = createResultCache(clock, { maxEntries: 1000, ttlMs: TTL_MS, onCompute: () => onCompute?.('pages') });
  return {
    // A broad query may match thousands of products; 100 such lists stay well under 50 MB.
    matches: createResultCache(clock, { maxEntries: 100, ttlMs: TTL_MS }),
    counts,
    pages,
    changes: new MarketplaceChanges([counts, pages]),
  };
}

/** ListingState's fields in the order marketplace_listing_state (migrations 0033, 0034) lists them. */
const stateFields = [
  'id',
  'productId',
  'status',
  'miad',
  'kategori',
  'altKategori',
  'marka',
  'priceKurus',
  'discountPercent',
  'stock',
  'isPromoted',
  'createdAtMs',
  'cardKey',
] as const satisfies readonly (keyof ListingState)[];

/** Reads one NOTIFY of migrations 0033 and 0034; null when it is not one. */
export function parseAnnouncement(payload: string): MarketplaceAnnouncement | null {
  try {
    const message = JSON.parse(payload) as { v?: unknown; c?: unknown };
    if (typeof message.v !== 'number' || !Number.isSafeInteger(message.v)) return null;
    if (message.c === null) return { version: message.v, changes: null };
    if (!Array.isArray(message.c)) return null;
    // The array of marketplace_listing_state, in its order; a digest missing (before migration 0034) is null.
    const state = (row: unknown): ListingState | null =>
      Array.isArray(row)
        ? (Object.fromEntries(stateFields.map((field, i) => [field, row[i] ?? null])) as unknown as ListingState)
        : null;
    return {
      version: message.v,
      changes: (message.c as unknown[][]).map(([before, after]) => ({ before: state(before), after: state(after) })),
    };
  } catch {
    return null;
  }
}

/**
 * What this instance has heard of the marketplace's changes. Every committed change is announced
 * with the next number of marketplace_version_seq (migration 0033), and a request reads that
 * sequence first: a number above the last one heard means an announcement is on its way (its
 * transaction is committing, or its NOTIFY is in flight), so the request waits for it before it
 * trusts a cached result. A number never heard within ANNOUNCEMENT_WAIT_MS (a transaction that
 * failed after drawing it, a NOTIFY stuck somewhere) empties the caches instead: guessing what it
 * changed is not allowed. While the LISTEN is down nothing is heard, so the caches are off.
 */
export class MarketplaceChanges {
  /** Every version up to this one has been applied; null until the first request after (re)start. */
  private known: number | null = null;
  /** Versions above `known` already applied. */
  private readonly ahead = new Set<number>();
  private available = false;
  private waiters: { version: number; wake: () => void }[] = [];

  constructor(private readonly caches: ResultCache[]) {}

  hear(announcement: MarketplaceAnnouncement): void {
    // Applied even when its number was given up on: a late announcement still drops what it touches.
    for (const cache of this.caches) cache.apply(announcement.changes, announcement.version);
    if (this.known === null || announcement.version <= this.known) return;
    this.ahead.add(announcement.version);
    while (this.ahead.delete(this.known + 1)) this.known += 1;
    const known = this.known;
    this.waiters = this.waiters.filter((waiter) => {
      if (waiter.version > known) return true;
      waiter.wake();
      return false;
    });
  }

  /** The LISTEN is up (starts answering from a clean slate) or down (forgets everything, answers nothing). */
  setAvailable(available: boolean): void {
    this.available = available;
    this.known = null;
    this.ahead.clear();
    for (const cache of this.caches) cache.clear();
    for (const waiter of this.waiters) waiter.wake();
    this.waiters = [];
  }

  /**
   * Whether the caches may answer a request that read `version`: once every announcement up to it
   * is applied (waiting for it if need be). False while the LISTEN is down.
   */
  async ready(version: number): Promise<boolean> {
    if (!this.available) return false;
    if (this.known === null) {
      // Nothing is cached yet (start, reconnect): what committed before this read is in the data, the rest will be heard.
      this.known = version;
      return true;
    }
    if (version <= this.known) return true;
    await new Promise<void>((resolve) => {
      const waiter = { version, wake: () => (clearTimeout(timer), resolve()) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve();
      }, ANNOUNCEMENT_WAIT_MS);
      this.waiters.push(waiter);
    });
    if (!this.available) return false;
    if (this.known === null) this.known = version;
    if (this.known < version) {
      for (const cache of this.caches) cache.clear();
      this.known = version;
      for (const heard of this.ahead) if (heard <= version) this.ahead.delete(heard);
      while (this.ahead.delete(this.known + 1)) this.known += 1;
    }
    return true;
  }
}
