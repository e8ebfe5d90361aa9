import { PUBLIC_STATS_TTL_SECONDS } from '#shared/constants.ts';
import { publicStatsSchema, type PublicStats } from '#shared/schemas/stats.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { sumEscrowHeld } from '../../lib/ledger.ts';
import { countCompletedOrders } from '../orders/index.ts';
import { countActiveListings, countMembers } from './stats.repo.ts';

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
  let cached: { json: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  return {
    /**
     * The figures as JSON text. Checked against the response schema and serialised once per fill,
     * not on every request: the endpoint is hit by every visitor.
     */
    async getJson(): Promise<string> {
      const now = clock.now().getTime();
      if (cached && cached.expiresAt > now) return cached.json;
      pending ??= computePublicStats(db, clock)
        .then((value) => {
          const json = JSON.stringify(publicStatsSchema.parse(value));
          cached = { json, expiresAt: clock.now().getTime() + ttlMs };
          return json;
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
