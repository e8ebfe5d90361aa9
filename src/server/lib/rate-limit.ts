import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/rate-limits.ts';

export interface RateLimitHit {
  count: number;
  resetAt: Date;
  limited: boolean;
}

/**
 * Counts one attempt against `key` in a fixed window and says whether it is over `max`.
 * One upsert, atomic under concurrency: the row lock serialises hits on the same key, and the
 * window restarts in the same statement once it has passed.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  max: number,
  windowMs: number,
  now: Date,
): Promise<RateLimitHit> {
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
  return { count: row.count, resetAt: row.resetAt, limited: row.count > max };
}

/** Removes windows that have ended; run periodically. */
export async function sweepRateLimits(db: Db, now: Date): Promise<number> {
  const removed = await db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key });
  return removed.length;
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
