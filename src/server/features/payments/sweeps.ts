import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import {
  cancelOverdueUnshippedOrders,
  cancelUnacceptedOrders,
  releaseDueOrders,
  remindUpcomingReleases,
  runProviderJobs,
  type FulfilmentDeps,
} from '../fulfilment/index.ts';
import { escalateDueDisputes } from '../disputes/index.ts';
import { notifyExpiringListings } from '../listings/index.ts';
import { expireReservations } from './payments.service.ts';

const SWEEP_INTERVAL_MS = 30_000;
/** The miat sweep runs once a day per instance; it is idempotent, so instances may overlap. */
const DAILY_MS = 24 * 60 * 60_000;

export interface TradingSweepDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  provider: PaymentProvider;
  fulfilment: Omit<FulfilmentDeps, 'kickProviderJobs'>;
}

/**
 * Periodic trading work of this instance: returning the stock of unpaid checkouts, cancelling
 * orders not accepted or not shipped in time, reminding and releasing at escrow end, escalating disputes the
 * seller left unanswered, telling sellers of listings near their miat (daily), and sending due provider
 * jobs (releases, refunds). Each sweep is idempotent (SKIP LOCKED), so every instance may run it;
 * one overlapping run per instance at most. kick() runs a tick now (a confirmation's release).
 */
export function startTradingSweeps(deps: TradingSweepDeps, intervalMs = SWEEP_INTERVAL_MS) {
  const { db, clock, log } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  // Only a throttle: which listings were announced is stored on them (miad_notified_at).
  let miadSweptAt = -Infinity;
  const step = async (name: string, work: () => Promise<number>) => {
    try {
      // Drain in batches: a backlog after downtime is cleared in one tick.
      while (!stopped && (await work()) > 0);
    } catch (err) {
      log.error({ err }, `${name} sweep failed`);
    }
  };
  const sweep = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      await step('reservation expiry', () => expireReservations(db, clock));
      await step('approval deadline', () => cancelUnacceptedOrders(db, clock, deps.fulfilment));
      await step('ship deadline', () => cancelOverdueUnshippedOrders(db, clock, deps.fulfilment));
      await step('release reminder', () => remindUpcomingReleases(db, clock, deps.fulfilment));
      await step('automatic release', () => releaseDueOrders(db, clock, deps.fulfilment));
      await step('dispute escalation', () => escalateDueDisputes(db, clock));
      if (clock.now().getTime() - miadSweptAt >= DAILY_MS) {
        miadSweptAt = clock.now().getTime();
        await step('miat notice', () => notifyExpiringListings(db, clock));
      }
      await step('provider jobs', () => runProviderJobs({ db, clock, provider: deps.provider, log }));
    })().finally(() => {
      running = null;
      if (again) {
        again = false;
        setImmediate(sweep);
      }
    });
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  // Once at start-up too: a restart after a crash catches up on what fell due while it was down.
  setImmediate(sweep);
  return {
    kick: sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
