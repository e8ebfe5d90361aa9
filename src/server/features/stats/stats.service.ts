import { PUBLIC_STATS_TTL_SECONDS } from '#shared/constants.ts';
import type { PublicStats } from '#shared/schemas/stats.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { countActiveListings, countCompletedOrders, countMembers, sumEscrowHeld } from './stats.repo.ts';

export async function computePublicStats(db: Db, clock: Clock): Promise<PublicStats> {
  // One snapshot: the four figures are read in one repeatable-read transaction so they agree.
  return db.transaction(
    async (tx) => {
      const [activeListings, members, completedOrders, escrowHeldKurus] = [
        await countActiveListings(tx),
        await countMembers(tx),
        await countCompletedOrders(tx),
        await sumEscrowHeld(tx),
      ];
      return { activeListings, members, completedOrders, escrowHeldKurus, generatedAt: clock.now().toISOString() };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * A per-instance cache: the figures are public and a minute old at most, so every instance may
 * keep its own copy; concurrent misses share one computation.
 */
export function createPublicStatsCache(db: Db, clock: Clock, ttlMs = PUBLIC_STATS_TTL_SECONDS * 1000) {
  let cached: { value: PublicStats; expiresAt: number } | null = null;
  let pending: Promise<PublicStats> | null = null;
  return {
    async get(): Promise<PublicStats> {
      const now = clock.now().getTime();
      if (cached && cached.expiresAt > now) return cached.value;
      pending ??= computePublicStats(db, clock)
        .then((value) => {
          cached = { value, expiresAt: clock.now().getTime() + ttlMs };
          return value;
        })
        .finally(() => {
          pending = null;
        });
      return pending;
    },
    invalidate() {
      cached = null;
    },
  };
}
