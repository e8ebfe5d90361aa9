/** How long a resolved session is trusted without asking the database (wall time, whatever the app's clock says). */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Entries kept at most; beyond it the oldest go first. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  userId: string;
  /** performance.now() after which the entry is stale (the TTL). */
  staleAtMonotonic: number;
  /** App-clock time from which the database must be asked again (refresh window, expiry, absolute lifetime). */
  validUntilMs: number;
}

/**
 * An instance's memory of resolved sessions, keyed by the signed session cookie (never logged).
 * It answers only while `isAvailable`: the owner turns it off (and it forgets everything) while
 * the LISTEN that carries invalidations from other instances is down, since it would otherwise
 * serve revoked sessions until the TTL.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly keysByUser = new Map<string, Set<string>>();
  /**
   * Bumped by every invalidation. A miss remembers it before asking the database and fills only
   * if it did not move meanwhile: a revocation that lands while a session is being read must not
   * be undone by that read's (older) answer.
   */
  private generation = 0;
  private available = false;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {}

  get isAvailable(): boolean {
    return this.available;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Starts answering (the LISTEN is up) or stops and forgets everything (it is down). */
  setAvailable(available: boolean): void {
    this.available = available;
    if (!available) this.clear();
  }

  /** The entry under `key`, if fresh by the TTL and still valid at `nowMs` on the app's clock. */
  get(key: string, nowMs: number): T | null {
    if (!this.available) return null;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (performance.now() >= entry.staleAtMonotonic || nowMs >= entry.validUntilMs) {
      this.delete(key);
      return null;
    }
    return entry.value;
  }

  /** A token to hand back to `set`: the fill is dropped if an invalidation came in between. */
  snapshot(): number {
    return this.generation;
  }

  set(key: string, snapshot: number, entry: { value: T; userId: string; validUntilMs: number }): void {
    if (!this.available || snapshot !== this.generation) return;
    this.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(key, { ...entry, staleAtMonotonic: performance.now() + this.ttlMs });
    let keys = this.keysByUser.get(entry.userId);
    if (!keys) this.keysByUser.set(entry.userId, (keys = new Set()));
    keys.add(key);
  }

  /** Forgets every session of this user (signed out, revoked, their access or profile changed). */
  dropUser(userId: string): void {
    this.generation += 1;
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key);
    this.keysByUser.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.keysByUser.clear();
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysByUser.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.userId);
  }
}
