import { Play, RotateCcw } from 'lucide-react';
import { toast } from '../../lib/toast.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import type { JobQueueSummaryView } from '#shared/schemas/jobs.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { AdminQueryError } from '../../components/admin-page.tsx';
import { formatCount, formatDateTime } from '../../lib/format.ts';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { useJobs, useRetryJob, useRunJob } from './system-api.ts';

const j = adminMessages.jobs;

function JobRow({ queue }: { queue: JobQueueSummaryView }) {
  const run = useRunJob();
  const retry = useRetryJob();
  const label = j.labels[queue.name];
  const act = async (action: () => Promise<{ message: string }>) => {
    try {
      toast.success((await action()).message);
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };
  const failedRun = queue.lastError?.state === 'failed' ? queue.lastError : null;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">{label}</p>
        <p className="mt-1 flex flex-wrap gap-2 text-slate-600">
          <Badge colour={queue.waiting > 0 ? 'amber' : 'grey'}>{`${j.waiting}: ${formatCount(queue.waiting)}`}</Badge>
          <Badge colour={queue.active > 0 ? 'blue' : 'grey'}>{`${j.active}: ${formatCount(queue.active)}`}</Badge>
          <Badge colour={queue.failed > 0 ? 'red' : 'grey'}>{`${j.failed}: ${formatCount(queue.failed)}`}</Badge>
        </p>
        <p className="mt-1 text-slate-500">
          {j.lastRun}:{' '}
          {queue.lastCompletedAt ? (
            <time dateTime={queue.lastCompletedAt}>{formatDateTime(queue.lastCompletedAt)}</time>
          ) : (
            j.never
          )}
        </p>
        {queue.lastError ? (
          <p className="mt-1 break-words text-red-700">
            {j.lastError}
            {queue.lastError.state === 'retry' ? ` (${j.retryScheduled})` : ''}: {queue.lastError.message || '—'}
          </p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {failedRun ? (
          <Button
            variant="secondary"
            disabled={retry.isPending}
            aria-label={`${j.retryNow}: ${label}`}
            onClick={() => void act(() => retry.mutateAsync({ name: queue.name, id: failedRun.jobId }))}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {j.retryNow}
          </Button>
        ) : null}
        <Button
          variant="secondary"
          disabled={run.isPending}
          aria-label={`${j.runNow}: ${label}`}
          onClick={() => void act(() => run.mutateAsync(queue.name))}
        >
          <Play aria-hidden="true" className="size-4" />
          {j.runNow}
        </Button>
      </div>
    </li>
  );
}

/** The background jobs on the system page: what waits, runs and failed, and a hand to push them. */
export function JobsCard() {
  const jobs = useJobs();
  return (
    <Card title={j.title}>
      <p className="mb-2 text-sm text-slate-600">{j.lead}</p>
      <QueryState query={jobs} renderError={(error) => <AdminQueryError error={error} message={j.loadFailed} />}>
        {(view) =>
          view.running ? (
            <ul className="divide-y divide-slate-100" aria-live="polite">
              {view.queues.map((queue) => (
                <JobRow key={queue.name} queue={queue} />
              ))}
            </ul>
          ) : (
            <p className="text-slate-600">{j.notRunning}</p>
          )
        }
      </QueryState>
    </Card>
  );
}
