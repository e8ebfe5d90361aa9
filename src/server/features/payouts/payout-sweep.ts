import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import { runPayouts } from './payouts.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily payout run of this instance. runPayouts is idempotent and safe on many instances
 * (SKIP LOCKED), so every instance may run it; one run at a time per instance.
 */
export function startPayoutSweep(
  db: Db,
  clock: Clock,
  provider: Pick<PaymentProvider, 'name'>,
  log: FastifyBaseLogger,
  intervalMs = DAY_MS,
) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => {
    if (stopped || running) return;
    running = runPayouts(db, clock, provider)
      .then((result) => {
        if (result.paid > 0 || result.skipped > 0) log.info(result, 'payout run');
      })
      .catch((err) => log.error({ err }, 'payout run failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
