import { toast } from '../../lib/toast.ts';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import { formatDate } from '../../lib/format.ts';
import { Modal } from '../../components/ui/dialog.tsx';
import { useMyProposals, useProposeProduct } from './api.ts';
import { CatalogueProductForm } from './catalogue-product-form.tsx';
import { CatalogueStatusBadge } from './catalogue-ui.tsx';

const p = catalogueMessages.proposal;
/** How many of the seller's proposals the dialog lists. */
const SHOWN_PROPOSALS = 5;

/** The seller's latest proposals and what became of them, folded away below the form. */
function MyProposals() {
  const proposals = useMyProposals();
  const items = proposals.data ?? [];
  if (items.length === 0) return null;
  return (
    <details className="mt-6 rounded-xl border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-semibold text-slate-800">{p.mineCount(items.length)}</summary>
      <ul className="mt-3 divide-y divide-slate-100">
        {items.slice(0, SHOWN_PROPOSALS).map((item) => (
          <li key={item.id} className="py-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 font-medium break-words text-slate-900">{item.name}</span>
              <CatalogueStatusBadge status={item.status} />
            </div>
            <time dateTime={item.createdAt} className="text-xs text-slate-500">
              {formatDate(item.createdAt)}
            </time>
            {item.rejectionReason ? (
              <p className="mt-1 text-slate-700">
                {p.rejectionReason}: {item.rejectionReason}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}

export interface ProposeProductDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The seller's catalogue search text, used to prefill the name (or the barcode when it is digits). */
  initialQuery?: string;
}

/** "Katalogda yok mu? Ürün öner": a seller proposes a missing product; an admin approves it before it can be listed. */
export function ProposeProductDialog({ open, onOpenChange, initialQuery }: ProposeProductDialogProps) {
  const propose = useProposeProduct();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={p.title} description={p.lead} wide>
      <CatalogueProductForm
        initialQuery={initialQuery}
        submitLabel={p.submit}
        failedTitle={p.failed}
        onCancel={() => onOpenChange(false)}
        onSubmit={async (input) => {
          await propose.mutateAsync(input);
          toast.success(p.sent);
          onOpenChange(false);
        }}
      />
      <MyProposals />
    </Modal>
  );
}
