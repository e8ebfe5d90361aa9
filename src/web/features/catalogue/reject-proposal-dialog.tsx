import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import { rejectCatalogueProposalBodySchema, type AdminCatalogueProduct } from '#shared/schemas/catalogue.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { useDecideProposal } from './api.ts';

const a = catalogueMessages.admin;

function RejectForm({ product, onDone }: { product: AdminCatalogueProduct; onDone: () => void }) {
  const decide = useDecideProposal();
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(rejectCatalogueProposalBodySchema),
    defaultValues: { reason: '' },
  });
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async ({ reason }) => {
    try {
      await decide.mutateAsync({ id: product.id, decision: 'reject', reason });
      toast.success(a.rejected);
      onDone();
    } catch (error) {
      setServerFieldErrors(error, setError, ['reason']);
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      <p className="text-sm font-medium text-slate-900">{product.name}</p>
      <ApiErrorAlert error={decide.error} title={a.decideFailed} />
      <TextAreaField
        label={a.rejectReason}
        rows={4}
        maxLength={500}
        required
        disabled={busy}
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {a.cancel}
        </Button>
        <Button type="submit" disabled={busy} className="bg-red-700 hover:bg-red-600">
          {a.reject}
        </Button>
      </div>
    </form>
  );
}

/** Asks for the reason a proposal is refused; the proposer receives it by e-mail. */
export function RejectProposalDialog({
  product,
  onClose,
}: {
  product: AdminCatalogueProduct | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={product !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={a.rejectTitle}
      description={a.rejectLead}
    >
      {product ? <RejectForm product={product} onDone={onClose} /> : null}
    </Modal>
  );
}
