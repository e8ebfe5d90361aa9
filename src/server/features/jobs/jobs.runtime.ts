import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createJobQueue, type JobQueue } from '../../lib/jobs.ts';
import { JOB_QUEUED_CHANNEL } from '../../lib/job-signal.ts';
import { jobNames, type JobName } from '#shared/schemas/jobs.ts';
import { jobDefinitions, type JobDeps } from './jobs.definitions.ts';

export interface Jobs {
  queue: JobQueue;
  /** Queues a run now without waiting (a failure to queue is logged; the job's cron catches up). */
  kick(name: JobName): void;
  /** Stops taking jobs, lets running ones finish their batch (or hands them back), before the pool closes. */
  stop(): Promise<void>;
}

export interface StartJobsOptions extends Omit<JobDeps, 'kick' | 'db' | 'log'> {
  database: Database;
  log: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  /** Queue cron runs (true in the server; tests kick jobs themselves). */
  schedule?: boolean;
}

/** Starts this instance's share of the background jobs: workers, cron ticks and the mail wake-up. */
export async function startJobs(options: StartJobsOptions): Promise<Jobs> {
  const { database, log } = options;
  const stopping = new AbortController();
  let queue: JobQueue | null = null;
  const kick = (name: JobName) => {
    queue?.kick(name).catch((err: unknown) => log.warn({ err, job: name }, 'could not queue job'));
  };
  queue = createJobQueue({
    sql: database.sql,
    log,
    definitions: jobDefinitions({ ...options, db: database.db, log, kick }, stopping.signal),
    pollingIntervalSeconds: options.pollingIntervalSeconds,
    schedule: options.schedule,
  });
  await queue.start();
  // Catch up at start-up on what fell due while no instance ran (the cron's first tick may be a
  // minute away); stately queues keep simultaneous starts to one run each.
  if (options.schedule !== false) for (const name of queue.names) kick(name as JobName);
  // Work is queued by many features in their own transactions (mail, reset requests); the commit's
  // NOTIFY wakes the named job on every instance (the stately queue keeps it to one run). The
  // job's cron covers a lost wake-up; after a lost connection every woken job runs once.
  const isJob = (name: string): name is JobName => (jobNames as readonly string[]).includes(name);
  const unlisten = await database.listen(JOB_QUEUED_CHANNEL, {
    onMessage: (payload) => {
      if (isJob(payload)) kick(payload);
    },
    onReconnect: () => {
      kick('mail-delivery');
      kick('password-reset');
    },
  });
  const started = queue;
  return {
    queue: started,
    kick,
    async stop() {
      await unlisten();
      stopping.abort();
      await started.stop();
      options.mailTransport.close();
    },
  };
}
