import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import type { PayoutRunResult } from '#shared/schemas/payouts.ts';
import { runPayouts } from './payouts.service.ts';

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

/** The Turkish calendar day whose payout run is due at `now`, or null outside the payout hour. */
export function payoutDayDue(now: Date): string | null {
  const parts = Object.fromEntries(turkishHour.formatToParts(now).map((p) => [p.type, p.value]));
  return Number(parts.hour) === PAYOUT_HOUR ? `${parts.year}-${parts.month}-${parts.day}` : null;
}

/**
 * The hourly payout job: pays out in the payout hour of the app's clock, does nothing otherwise.
 * The job queue runs one tick an hour across all instances, so this is once a day; runPayouts is
 * idempotent besides (it pays only what is still owed, claiming sellers with SKIP LOCKED).
 */
export async function runDailyPayouts(
  db: Db,
  clock: Clock,
  provider: Pick<PaymentProvider, 'name'>,
): Promise<PayoutRunResult | null> {
  return payoutDayDue(clock.now()) ? runPayouts(db, clock, provider) : null;
}
