import { toast } from '../../lib/toast.ts';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import type { AdminCatalogueProduct } from '#shared/schemas/catalogue.ts';
import { Modal } from '../../components/ui/dialog.tsx';
import { useSaveCatalogueProduct } from './api.ts';
import { CatalogueProductForm } from './catalogue-product-form.tsx';

const a = catalogueMessages.admin;

/** The admin's add dialog (product null) or edit dialog; saved products are approved at once. */
export function CatalogueProductDialog({
  open,
  product,
  onOpenChange,
}: {
  open: boolean;
  product: AdminCatalogueProduct | null;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveCatalogueProduct(product?.id ?? null);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={product ? a.editTitle : a.addTitle} wide>
      <CatalogueProductForm
        key={product?.id ?? 'new'}
        product={product}
        submitLabel={a.save}
        failedTitle={a.saveFailed}
        onCancel={() => onOpenChange(false)}
        onSubmit={async (input) => {
          await save.mutateAsync(input);
          toast.success(product ? a.updated : a.created);
          onOpenChange(false);
        }}
      />
    </Modal>
  );
}
