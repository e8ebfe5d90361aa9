import { ImagePlus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import { LISTING_IMAGE_EXTENSIONS, LISTING_IMAGE_MAX_BYTES, LISTING_IMAGE_TYPES } from '#shared/schemas/listings.ts';
import { InlineAlert } from '../../components/ui/alert.tsx';
import { buttonClasses, Button } from '../../components/ui/button.tsx';
import { FilePreview } from '../../components/ui/file-preview.tsx';
import type { ImageChange } from './api.ts';

const f = listingMessages.form;
const ACCEPT = [...LISTING_IMAGE_EXTENSIONS.map((ext) => `.${ext}`), ...LISTING_IMAGE_TYPES].join(',');
const MAX_MB = LISTING_IMAGE_MAX_BYTES / (1024 * 1024);
const previewClass = 'size-24 rounded-lg object-cover ring-1 ring-slate-200';

function isAcceptedImage(file: File): boolean {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return (
    (LISTING_IMAGE_TYPES as readonly string[]).includes(file.type) ||
    (LISTING_IMAGE_EXTENSIONS as readonly string[]).includes(extension)
  );
}

interface ListingImageFieldProps {
  /** The listing's stored image (edit mode). */
  currentUrl: string | null;
  change: ImageChange;
  onChange: (change: ImageChange) => void;
}

/**
 * The one product image: PNG, JPG or JPEG up to 2 MB, previewed at once and uploaded when the
 * form is saved. A file too large or of another type is refused here with the spec's alert text
 * (the server checks the content again).
 */
export function ListingImageField({ currentUrl, change, onChange }: ListingImageFieldProps) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const file = change.kind === 'upload' ? change.file : null;
  const storedUrl = change.kind === 'keep' ? currentUrl : null;

  const onFile = (chosen: File) => {
    if (chosen.size > LISTING_IMAGE_MAX_BYTES) return setProblem(listingMessages.validation.imageTooLarge(MAX_MB));
    if (!isAcceptedImage(chosen)) return setProblem(listingMessages.validation.imageType);
    setProblem(null);
    onChange({ kind: 'upload', file: chosen });
  };

  return (
    <div className="space-y-2">
      <span className="block text-sm font-medium text-slate-800">{f.image}</span>
      <div className="flex flex-wrap items-center gap-3">
        {file ? <FilePreview file={file} alt={f.imagePreview} className={previewClass} /> : null}
        {storedUrl ? <img src={storedUrl} alt={f.imagePreview} className={previewClass} /> : null}
        <div className="flex flex-wrap gap-2">
          <input
            id={id}
            type="file"
            accept={ACCEPT}
            aria-describedby={`${id}-hint`}
            aria-label={f.image}
            className="peer sr-only"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // Cleared at once, so choosing the same file again still fires.
              event.target.value = '';
              if (chosen) onFile(chosen);
            }}
          />
          <label
            htmlFor={id}
            className={buttonClasses(
              'secondary',
              'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            )}
          >
            <ImagePlus aria-hidden="true" className="size-4" />
            {file || storedUrl ? f.changeImage : f.chooseImage}
          </label>
          {file || storedUrl ? (
            <Button
              variant="ghost"
              className="text-red-700"
              onClick={() => {
                setProblem(null);
                onChange(currentUrl ? { kind: 'remove' } : { kind: 'keep' });
              }}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {f.removeImage}
            </Button>
          ) : null}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {f.imageHint}
      </p>
      {problem ? <InlineAlert tone="error">{problem}</InlineAlert> : null}
    </div>
  );
}
