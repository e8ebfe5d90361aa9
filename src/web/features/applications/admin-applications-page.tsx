import { Check, Copy, Download, Eye, FileText, Inbox, Search, X } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { applicationMessages } from '#shared/messages/applications.tr.ts';
import {
  formatMegabytes,
  rejectApplicationBodySchema,
  type ApplicationDetails,
  type ApplicationSummary,
  type ApprovalResult,
} from '#shared/schemas/applications.ts';
import { applicationStatuses, type ApplicationStatus } from '#shared/status.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Badge, type BadgeColour } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { controlClasses, TextAreaField } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import {
  downloadApplicationDocument,
  useApplication,
  useApplications,
  useApproveApplication,
  useRejectApplication,
  useSaveNotes,
  type ApplicationFilter,
} from './api.ts';
import { Modal } from '../../components/ui/dialog.tsx';

const a = applicationMessages.admin;
const SEARCH_DEBOUNCE_MS = 300;

const statusColour: Record<ApplicationStatus, BadgeColour> = { pending: 'amber', approved: 'green', rejected: 'red' };
const filterOptions: ApplicationFilter['status'][] = ['all', ...applicationStatuses];
const filterLabel = (status: ApplicationFilter['status']) => (status === 'all' ? a.filters.all : a.filters[status]);

function StatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge colour={statusColour[status]}>{a.status[status]}</Badge>;
}

/** The server's message when it has one (e.g. "already decided"), after the spec's title. */
function failureToast(title: string, error: unknown) {
  toast.error(title, { description: error instanceof ApiError ? error.message : undefined });
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{children ?? a.notGiven}</dd>
    </div>
  );
}

function NotesEditor({ details }: { details: ApplicationDetails }) {
  const [notes, setNotes] = useState(details.adminNotes ?? '');
  const save = useSaveNotes(details.id);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await save.mutateAsync(notes);
      toast.success(a.notesSaved);
    } catch (error) {
      failureToast(a.notesFailed, error);
    }
  };
  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <TextAreaField
        label={a.notes}
        rows={3}
        maxLength={2000}
        placeholder={a.notesPlaceholder}
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
      />
      <Button type="submit" variant="secondary" disabled={save.isPending || notes === (details.adminNotes ?? '')}>
        {save.isPending ? a.savingNotes : a.saveNotes}
      </Button>
    </form>
  );
}

function DetailsBody({
  details,
  onApprove,
  onReject,
  busy,
}: {
  details: ApplicationDetails;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
}) {
  const l = a.labels;
  const [downloading, setDownloading] = useState<string | null>(null);
  const download = async (documentId: string) => {
    const document = details.documents.find((d) => d.id === documentId)!;
    setDownloading(documentId);
    try {
      await downloadApplicationDocument(details.id, document);
    } catch (error) {
      failureToast(a.downloadFailed, error);
    } finally {
      setDownloading(null);
    }
  };
  return (
    <div className="space-y-6">
      <dl className="divide-y divide-slate-100">
        <DetailRow label={l.status}>
          <StatusBadge status={details.status} />
        </DetailRow>
        <DetailRow label={l.storeName}>{details.storeName}</DetailRow>
        <DetailRow label={l.authorizedPerson}>{details.authorizedPerson}</DetailRow>
        <DetailRow label={l.email}>{details.email}</DetailRow>
        <DetailRow label={l.phone}>{details.phone}</DetailRow>
        <DetailRow label={l.city}>{details.city}</DetailRow>
        <DetailRow label={l.district}>{details.district}</DetailRow>
        <DetailRow label={l.taxNumber}>{details.taxNumber}</DetailRow>
        <DetailRow label={l.utsNumber}>{details.utsNumber}</DetailRow>
        <DetailRow label={l.applicantType}>
          {a.applicantTypes[details.applicantType] ?? details.applicantType}
        </DetailRow>
        <DetailRow label={l.additionalInfo}>
          {details.additionalInfo ? <span className="whitespace-pre-line">{details.additionalInfo}</span> : null}
        </DetailRow>
        <DetailRow label={l.submittedAt}>
          <time dateTime={details.submittedAt}>{formatDateTime(details.submittedAt)}</time>
        </DetailRow>
        {details.reviewedAt ? (
          <DetailRow label={l.reviewedAt}>
            <time dateTime={details.reviewedAt}>{formatDateTime(details.reviewedAt)}</time>
          </DetailRow>
        ) : null}
        {details.rejectionReason ? <DetailRow label={l.rejectionReason}>{details.rejectionReason}</DetailRow> : null}
      </dl>

      <section aria-labelledby={`${details.id}-documents`}>
        <h3 id={`${details.id}-documents`} className="mb-2 font-semibold text-slate-900">
          {a.documents}
        </h3>
        {details.documents.length === 0 ? (
          <p className="text-sm text-slate-600">{a.noDocuments}</p>
        ) : (
          <ul className="space-y-2">
            {details.documents.map((document) => (
              <li
                key={document.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3"
              >
                <FileText aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
                <span className="min-w-0 flex-1">
                  <span className="block break-all font-medium">{document.originalName}</span>
                  <span className="text-xs text-slate-500">
                    {applicationMessages.sizeMb(formatMegabytes(document.sizeBytes))}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  onClick={() => void download(document.id)}
                  disabled={downloading === document.id}
                  aria-label={`${a.download}: ${document.originalName}`}
                >
                  <Download aria-hidden="true" className="size-4" />
                  {a.download}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <NotesEditor key={details.id} details={details} />

      {details.status === 'pending' ? (
        <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 sm:flex-row">
          <Button onClick={onApprove} disabled={busy}>
            <Check aria-hidden="true" className="size-4" />
            {a.approve}
          </Button>
          <Button variant="secondary" onClick={onReject} disabled={busy} className="text-red-700">
            <X aria-hidden="true" className="size-4" />
            {a.reject}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function DetailsDialog({
  id,
  onClose,
  onApprove,
  onReject,
  busy,
}: {
  id: string | null;
  onClose: () => void;
  onApprove: (application: ApplicationDetails) => void;
  onReject: (application: ApplicationDetails) => void;
  busy: boolean;
}) {
  const details = useApplication(id);
  return (
    <Modal open={id !== null} onOpenChange={(open) => !open && onClose()} title={a.detailsTitle} wide>
      <QueryState
        query={details}
        renderError={(error) => (
          <InlineAlert tone="error">{error instanceof ApiError ? error.message : a.loadFailed}</InlineAlert>
        )}
      >
        {(data) => (
          <DetailsBody details={data} busy={busy} onApprove={() => onApprove(data)} onReject={() => onReject(data)} />
        )}
      </QueryState>
    </Modal>
  );
}

/** Approving creates an account and mails a password, so it is asked first, as rejecting is. */
function ApproveDialog({
  target,
  onClose,
  onApprove,
  busy,
}: {
  target: ApplicationSummary | null;
  onClose: () => void;
  onApprove: (id: string) => void;
  busy: boolean;
}) {
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={a.approveTitle}
      description={target ? `${target.storeName} · ${a.approveLead}` : a.approveLead}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          {a.cancel}
        </Button>
        <Button onClick={() => target && onApprove(target.id)} disabled={busy}>
          <Check aria-hidden="true" className="size-4" />
          {busy ? a.approving : a.approve}
        </Button>
      </div>
    </Modal>
  );
}

function RejectDialog({
  target,
  onClose,
  onReject,
  busy,
}: {
  target: ApplicationSummary | null;
  onClose: () => void;
  onReject: (reason: string) => Promise<void>;
  busy: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = rejectApplicationBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    await onReject(parsed.data.reason);
    setReason('');
  };
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason('');
          setError(undefined);
          onClose();
        }
      }}
      title={a.rejectTitle}
      description={target ? `${target.storeName} · ${a.rejectLead}` : a.rejectLead}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextAreaField
          label={a.rejectReason}
          rows={4}
          maxLength={500}
          required
          value={reason}
          error={error}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {a.cancel}
          </Button>
          <Button type="submit" disabled={busy} className="bg-red-700 hover:bg-red-600">
            {busy ? a.rejecting : a.reject}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The temporary password, shown once: closing the dialog forgets it. */
function TempPasswordDialog({ result, onClose }: { result: ApprovalResult | null; onClose: () => void }) {
  const fieldId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(result!.tempPassword);
      toast.success(a.copied);
    } catch {
      toast.error(a.copyFailed);
    }
  };
  return (
    <Modal
      open={result !== null}
      onOpenChange={(open) => !open && onClose()}
      title={a.tempPasswordTitle}
      description={a.tempPasswordLead}
    >
      {result ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{result.email}</p>
          <div>
            <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
              {a.tempPassword}
            </label>
            <div className="mt-1.5 flex gap-2">
              <input
                id={fieldId}
                readOnly
                value={result.tempPassword}
                className={`${controlClasses} font-mono`}
                onFocus={(e) => e.target.select()}
              />
              <Button variant="secondary" onClick={() => void copy()}>
                <Copy aria-hidden="true" className="size-4" />
                {a.copy}
              </Button>
            </div>
          </div>
          <div className="flex justify-end">
            <Button onClick={onClose}>{a.close}</Button>
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

function ApplicationRow({
  application,
  onDetails,
  onApprove,
  onReject,
  busy,
}: {
  application: ApplicationSummary;
  onDetails: () => void;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="application-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{application.storeName}</h3>
          <p className="text-sm text-slate-600">
            {application.authorizedPerson} · {application.city}
          </p>
          <p className="break-all text-sm text-slate-600">{application.email}</p>
          <p className="mt-1 text-xs text-slate-500">
            <time dateTime={application.submittedAt}>{formatDateTime(application.submittedAt)}</time>
          </p>
        </div>
        <StatusBadge status={application.status} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={onDetails} aria-label={`${a.details}: ${application.storeName}`}>
          <Eye aria-hidden="true" className="size-4" />
          {a.details}
        </Button>
        {application.status === 'pending' ? (
          <>
            <Button onClick={onApprove} disabled={busy} aria-label={`${a.approve}: ${application.storeName}`}>
              <Check aria-hidden="true" className="size-4" />
              {a.approve}
            </Button>
            <Button
              variant="secondary"
              onClick={onReject}
              disabled={busy}
              className="text-red-700"
              aria-label={`${a.reject}: ${application.storeName}`}
            >
              <X aria-hidden="true" className="size-4" />
              {a.reject}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

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

  useEffect(() => {
    if (list.isError) toast.error(a.loadFailed, { id: 'applications-load-failed' });
  }, [list.isError]);

  const onApprove = async (id: string) => {
    try {
      const result = await approve.mutateAsync(id);
      toast.success(a.approved);
      setApproveTarget(null);
      setApproval(result);
    } catch (error) {
      failureToast(a.approveFailed, error);
    }
  };

  const onReject = async (reason: string) => {
    if (!rejectTarget) return;
    try {
      await reject.mutateAsync({ id: rejectTarget.id, reason });
      toast.success(a.rejected);
      setRejectTarget(null);
      setDetailsId(null);
    } catch (error) {
      failureToast(a.rejectFailed, error);
    }
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
        onClose={() => setApproveTarget(null)}
        onApprove={(id) => void onApprove(id)}
      />
      <RejectDialog
        target={rejectTarget}
        busy={reject.isPending}
        onClose={() => setRejectTarget(null)}
        onReject={onReject}
      />
      <TempPasswordDialog result={approval} onClose={() => setApproval(null)} />
    </section>
  );
}
