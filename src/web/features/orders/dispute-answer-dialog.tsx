import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { disputeMessages as dm } from '#shared/messages/disputes.tr.ts';
import { parseLira } from '#shared/money.ts';
import { answerDisputeBodySchema, type AnswerDisputeBody, type Dispute } from '#shared/schemas/disputes.ts';
import type { OrderStatus } from '#shared/status.ts';
import { AmountField } from '../../components/ui/amount-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { bodyWithPhotos, DisputeSummary, errorText, PhotoPicker, useOrderDispute } from './dispute-dialog.tsx';

function AnswerDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [statement, setStatement] = useState('');
  const [offer, setOffer] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (body: AnswerDisputeBody) =>
      apiFetch<Dispute>(`/api/orders/${encodeURIComponent(orderId)}/dispute/answer`, {
        method: 'POST',
        body: bodyWithPhotos({ statement: body.statement, offerKurus: body.offerKurus }, photos),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const offerKurus = offer.trim() ? parseLira(offer) : null;
    if (offer.trim() && offerKurus === null) {
      toast.error(dm.errorTitle, { description: dm.amountInvalid });
      return;
    }
    const parsed = answerDisputeBodySchema.safeParse({ statement, offerKurus });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(message);
      toast.error(dm.errorTitle, { description: message });
      return;
    }
    try {
      await send.mutateAsync(parsed.data);
      toast.success(dm.answered);
      onClose();
    } catch (e) {
      toast.error(dm.errorTitle, { description: errorText(e) });
    }
  };
  return (
    <Modal
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={dm.answerTitle}
      description={dm.answerDescription}
    >
      <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <TextAreaField
          label={dm.statementLabel}
          rows={5}
          maxLength={2000}
          value={statement}
          error={error}
          onChange={(e) => setStatement(e.target.value)}
        />
        <AmountField
          kind="lira"
          label={dm.offerFieldLabel}
          typed={offer}
          value={offer}
          onChange={(e) => setOffer(e.target.value)}
        />
        <PhotoPicker photos={photos} onChange={setPhotos} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {dm.cancel}
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? dm.sending : dm.send}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The seller's side of a disputed order: the dispute, and "Yanıtla" while it waits for the answer. */
export function SellerDisputePanel({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const [open, setOpen] = useState(false);
  const dispute = useOrderDispute(orderId, status);
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
