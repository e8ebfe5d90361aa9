import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { disputeMessages as dm } from '#shared/messages/disputes.tr.ts';
import {
  answerDisputeFormSchema,
  type AnswerDisputeBody,
  type AnswerDisputeFormValues,
  type Dispute,
} from '#shared/schemas/disputes.ts';
import { AmountField } from '../../components/ui/amount-field.tsx';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { bodyWithPhotos, DisputeSummary, PhotoPicker, useOrderDispute } from './dispute-dialog.tsx';

function AnswerDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<File[]>([]);
  const send = useMutation({
    mutationFn: (body: AnswerDisputeBody) =>
      apiFetch<Dispute>(`/api/orders/${encodeURIComponent(orderId)}/dispute/answer`, {
        method: 'POST',
        body: bodyWithPhotos({ statement: body.statement, offerKurus: body.offerKurus }, photos),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
  const { control, register, handleSubmit, formState, setError } = useForm<
    AnswerDisputeFormValues,
    unknown,
    AnswerDisputeBody
  >({
    resolver: zodResolver(answerDisputeFormSchema),
    defaultValues: { statement: '', offer: '' },
  });
  const offer = useWatch({ control, name: 'offer' });
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async (body) => {
    try {
      await send.mutateAsync(body);
      toast.success(dm.answered);
      onClose();
    } catch (error) {
      // An offer above the escrowed amount comes back on `offerKurus`: the alert above shows it.
      setServerFieldErrors(error, setError, ['statement']);
    }
  });
  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={dm.answerTitle}
      description={dm.answerDescription}
    >
      <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <ApiErrorAlert error={send.error} title={dm.errorTitle} />
        <TextAreaField
          label={dm.statementLabel}
          rows={5}
          maxLength={2000}
          error={formState.errors.statement?.message}
          {...register('statement')}
        />
        <AmountField
          kind="lira"
          label={dm.offerFieldLabel}
          typed={offer}
          error={formState.errors.offer?.message}
          {...register('offer')}
        />
        <PhotoPicker photos={photos} onChange={setPhotos} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {dm.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? dm.sending : dm.send}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The seller's side of a disputed order: the dispute, and "Yanıtla" while it waits for the answer. */
export function SellerDisputePanel({ orderId, hasDispute }: { orderId: string; hasDispute: boolean }) {
  const [open, setOpen] = useState(false);
  const dispute = useOrderDispute(orderId, hasDispute);
  if (!dispute.data) return null;
  return (
    <div className="mt-3">
      <DisputeSummary dispute={dispute.data}>
        {dispute.data.status === 'open' ? (
          <div className="mt-2 flex justify-end">
            <Button onClick={() => setOpen(true)}>{dm.answerButton}</Button>
          </div>
        ) : null}
      </DisputeSummary>
      {open ? <AnswerDialog orderId={orderId} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
