import { Inbox, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { applicationMessages } from '#shared/messages/applications.tr.ts';
import type { ApplicationSummary, ApprovalResult } from '#shared/schemas/applications.ts';
import { applicationStatuses } from '#shared/status.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { controlClasses } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useApplications, useApproveApplication, useRejectApplication, type ApplicationFilter } from './api.ts';
import { ApproveDialog, RejectDialog, TempPasswordDialog } from './application-decision-dialogs.tsx';
import { DetailsDialog } from './application-details-dialog.tsx';
import { ApplicationRow } from './application-row.tsx';

const a = applicationMessages.admin;
const SEARCH_DEBOUNCE_MS = 300;

const filterOptions: ApplicationFilter['status'][] = ['all', ...applicationStatuses];
const filterLabel = (status: ApplicationFilter['status']) => (status === 'all' ? a.filters.all : a.filters[status]);

/**
 * The admin's applications: newest first, search, status filter, details with documents and
 * notes, approve (the temporary password is shown once) and reject with a reason. Part B's admin
 * layout renders it at /admin/applications and in the applications tab of /user-management.
 */
export function AdminApplicationsPage() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ApplicationFilter['status']>('all');
  const q = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const list = useApplications({ status, q });
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [approveTarget, setApproveTarget] = useState<ApplicationSummary | null>(null);
  const [rejectTarget, setRejectTarget] = useState<ApplicationSummary | null>(null);
  const [approval, setApproval] = useState<ApprovalResult | null>(null);
  const busy = approve.isPending || reject.isPending;

  const onApprove = async (id: string) => {
    const result = await approve.mutateAsync(id).catch(() => null);
    if (!result) return; // The dialog shows approve.error.
    toast.success(a.approved);
    setApproveTarget(null);
    setApproval(result);
  };

  const onReject = async (reason: string) => {
    if (!rejectTarget) return;
    await reject.mutateAsync({ id: rejectTarget.id, reason });
    toast.success(a.rejected);
    setRejectTarget(null);
    setDetailsId(null);
  };

  const filtered = q.trim() !== '' || status !== 'all';

  return (
    <section aria-labelledby={`${searchId}-title`} className="space-y-4">
      <div>
        <h2 id={`${searchId}-title`} className="text-xl font-bold text-slate-900">
          {a.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{a.lead}</p>
      </div>

      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
            {a.searchLabel}
          </label>
          <div className="relative mt-1.5">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
            />
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={a.searchPlaceholder}
              className={`${controlClasses} pl-9!`}
            />
          </div>
        </div>
        <div role="group" aria-label={a.statusFilter} className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
          {filterOptions.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={status === option}
              onClick={() => setStatus(option)}
              className={`min-h-10 rounded-md px-3 text-sm font-medium ${status === option ? 'bg-white text-brand-900 shadow-sm' : 'text-slate-700 hover:bg-white/60'}`}
            >
              {filterLabel(option)}
            </button>
          ))}
        </div>
      </div>

      <QueryState
        query={list}
        errorText={a.loadFailed}
        isEmpty={(data) => data.applications.length === 0}
        empty={<EmptyState icon={Inbox} title={filtered ? a.noMatch : a.empty} body="" />}
      >
        {({ applications }) => (
          <>
            <p className="text-sm text-slate-500" aria-live="polite">
              {a.count(applications.length)}
            </p>
            <ul className="grid gap-3 xl:grid-cols-2">
              {applications.map((application) => (
                <ApplicationRow
                  key={application.id}
                  application={application}
                  busy={busy}
                  onDetails={() => setDetailsId(application.id)}
                  onApprove={() => setApproveTarget(application)}
                  onReject={() => setRejectTarget(application)}
                />
              ))}
            </ul>
          </>
        )}
      </QueryState>

      <DetailsDialog
        id={detailsId}
        busy={busy}
        onClose={() => setDetailsId(null)}
        onApprove={(application) => {
          setApproveTarget(application);
          setDetailsId(null);
        }}
        onReject={(application) => {
          setRejectTarget(application);
          setDetailsId(null);
        }}
      />
      <ApproveDialog
        target={approveTarget}
        busy={approve.isPending}
        error={approve.error}
        onClose={() => {
          approve.reset();
          setApproveTarget(null);
        }}
        onApprove={(id) => void onApprove(id)}
      />
      <RejectDialog
        target={rejectTarget}
        error={reject.error}
        onClose={() => {
          reject.reset();
          setRejectTarget(null);
        }}
        onReject={onReject}
      />
      <TempPasswordDialog result={approval} onClose={() => setApproval(null)} />
    </section>
  );
}
