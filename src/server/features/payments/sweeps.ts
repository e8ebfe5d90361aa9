import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { expireReservations } from './payments.service.ts';

const SWEEP_INTERVAL_MS = 30_000;

/**
 * Periodic trading work of this instance: returning the stock of unpaid checkouts. Each sweep is
 * an idempotent SQL sweep (SKIP LOCKED), so every instance may run it; one overlapping run per
 * instance at most.
 */
export function startTradingSweeps(db: Db, clock: Clock, log: FastifyBaseLogger, intervalMs = SWEEP_INTERVAL_MS) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => {
    if (stopped || running) return;
    running = (async () => {
      // Drain in batches: a backlog after downtime is cleared in one tick.
      while (!stopped && (await expireReservations(db, clock)) > 0);
    })()
      .catch((err) => log.error({ err }, 'reservation expiry sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  // Once at start-up too: a restart after a crash releases what expired while it was down.
  setImmediate(sweep);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
