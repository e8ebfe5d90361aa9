import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Download, FileText, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { applicationMessages } from '#shared/messages/applications.tr.ts';
import {
  applicationNotesBodySchema,
  formatMegabytes,
  type ApplicationDetails,
  type ApplicationNotesBody,
} from '#shared/schemas/applications.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { apiErrorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { downloadApplicationDocument, useApplication, useSaveNotes } from './api.ts';
import { StatusBadge } from './application-row.tsx';

const a = applicationMessages.admin;

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{children ?? a.notGiven}</dd>
    </div>
  );
}

function NotesEditor({ details }: { details: ApplicationDetails }) {
  const save = useSaveNotes(details.id);
  const initial = details.adminNotes ?? '';
  const { control, register, handleSubmit, formState, setError } = useForm<ApplicationNotesBody>({
    resolver: zodResolver(applicationNotesBodySchema),
    defaultValues: { adminNotes: initial },
  });
  const notes = useWatch({ control, name: 'adminNotes' });
  const onSubmit = handleSubmit(async ({ adminNotes }) => {
    try {
      await save.mutateAsync(adminNotes);
      toast.success(a.notesSaved);
    } catch (error) {
      setServerFieldErrors(error, setError, ['adminNotes']);
    }
  });
  const busy = formState.isSubmitting;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-2">
      <ApiErrorAlert error={save.error} title={a.notesFailed} />
      <TextAreaField
        label={a.notes}
        rows={3}
        maxLength={2000}
        placeholder={a.notesPlaceholder}
        error={formState.errors.adminNotes?.message}
        {...register('adminNotes')}
      />
      <Button type="submit" variant="secondary" disabled={busy || notes === initial}>
        {busy ? a.savingNotes : a.saveNotes}
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
      toast.error(a.downloadFailed, { description: apiErrorMessage(error) });
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

/** An application's details, documents and notes, with approve and reject while it is pending. */
export function DetailsDialog({
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
      <QueryState query={details} renderError={(error) => <ApiErrorAlert error={error} fallback={a.loadFailed} />}>
        {(data) => (
          <DetailsBody details={data} busy={busy} onApprove={() => onApprove(data)} onReject={() => onReject(data)} />
        )}
      </QueryState>
    </Modal>
  );
}
