import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { SqlExecutor } from '../db/client.ts';
import { AppError } from './app-error.ts';

/** The schema pg-boss keeps its queues in (created by pg-boss itself on first start). */
export const JOB_SCHEMA = 'pgboss';

/**
 * One kind of background work. The work must be idempotent: a job can run again after a crash,
 * a lost lease or a retry, and the sweeps behind our jobs claim their rows (SKIP LOCKED, state
 * guards), so running twice does the work once.
 */
export interface JobDefinition {
  name: string;
  /** Cron (Turkish time) on which the job is queued; it is also queued when kicked. */
  cron?: string;
  /** Does the work; what it returns is kept with the job (admin view). */
  run(): Promise<Record<string, number> | void>;
  retryLimit?: number;
  /** First retry after this many seconds, doubling each time (pg-boss back-off). */
  retryDelaySeconds?: number;
  /** A job running longer than this is taken as lost (its instance died) and retried. */
  expireInSeconds?: number;
}

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobQueueSummary {
  name: string;
  /** Jobs queued or waiting for a retry. */
  waiting: number;
  active: number;
  failed: number;
  lastCompletedAt: Date | null;
  /** The newest job that failed or awaits a retry, with its error message (never a stack). */
  lastError: { jobId: string; state: 'failed' | 'retry'; message: string; at: Date | null } | null;
}

export interface JobQueue {
  readonly names: readonly string[];
  start(): Promise<void>;
  /** Queues a run now. Coalesced: while one run waits, another kick adds nothing (stately queue). */
  kick(name: string): Promise<void>;
  overview(): Promise<JobQueueSummary[]>;
  /** Puts a failed job back in line; false when it is not failed (any more). */
  retry(name: string, jobId: string): Promise<boolean>;
  /** Stops fetching, waits for running jobs up to `timeoutMs`, then hands the rest back (they are retried). */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  sql: SqlExecutor;
  log: FastifyBaseLogger;
  definitions: JobDefinition[];
  /** How often idle workers look for work (5 s): a kick wakes this instance's worker at once, others at their next look. */
  pollingIntervalSeconds?: number;
  /** Queue cron runs (the server does; tests kick jobs themselves). */
  schedule?: boolean;
}

const ISTANBUL = 'Europe/Istanbul';

/**
 * Instances starting together create the same queues at once: PostgreSQL may answer one of them
 * with a deadlock or a duplicate. Trying again after a pause finds the queue made by the other.
 */
async function settingUp(step: () => Promise<void>) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

function errorMessage(output: unknown): string {
  const value = (output as { value?: unknown } | null)?.value ?? output;
  if (value && typeof value === 'object' && 'message' in value) return String((value as { message: unknown }).message);
  return typeof value === 'string' ? value : '';
}

/**
 * Durable background jobs on PostgreSQL (pg-boss): queued rows that survive a restart, are fetched
 * with SKIP LOCKED so one instance runs each, retried with back-off, and scheduled once per cron
 * tick across instances. On PGlite the same queue runs in the single embedded instance.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { log, definitions } = options;
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const boss = new PgBoss({
    db: options.sql,
    schema: JOB_SCHEMA,
    schedule: options.schedule ?? true,
    // Completed jobs are kept a week for the admin view, then dropped by pg-boss's maintenance.
    deleteAfterDays: 7,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  let started = false;
  /** This instance's worker per queue: a kick wakes it at once instead of at its next poll. */
  const workers = new Map<string, string>();

  const known = (name: string) => {
    if (!byName.has(name)) throw new AppError('NOT_FOUND');
  };

  return {
    names: definitions.map((d) => d.name),
    async start() {
      await boss.start();
      for (const def of definitions) {
        const queue = {
          name: def.name,
          // stately: at most one queued and one running run per job across every instance.
          policy: 'stately' as const,
          retryLimit: def.retryLimit ?? 5,
          retryDelay: def.retryDelaySeconds ?? 30,
          retryBackoff: true,
          expireInSeconds: def.expireInSeconds ?? 15 * 60,
        };
        await settingUp(async () => {
          if (await boss.getQueue(def.name)) await boss.updateQueue(def.name, queue);
          else await boss.createQueue(def.name, queue);
        });
        const workerId = await boss.work(
          def.name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 5 },
          async () => (await def.run()) ?? {},
        );
        workers.set(def.name, workerId);
        if (def.cron && options.schedule !== false) await boss.schedule(def.name, def.cron, {}, { tz: ISTANBUL });
        else if (options.schedule !== false) await boss.unschedule(def.name);
      }
      started = true;
    },
    async kick(name) {
      known(name);
      // Returns null when a run already waits: that run will see the new work too.
      await boss.send(name, {});
      const workerId = workers.get(name);
      if (workerId) boss.notifyWorker(workerId);
    },
    async overview() {
      const counts = await options.sql.executeSql(
        `select name, state, count(*)::int as count, max(completed_on) as last
           from ${JOB_SCHEMA}.job group by name, state`,
        [],
      );
      const errors = await options.sql.executeSql(
        `select distinct on (name) name, id, state, output, coalesce(completed_on, created_on) as at
           from ${JOB_SCHEMA}.job where state in ('failed', 'retry') and output is not null
           order by name, coalesce(completed_on, created_on) desc`,
        [],
      );
      return definitions.map((def) => {
        const rows = (counts.rows as { name: string; state: JobState; count: number; last: Date | null }[]).filter(
          (r) => r.name === def.name,
        );
        const count = (...states: JobState[]) =>
          rows.filter((r) => states.includes(r.state)).reduce((sum, r) => sum + r.count, 0);
        const completed = rows.find((r) => r.state === 'completed');
        const error = (
          errors.rows as { name: string; id: string; state: 'failed' | 'retry'; output: unknown; at: Date }[]
        ).find((r) => r.name === def.name);
        return {
          name: def.name,
          waiting: count('created', 'retry'),
          active: count('active'),
          failed: count('failed'),
          lastCompletedAt: completed?.last ? new Date(completed.last) : null,
          lastError: error
            ? { jobId: error.id, state: error.state, message: errorMessage(error.output), at: error.at }
            : null,
        };
      });
    },
    async retry(name, jobId) {
      known(name);
      const job = await boss.getJobById(name, jobId);
      if (!job || job.state !== 'failed') return false;
      try {
        await boss.retry(name, jobId);
      } catch (err) {
        // A stately queue holds one retry at a time: one already waits, and it does the same work.
        if ((err as { code?: string }).code === '23505') return false;
        throw err;
      }
      return true;
    },
    async stop(timeoutMs = 10_000) {
      if (!started) return;
      started = false;
      // graceful: no new fetches, running jobs get `timeoutMs` to finish; the rest are failed
      // back to the queue (retried by any instance). close: false, the pool is the app's and closes last.
      await boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
    },
  };
}
