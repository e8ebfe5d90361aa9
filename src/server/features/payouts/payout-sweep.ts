import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import { runPayouts } from './payouts.service.ts';

const HOUR_MS = 60 * 60 * 1000;
/** The daily payout run starts in this hour of the day, Turkish time (a quiet hour). */
export const PAYOUT_HOUR = 3;

const turkishHour = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Istanbul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/**
 * The Turkish calendar day whose payout run is due at `now`, or null outside the payout hour.
 * Ticking hourly rather than sleeping a day: a server restarted more often than daily still runs it.
 */
export function payoutDayDue(now: Date): string | null {
  const parts = Object.fromEntries(turkishHour.formatToParts(now).map((p) => [p.type, p.value]));
  return Number(parts.hour) === PAYOUT_HOUR ? `${parts.year}-${parts.month}-${parts.day}` : null;
}

/**
 * The daily payout run of this instance. runPayouts is idempotent and safe on many instances
 * (SKIP LOCKED), so every instance may run it; one run at a time, once a day per instance.
 */
export function startPayoutSweep(
  db: Db,
  clock: Clock,
  provider: Pick<PaymentProvider, 'name'>,
  log: FastifyBaseLogger,
  intervalMs = HOUR_MS,
) {
  let running: Promise<void> | null = null;
  let stopped = false;
  let lastDay: string | null = null;
  const sweep = () => {
    const day = payoutDayDue(clock.now());
    if (stopped || running || !day || day === lastDay) return;
    lastDay = day;
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
  setImmediate(sweep);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
