import { zodResolver } from '@hookform/resolvers/zod';
import { FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { billingProfileMessages as b, invoiceMessages as m } from '#shared/messages/invoices.tr.ts';
import { todayInTurkey } from '#shared/dates.ts';
import {
  INVOICE_FILE_MAX_BYTES,
  invoiceableStatuses,
  invoiceFieldsSchema,
  type OrderInvoice,
} from '#shared/schemas/invoices.ts';
import type { SellerOrderDetail } from '#shared/schemas/orders.ts';
import { BillingPartyList } from '../../components/billing-party.tsx';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { describedBy, FieldShell, TextField } from '../../components/ui/form-field.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { appNow } from '../../lib/app-clock.ts';
import { invoiceFileUrl, useUploadInvoice } from './api.ts';

type FileField = 'pdf' | 'xml';

/** The file checks the server makes again: PDF (or XML) by name, and at most 10 MB. */
export function invoiceFileProblem(field: FileField, file: File | undefined): string | null {
  if (!file) return field === 'pdf' ? m.pdfRequired : null;
  if (!new RegExp(`\\.${field}$`, 'i').test(file.name)) return field === 'pdf' ? m.pdfType : m.xmlType;
  return file.size > INVOICE_FILE_MAX_BYTES ? m.tooLarge : null;
}

function FilePicker({
  field,
  label,
  hint,
  error,
  onPick,
}: {
  field: FileField;
  label: string;
  hint: string;
  error?: string;
  onPick: (file: File | undefined) => void;
}) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <input
        id={id}
        type="file"
        accept={field === 'pdf' ? 'application/pdf,.pdf' : 'application/xml,text/xml,.xml'}
        className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onPick(e.target.files?.[0])}
      />
    </FieldShell>
  );
}

/** The seller's "Faturayı Yükle" form: PDF, optional UBL XML, number, date and ETTN. */
export function InvoiceUploadDialog({
  orderId,
  open,
  onOpenChange,
}: {
  orderId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const upload = useUploadInvoice(orderId);
  const [files, setFiles] = useState<Partial<Record<FileField, File>>>({});
  const [fileErrors, setFileErrors] = useState<Partial<Record<FileField, string>>>({});
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(invoiceFieldsSchema),
    defaultValues: { invoiceNumber: '', invoiceDate: todayInTurkey(appNow()), ettn: '' },
  });
  const errors = formState.errors;
  const busy = formState.isSubmitting;

  const onSubmit = handleSubmit(async (fields) => {
    const problems = {
      pdf: invoiceFileProblem('pdf', files.pdf) ?? undefined,
      xml: invoiceFileProblem('xml', files.xml) ?? undefined,
    };
    setFileErrors(problems);
    if (problems.pdf || problems.xml) return;
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.set('pdf', files.pdf!);
    if (files.xml) form.set('xml', files.xml);
    try {
      await upload.mutateAsync(form);
      toast.success(m.uploaded);
      onOpenChange(false);
    } catch (error) {
      setServerFieldErrors(error, setError, ['invoiceNumber', 'invoiceDate', 'ettn']);
    }
  });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={m.dialogTitle} description={m.dialogDescription}>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={m.dialogTitle}>
        <ApiErrorAlert error={upload.error} title={m.uploadFailed} />
        <fieldset disabled={busy} className="space-y-4">
          <FilePicker
            field="pdf"
            label={m.pdf}
            hint={m.pdfHint}
            error={fileErrors.pdf}
            onPick={(file) => setFiles((f) => ({ ...f, pdf: file }))}
          />
          <FilePicker
            field="xml"
            label={m.xml}
            hint={m.xmlHint}
            error={fileErrors.xml}
            onPick={(file) => setFiles((f) => ({ ...f, xml: file }))}
          />
          <TextField
            label={m.invoiceNumber}
            hint={m.invoiceNumberHint}
            required
            autoCapitalize="characters"
            maxLength={16}
            error={errors.invoiceNumber?.message}
            {...register('invoiceNumber')}
          />
          <TextField
            label={m.invoiceDate}
            type="date"
            required
            error={errors.invoiceDate?.message}
            {...register('invoiceDate')}
          />
          <TextField
            label={m.ettn}
            hint={m.ettnHint}
            required
            spellCheck={false}
            maxLength={36}
            error={errors.ettn?.message}
            {...register('ettn')}
          />
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? m.submitting : m.submit}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {m.cancel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** The invoice's number, date and ETTN with its download links (both stores' order pages). */
export function InvoiceDetails({ orderId, invoice }: { orderId: string; invoice: OrderInvoice }) {
  return (
    <div className="space-y-2">
      <ul className="text-slate-800">
        <li>{m.numberLabel(invoice.invoiceNumber)}</li>
        <li>{m.dateLabel(formatDate(`${invoice.invoiceDate}T12:00:00Z`))}</li>
        <li className="break-all">{m.ettnLabel(invoice.ettn)}</li>
      </ul>
      <div className="flex flex-wrap gap-3">
        <a
          href={invoiceFileUrl(orderId, 'pdf')}
          download
          className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 hover:underline"
        >
          <FileText aria-hidden="true" className="size-4" /> {m.downloadPdf}
        </a>
        {invoice.hasXml ? (
          <a
            href={invoiceFileUrl(orderId, 'xml')}
            download
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline"
          >
            {m.downloadXml}
          </a>
        ) : null}
      </div>
    </div>
  );
}

/** The seller's paperwork of an order: whom to invoice, and the invoice ("Faturayı Yükle"). */
export function SellerInvoicePanel({ order }: { order: SellerOrderDetail }) {
  const [open, setOpen] = useState(false);
  const canUpload =
    (invoiceableStatuses as readonly string[]).includes(order.status) && (order.invoice?.canReplace ?? true);
  return (
    <section className="space-y-3" aria-label={m.section}>
      {order.billingParty ? (
        <div>
          <h3 className="font-semibold text-slate-900">{b.buyerBilling}</h3>
          <div className="mt-2">
            <BillingPartyList party={order.billingParty} />
          </div>
        </div>
      ) : null}
      <div>
        <h3 className="font-semibold text-slate-900">{m.section}</h3>
        <div className="mt-2">
          {order.invoice ? (
            <>
              <InvoiceDetails orderId={order.orderId} invoice={order.invoice} />
              <p className="mt-1 text-xs text-slate-600">{formatDateTime(order.invoice.uploadedAt)}</p>
            </>
          ) : (
            <p className="text-slate-600">{m.none}</p>
          )}
        </div>
        {canUpload ? (
          <Button className="mt-2" variant={order.invoice ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
            {order.invoice ? m.replace : m.upload}
          </Button>
        ) : null}
      </div>
      <InvoiceUploadDialog orderId={order.orderId} open={open} onOpenChange={setOpen} />
    </section>
  );
}
