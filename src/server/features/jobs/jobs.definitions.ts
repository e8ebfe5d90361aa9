import type { FastifyBaseLogger } from 'fastify';
import type { JobName } from '#shared/schemas/jobs.ts';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../../lib/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobDefinition } from '../../lib/jobs.ts';
import type { MailTransport } from '../../lib/mailer/transport.ts';
import { deliverDueEmails } from '../../lib/mailer/delivery.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import type { Storage } from '../../lib/storage.ts';
import { handlePasswordResetRequests } from '../auth/index.ts';
import { escalateDueDisputes } from '../disputes/index.ts';
import {
  cancelOverdueUnshippedOrders,
  cancelUnacceptedOrders,
  releaseDueOrders,
  remindUpcomingReleases,
  runProviderJobs,
} from '../fulfilment/index.ts';
import { remindMissingInvoices } from '../invoices/index.ts';
import { notifyExpiringListings } from '../listings/index.ts';
import { expireReservations, reconcilePayments } from '../payments/index.ts';
import { runDailyPayouts } from '../payouts/index.ts';

export interface JobDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  provider: PaymentProvider;
  appUrl: string;
  mailTransport: MailTransport;
  storage: Storage;
  auth: Auth;
  /** Queues a run of another job now (a release queues provider calls and mail). */
  kick: (name: JobName) => void;
}

/**
 * Runs `batch` until it finds nothing more, so a backlog after downtime clears in one run; stops
 * between batches when the server shuts down (what is left is found by the next run).
 */
async function drain(signal: AbortSignal, batch: () => Promise<number>): Promise<number> {
  let total = 0;
  while (!signal.aborted) {
    const done = await batch();
    total += done;
    if (done === 0) break;
  }
  return total;
}

const EVERY_MINUTE = '* * * * *';

/** The job table. Each sweep behind a job claims its rows (SKIP LOCKED, state guards): idempotent. */
export function jobDefinitions(deps: JobDeps, signal: AbortSignal): (JobDefinition & { name: JobName })[] {
  const { db, clock } = deps;
  // A deadline's refund or a release is a provider call: queue it now rather than at the next tick.
  const fulfilment = {
    appUrl: deps.appUrl,
    kickProviderJobs: () => deps.kick('provider-jobs'),
  };
  const every = (name: JobName, batch: () => Promise<number>, cron = EVERY_MINUTE) => ({
    name,
    cron,
    run: async () => ({ done: await drain(signal, batch) }),
  });
  return [
    {
      ...every('mail-delivery', () =>
        deliverDueEmails(db, deps.mailTransport, clock, { log: deps.log, storage: deps.storage }),
      ),
      // A failing SMTP server is the outbox rows' business (their own back-off); the job only retries soon.
      retryDelaySeconds: 10,
    },
    {
      // Forgot-password requests: look-up, token and mail after the answer (see auth.service).
      ...every('password-reset', () => handlePasswordResetRequests(db, deps.auth, clock)),
      retryDelaySeconds: 10,
    },
    every('reservation-expiry', () => expireReservations(db, clock)),
    every('approval-deadline', () => cancelUnacceptedOrders(db, clock, fulfilment)),
    every('ship-deadline', () => cancelOverdueUnshippedOrders(db, clock, fulfilment)),
    every('release-reminder', () => remindUpcomingReleases(db, clock, fulfilment)),
    every('invoice-reminder', () => remindMissingInvoices(db, clock), '0 * * * *'),
    every('automatic-release', () => releaseDueOrders(db, clock, fulfilment)),
    every('dispute-escalation', () => escalateDueDisputes(db, clock)),
    every('provider-jobs', () => runProviderJobs({ db, clock, provider: deps.provider, log: deps.log })),
    {
      name: 'payouts',
      // Hourly: the run itself checks the payout hour on the app's clock (see payout-schedule.ts).
      cron: '0 * * * *',
      run: async () => {
        const result = await runDailyPayouts(db, clock, deps.provider);
        return result ? { paid: result.paid, skipped: result.skipped } : { paid: 0, skipped: 0 };
      },
      // Money leaves here: a failed run is retried, but slowly, and a person looks at it first.
      retryLimit: 3,
      retryDelaySeconds: 300,
    },
    every('miat-notice', () => notifyExpiringListings(db, clock), '0 9 * * *'),
    // Payments whose bank answer was lost, and voids of late captures (decision 038). Each row
    // carries its own back-off; the job only needs to come by every minute.
    every('payment-reconciliation', () =>
      reconcilePayments({ db, clock, provider: deps.provider, appUrl: deps.appUrl, log: deps.log }),
    ),
  ];
}
