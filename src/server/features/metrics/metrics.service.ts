import { timingSafeEqual } from 'node:crypto';
import { Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueueSummary } from '../../lib/jobs.ts';
import { countOutboxByStatus, countPaymentsByStatus, countProviderJobs, type CountRow } from './metrics.repo.ts';

export interface TradingGaugeSources {
  db: Db;
  /** Event streams this instance holds open. */
  openStreams: () => number;
  /** The connection pool's use, where there is a pool (PostgreSQL). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** The background job queues, where this instance runs them. */
  jobQueues?: () => Promise<JobQueueSummary[]>;
}

/** Every status a family knows, so a state that empties shows 0 rather than vanishing. */
const outboxStatuses = ['pending', 'sending', 'failed'];
const jobStatuses = ['pending', 'done', 'failed'];
const jobKinds = ['release', 'refund'];
const paymentStatuses = ['pending', 'succeeded', 'failed'];

function countOf(rows: CountRow[], match: (row: CountRow) => boolean): number {
  return rows.filter(match).reduce((sum, row) => sum + row.n, 0);
}

/**
 * The operational figures read at each scrape: the database is the truth shared by every instance,
 * so queue and backlog figures are the same whichever instance answers; streams and the pool are
 * this instance's.
 */
export function registerTradingGauges(registry: Registry, sources: TradingGaugeSources): void {
  const { db } = sources;
  new Gauge({
    name: 'optistok_event_streams_open',
    help: 'Server-sent event streams this instance holds open.',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });
  if (sources.poolStats) {
    const poolStats = sources.poolStats;
    new Gauge({
      name: 'optistok_db_pool_connections',
      help: 'Database pool connections of this instance: total, idle, and requests waiting for one.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }
  statusGauge(registry, {
    name: 'optistok_mail_outbox',
    help: 'E-mails not yet sent, by outbox status (pending and sending are the backlog).',
    statuses: outboxStatuses,
    count: () => countOutboxByStatus(db),
  });
  new Gauge({
    name: 'optistok_provider_jobs',
    help: 'Release and refund jobs at the payment provider, by kind and status (pending is the queue).',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      const rows = await countProviderJobs(db);
      for (const kind of jobKinds)
        for (const status of jobStatuses)
          this.set(
            { kind, status },
            countOf(rows, (r) => r.kind === kind && r.status === status),
          );
    },
  });
  if (sources.jobQueues) {
    const jobQueues = sources.jobQueues;
    new Gauge({
      name: 'optistok_jobs',
      help: 'Background job runs by job and state: waiting (queued or awaiting a retry), active, failed.',
      labelNames: ['job', 'state'] as const,
      registers: [registry],
      async collect() {
        for (const queue of await jobQueues()) {
          this.set({ job: queue.name, state: 'waiting' }, queue.waiting);
          this.set({ job: queue.name, state: 'active' }, queue.active);
          this.set({ job: queue.name, state: 'failed' }, queue.failed);
        }
      },
    });
  }
  statusGauge(registry, {
    name: 'optistok_payments',
    help: 'Card payments by status.',
    statuses: paymentStatuses,
    count: () => countPaymentsByStatus(db),
  });
}

/** A gauge of rows by status, read from the database at each scrape. */
function statusGauge(
  registry: Registry,
  family: { name: string; help: string; statuses: string[]; count: () => Promise<CountRow[]> },
): void {
  new Gauge({
    name: family.name,
    help: family.help,
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = await family.count();
      for (const status of family.statuses)
        this.set(
          { status },
          countOf(rows, (r) => r.status === status),
        );
    },
  });
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The figures describe the business (payments, queues): only the machine itself, or a scraper with
 * the configured token, may read them. `ip` is the client address Fastify determined (behind a
 * trusted proxy, the real client's), so a request relayed by a local proxy is not loopback.
 */
export function assertMayReadMetrics(input: { ip: string; authorization?: string; token?: string }): void {
  if (LOOPBACK.has(input.ip)) return;
  const presented = /^Bearer (.+)$/.exec(input.authorization ?? '')?.[1];
  if (input.token && presented && isSameSecret(presented, input.token)) return;
  throw new AppError('FORBIDDEN');
}

function isSameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
