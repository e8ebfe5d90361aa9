import { FileUp } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { messages } from '#shared/messages.tr.ts';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import {
  catalogueImportFormSchema,
  type CatalogueImportFormInput,
  type CatalogueImportResult,
} from '#shared/schemas/catalogue.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { ApiErrorAlert } from '../../components/ui/api-error.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { FieldShell } from '../../components/ui/form-field.tsx';
import { formatCount } from '../../lib/format.ts';
import { Modal } from '../../components/ui/dialog.tsx';
import { useImportCatalogue } from './api.ts';

const a = catalogueMessages.admin;
const fieldLabels: Record<string, string> = catalogueMessages.fields;

const headerClassName = 'px-3 py-2 font-semibold';
const errorColumn = dataColumns<CatalogueImportResult['errors'][number]>();
const errorColumns = errorColumn.columns([
  errorColumn.accessor('row', {
    header: a.importColumnRow,
    cell: (info) => formatCount(info.getValue()),
    meta: { headerClassName, className: 'px-3 py-2 align-top tabular-nums' },
  }),
  errorColumn.accessor('field', {
    header: a.importColumnField,
    cell: (info) => {
      const field = info.getValue();
      return field ? (fieldLabels[field] ?? field) : '–';
    },
    meta: { headerClassName, className: 'px-3 py-2 align-top' },
  }),
  errorColumn.accessor('message', {
    header: a.importColumnMessage,
    meta: { headerClassName, className: 'px-3 py-2 align-top' },
  }),
]);

function ImportOutcome({ result }: { result: CatalogueImportResult }) {
  const failedRows = new Set(result.errors.map((e) => e.row)).size;
  return (
    <div className="space-y-3">
      <InlineAlert tone={failedRows ? 'info' : 'success'}>
        {a.importResult(result.created, result.updated, failedRows)}
      </InlineAlert>
      {result.errors.length ? (
        <div className="max-h-80 overflow-auto rounded-xl border border-slate-200">
          <DataTable
            data={result.errors}
            columns={errorColumns}
            getRowId={(error, index) => `${error.row}-${error.field}-${index}`}
            caption={a.importErrorsTitle}
            captionClassName="bg-slate-50 px-3 py-2 text-left font-semibold text-slate-800"
            headClassName="border-b border-slate-200 bg-slate-50 text-slate-600"
          />
        </div>
      ) : (
        <p className="text-sm text-slate-600">{a.importNoErrors}</p>
      )}
    </div>
  );
}

/** CSV import: pick a file, send it, and read which rows were saved and why others were refused. */
export function CatalogueImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const upload = useImportCatalogue();
  const { control, handleSubmit, formState, reset } = useForm<CatalogueImportFormInput>({
    resolver: zodResolver(catalogueImportFormSchema),
  });
  const fileError = formState.errors.file?.message;
  const chosen = useWatch({ control, name: 'file' });

  const close = (next: boolean) => {
    if (!next) {
      reset();
      upload.reset();
    }
    onOpenChange(next);
  };

  // The upload's own state (outcome, error) shows below; mutate does not throw.
  const onSubmit = handleSubmit(({ file }) => upload.mutate(file as File));

  return (
    <Modal open={open} onOpenChange={close} title={a.importTitle} wide>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{a.importHint}</p>
        <FieldShell id={id} label={a.importFile} error={fileError} hint={a.importFileHint}>
          {/* The native control serves keyboards and screen readers; its own button speaks the browser's language, so a Turkish one shows instead. */}
          <Controller
            control={control}
            name="file"
            render={({ field }) => (
              <input
                id={id}
                name={field.name}
                type="file"
                accept=".csv,text/csv"
                className="peer sr-only"
                aria-invalid={fileError ? true : undefined}
                aria-describedby={fileError ? `${id}-error` : `${id}-hint`}
                disabled={upload.isPending}
                onBlur={field.onBlur}
                onChange={(event) => {
                  field.onChange(event.target.files?.[0]);
                  upload.reset();
                }}
              />
            )}
          />
          <div className="flex min-w-0 items-center gap-3 rounded-lg peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-500">
            <label htmlFor={id} className={buttonClasses('secondary', 'shrink-0 cursor-pointer')}>
              <FileUp aria-hidden="true" className="size-4" />
              {a.chooseFile}
            </label>
            <span className="min-w-0 truncate text-sm text-slate-700" aria-hidden="true">
              {chosen?.name ?? a.noFileChosen}
            </span>
          </div>
        </FieldShell>
        <ApiErrorAlert error={upload.error} title={a.importFailed} />
        {upload.data ? <ImportOutcome result={upload.data} /> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => close(false)}>
            {messages.common.close}
          </Button>
          <Button type="submit" disabled={upload.isPending}>
            {upload.isPending ? a.importing : a.importSubmit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
