import type { JobName, JobsOverview } from '#shared/schemas/jobs.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAdminAction } from '../../lib/audit.ts';
import type { AdminContext } from '../../lib/context.ts';
import type { JobQueue } from '../../lib/jobs.ts';

const m = adminMessages.jobs;

function running(queue: JobQueue | null): JobQueue {
  if (!queue) throw new AppError('SERVICE_UNAVAILABLE', m.notRunning);
  return queue;
}

/** Each job's queue: waiting, running and failed runs, the last success and the last error. */
export async function getJobsOverview(queue: JobQueue | null): Promise<JobsOverview> {
  if (!queue) return { running: false, queues: [] };
  const queues = await queue.overview();
  return {
    running: true,
    queues: queues.map((q) => ({
      ...q,
      name: q.name as JobName,
      lastCompletedAt: q.lastCompletedAt?.toISOString() ?? null,
      lastError: q.lastError ? { ...q.lastError, at: q.lastError.at?.toISOString() ?? null } : null,
    })),
  };
}

/** "Şimdi çalıştır": queues a run now (coalesced with one already waiting), audited. */
export async function runJobNow(ctx: AdminContext, queue: JobQueue | null, name: JobName) {
  await running(queue).kick(name);
  await recordAdminAction(
    ctx.db,
    { actorId: ctx.user.id, action: 'job_run_requested', targetType: 'job', targetId: name, ip: ctx.ip },
    ctx.clock.now(),
  );
  return { message: m.queued };
}

/** "Şimdi yeniden dene" on a failed run: back in line at once, audited. */
export async function retryJob(ctx: AdminContext, queue: JobQueue | null, name: JobName, jobId: string) {
  if (!(await running(queue).retry(name, jobId))) throw new AppError('CONFLICT', m.notRetryable);
  await recordAdminAction(
    ctx.db,
    { actorId: ctx.user.id, action: 'job_retried', targetType: 'job', targetId: jobId, details: { name }, ip: ctx.ip },
    ctx.clock.now(),
  );
  return { message: m.retried };
}
