import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../clock.ts';
import { claimDueEmails, markEmailFailed, markEmailSent } from './outbox.ts';
import type { MailTransport } from './transport.ts';

/** One sweep: claim due mail, send each outside any lock, record the outcome. Returns how many were sent. */
export async function deliverDueEmails(db: Db, transport: MailTransport, clock: Clock, log?: FastifyBaseLogger, limit = 20): Promise<number> {
  const rows = await claimDueEmails(db, clock.now(), limit);
  let sent = 0;
  for (const row of rows) {
    try {
      const result = await transport.send(row);
      await markEmailSent(db, row.id, { transport: transport.kind, messageId: result.messageId }, clock.now());
      sent++;
    } catch (error) {
      log?.warn({ outboxId: row.id, attempt: row.attempts, err: error }, 'e-mail delivery failed; will retry');
      await markEmailFailed(db, row, error instanceof Error ? error.message : String(error), clock.now());
    }
  }
  return sent;
}

/** Runs sweeps every `intervalMs` and when kicked; stops on `stop()`. */
export function startMailWorker(db: Db, transport: MailTransport, clock: Clock, log: FastifyBaseLogger, intervalMs = 2000) {
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = () => {
    if (stopped || running) return;
    running = deliverDueEmails(db, transport, clock, log)
      .then(() => undefined)
      .catch((err) => log.error({ err }, 'mail sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return {
    kick: sweep,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      transport.close();
    },
  };
}
