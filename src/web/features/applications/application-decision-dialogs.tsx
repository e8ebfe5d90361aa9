import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { applicationMessages } from '#shared/messages/applications.tr.ts';
import {
  rejectApplicationBodySchema,
  type ApplicationSummary,
  type ApprovalResult,
  type RejectApplicationBody,
} from '#shared/schemas/applications.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { controlClasses, TextAreaField } from '../../components/ui/form-field.tsx';

const a = applicationMessages.admin;

/** Approving creates an account and mails a password, so it is asked first, as rejecting is. */
export function ApproveDialog({
  target,
  onClose,
  onApprove,
  busy,
  error,
}: {
  target: ApplicationSummary | null;
  onClose: () => void;
  onApprove: (id: string) => void;
  busy: boolean;
  error: unknown;
}) {
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={a.approveTitle}
      description={target ? `${target.storeName} · ${a.approveLead}` : a.approveLead}
    >
      <ApiErrorAlert error={error} title={a.approveFailed} className="mb-4" />
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

/** Asks for the reason of a refusal (checked with the server's schema); the applicant receives it by e-mail. */
export function RejectDialog({
  target,
  onClose,
  onReject,
  error,
}: {
  target: ApplicationSummary | null;
  onClose: () => void;
  /** Resolves once the refusal is saved; rejects with the API error. */
  onReject: (reason: string) => Promise<void>;
  error: unknown;
}) {
  const { register, handleSubmit, formState, setError, reset } = useForm<RejectApplicationBody>({
    resolver: zodResolver(rejectApplicationBodySchema),
    defaultValues: { reason: '' },
  });
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await onReject(reason);
      reset();
    } catch (failure) {
      setServerFieldErrors(failure, setError, ['reason']);
    }
  });
  return (
    <Modal
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) {
          reset();
          onClose();
        }
      }}
      title={a.rejectTitle}
      description={target ? `${target.storeName} · ${a.rejectLead}` : a.rejectLead}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-4">
        <ApiErrorAlert error={error} title={a.rejectFailed} />
        <TextAreaField
          label={a.rejectReason}
          rows={4}
          maxLength={500}
          required
          error={formState.errors.reason?.message}
          {...register('reason')}
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
export function TempPasswordDialog({ result, onClose }: { result: ApprovalResult | null; onClose: () => void }) {
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
