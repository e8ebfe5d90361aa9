import { RefreshCw, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { formatCount, formatDateTime, formatDuration } from '../../lib/format.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { useRetryAllFailed, useSystemStatus } from './system-api.ts';
import { JobsCard } from './jobs-card.tsx';
import { OutboxTable } from './outbox-table.tsx';
import { adminTexts as t } from './texts.ts';

const s = t.system;

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-semibold break-all text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function RetryAllButton({ disabled }: { disabled: boolean }) {
  const retryAll = useRetryAllFailed();
  const onClick = async () => {
    try {
      const result = await retryAll.mutateAsync();
      toast.success(result.message);
    } catch (error) {
      toast.error(adminMessages.outbox.retryFailed, { description: apiErrorMessage(error) });
    }
  };
  return (
    <Button variant="secondary" onClick={() => void onClick()} disabled={disabled || retryAll.isPending}>
      <RotateCcw aria-hidden="true" className="size-4" />
      {retryAll.isPending ? s.retrying : s.retryAll}
    </Button>
  );
}

/** /admin/system-status: database, migrations, the e-mail queue and the server, measured now. */
export function SystemStatusPage() {
  const status = useSystemStatus();
  const refresh = (
    <Button variant="secondary" onClick={() => void status.refetch()} disabled={status.isFetching}>
      <RefreshCw aria-hidden="true" className={`size-4 ${status.isFetching ? 'animate-spin' : ''}`} />
      {t.refresh}
    </Button>
  );
  return (
    <div>
      <AdminPageHeader title={s.title} lead={s.lead} actions={refresh} />
      <QueryState query={status} renderError={(error) => <AdminQueryError error={error} message={s.loadFailed} />}>
        {(current) => (
          <div className="space-y-6">
            <p className="text-sm text-slate-500" aria-live="polite">
              {s.checkedAt}: {formatDateTime(current.checkedAt)}
            </p>
            <div className="grid gap-4 md:grid-cols-2">
              <Card title={s.database}>
                <dl className="text-sm">
                  <Figure label={s.databaseKind}>{current.database.kind === 'pglite' ? s.pglite : s.postgres}</Figure>
                  <Figure label={s.latency}>
                    {current.database.latencyMs === null
                      ? '—'
                      : `${current.database.latencyMs.toLocaleString('tr-TR')} ms`}
                  </Figure>
                  <Figure label={s.reachable}>
                    <Badge colour={current.database.reachable ? 'green' : 'red'}>
                      {current.database.reachable ? s.reachable : s.unreachable}
                    </Badge>
                  </Figure>
                </dl>
              </Card>
              <Card title={s.migrations}>
                <dl className="text-sm">
                  <Figure label={s.migrations}>
                    {s.migrationsApplied(current.migrations.applied, current.migrations.known)}
                  </Figure>
                  <Figure label={s.migrationsLatest}>{current.migrations.latest ?? '—'}</Figure>
                </dl>
                {current.migrations.applied < current.migrations.known ? (
                  <p className="mt-2 text-sm text-red-700">{s.migrationsBehind}</p>
                ) : null}
              </Card>
              <Card title={s.outbox}>
                <dl className="text-sm">
                  <Figure label={s.pending}>{formatCount(current.outbox.pending)}</Figure>
                  <Figure label={s.sending}>{formatCount(current.outbox.sending)}</Figure>
                  <Figure label={s.failed}>{formatCount(current.outbox.failed)}</Figure>
                  <Figure label={s.sent}>{formatCount(current.outbox.sent)}</Figure>
                  <Figure label={s.oldestPending}>
                    {current.outbox.oldestPendingSeconds === null
                      ? '—'
                      : formatDuration(current.outbox.oldestPendingSeconds)}
                  </Figure>
                  <Figure label={s.transport}>{current.outbox.transport === 'smtp' ? s.smtp : s.devMailbox}</Figure>
                  <Figure label={s.worker}>{current.outbox.workerRunning ? s.workerOn : s.workerOff}</Figure>
                </dl>
              </Card>
              <Card title={s.server}>
                <dl className="text-sm">
                  <Figure label={s.uptime}>{formatDuration(current.uptimeSeconds)}</Figure>
                  <Figure label={s.version}>{current.version}</Figure>
                  <Figure label={s.node}>{current.nodeVersion}</Figure>
                  <Figure
                    label={s.memory}
                  >{`${(current.memoryRssBytes / 1024 / 1024).toLocaleString('tr-TR', { maximumFractionDigits: 0 })} MB`}</Figure>
                </dl>
              </Card>
            </div>
            <Card title={s.failedEmails} actions={<RetryAllButton disabled={current.failedEmails.length === 0} />}>
              <OutboxTable emails={current.failedEmails} empty={s.noFailedEmails} />
            </Card>
            <JobsCard />
          </div>
        )}
      </QueryState>
    </div>
  );
}
