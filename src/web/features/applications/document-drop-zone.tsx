import { FileText, UploadCloud, X } from 'lucide-react';
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { applicationMessages } from '#shared/messages/applications.tr.ts';
import { formatMegabytes } from '#shared/schemas/applications.ts';
import { FilePreview } from '../../components/ui/file-preview.tsx';

const m = applicationMessages;
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

interface DocumentDropZoneProps {
  id: string;
  file: File | null;
  maxBytes: number;
  /** Without an applicant type no file may be chosen (spec part 1 §2). */
  disabled: boolean;
  /** 0–100 while the form is being sent, else null. */
  progress: number | null;
  onSelect: (file: File) => void;
  onRemove: () => void;
}

/**
 * The tax certificate upload: drop a file on the zone (it lights up while dragging) or activate it
 * by click, Enter or Space to choose one. Shows the chosen file's name, size in MB, a preview for
 * images, a remove button, and the real progress while the form is sent.
 */
export function DocumentDropZone({
  id,
  file,
  maxBytes,
  disabled,
  progress,
  onSelect,
  onRemove,
}: DocumentDropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const choose = () => {
    if (!disabled) input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose();
    }
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (!disabled) setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onSelect(dropped);
  };

  return (
    <div className="space-y-3">
      {/* The drop zone is the one accessible control; this input only opens the chooser. */}
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared at once, so choosing the same file again after a removal still fires.
          event.target.value = '';
          if (chosen) onSelect(chosen);
        }}
      />
      {file ? (
        <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
          {file.type.startsWith('image/') ? (
            <FilePreview
              file={file}
              alt={m.preview}
              className="size-16 shrink-0 rounded object-cover ring-1 ring-slate-200"
            />
          ) : (
            <FileText aria-hidden="true" className="size-10 shrink-0 text-brand-700" />
          )}
          <div className="min-w-0 flex-1">
            <p className="break-all font-medium text-slate-900" data-testid="document-name">
              {file.name}
            </p>
            <p className="text-sm text-slate-600">{m.sizeMb(formatMegabytes(file.size))}</p>
          </div>
          <button
            type="button"
            onClick={onRemove}
            disabled={progress !== null}
            aria-label={m.removeFile}
            className="grid size-11 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-200 disabled:opacity-50"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : (
        <div
          role="button"
          tabIndex={disabled ? -1 : 0}
          aria-disabled={disabled || undefined}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint ${id}-zone`}
          onClick={choose}
          onKeyDown={onKeyDown}
          onDragOver={onDragOver}
          onDragEnter={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-dragging={dragging || undefined}
          className={`flex min-h-32 cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors ${
            dragging
              ? 'border-brand-500 bg-brand-50 text-brand-900'
              : 'border-slate-300 bg-white text-slate-600 hover:border-brand-500'
          } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
        >
          <UploadCloud aria-hidden="true" className="size-8 text-brand-700" />
          <span id={`${id}-zone`} className="font-medium">
            {dragging ? m.dropZoneActive : m.dropZone}
          </span>
          <span className="text-xs text-slate-500">{m.dropZoneFormats(Math.round(maxBytes / (1024 * 1024)))}</span>
        </div>
      )}
      {progress !== null ? (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label={m.uploadProgress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${progress}%` }} />
          </div>
          <p className="text-xs text-slate-600" aria-hidden="true">
            {m.uploading(progress)}
          </p>
        </div>
      ) : null}
    </div>
  );
}
