import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** NOTIFY channel that wakes a job on every instance; the payload is the job's name. */
export const JOB_QUEUED_CHANNEL = 'job_queued';

/**
 * Tells listening instances that work for `job` waits. Sent in the caller's transaction,
 * PostgreSQL delivers it only on commit: the job never races ahead of the rows it will find, and a
 * rolled-back change wakes nothing. A lost wake-up is caught by the job's cron.
 */
export async function announceJob(db: Db, job: string) {
  await db.execute(sql`select pg_notify(${JOB_QUEUED_CHANNEL}, ${job})`);
}
