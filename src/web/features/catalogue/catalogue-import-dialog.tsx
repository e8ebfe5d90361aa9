import { FileUp } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.tr.ts';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import type { CatalogueImportResult } from '#shared/schemas/catalogue.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { FieldShell } from '../../components/ui/form-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
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
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();

  const close = (next: boolean) => {
    if (!next) {
      setFile(null);
      setFileError(undefined);
      upload.reset();
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError(catalogueMessages.validation.csvFileRequired);
      return;
    }
    setFileError(undefined);
    upload.mutate(file);
  };
  const failure =
    upload.error instanceof ApiError ? upload.error.message : upload.error ? messages.common.unexpected : null;

  return (
    <Modal open={open} onOpenChange={close} title={a.importTitle} wide>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{a.importHint}</p>
        <FieldShell id={id} label={a.importFile} error={fileError} hint={a.importFileHint}>
          {/* The native control serves keyboards and screen readers; its own button speaks the browser's language, so a Turkish one shows instead. */}
          <input
            id={id}
            type="file"
            accept=".csv,text/csv"
            className="peer sr-only"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${id}-error` : `${id}-hint`}
            disabled={upload.isPending}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              upload.reset();
            }}
          />
          <div className="flex min-w-0 items-center gap-3 rounded-lg peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-500">
            <label htmlFor={id} className={buttonClasses('secondary', 'shrink-0 cursor-pointer')}>
              <FileUp aria-hidden="true" className="size-4" />
              {a.chooseFile}
            </label>
            <span className="min-w-0 truncate text-sm text-slate-700" aria-hidden="true">
              {file?.name ?? a.noFileChosen}
            </span>
          </div>
        </FieldShell>
        {failure ? (
          <InlineAlert tone="error">
            <strong className="block">{a.importFailed}</strong>
            {failure}
          </InlineAlert>
        ) : null}
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
