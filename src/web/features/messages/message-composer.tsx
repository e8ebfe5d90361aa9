import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Send, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import { messagingMessages as m } from '#shared/messages/messages.tr.ts';
import { LISTING_IMAGE_MAX_BYTES } from '#shared/schemas/listings.ts';
import {
  MESSAGE_ATTACHMENT_LIMIT,
  MESSAGE_MAX_LENGTH,
  sendMessageBodySchema,
  type SendMessageBody,
} from '#shared/schemas/messages.ts';
import { ApiErrorAlert } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { FilePreview } from '../../components/ui/file-preview.tsx';
import { useSendMessage } from './api.ts';

const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** Why these files cannot be attached (checked here first; the server checks again), or null. */
function attachmentProblem(files: File[]): string | null {
  if (files.length > MESSAGE_ATTACHMENT_LIMIT) return m.validation.tooManyAttachments;
  if (files.some((f) => !IMAGE_TYPES.includes(f.type))) return listingMessages.validation.imageType;
  if (files.some((f) => f.size > LISTING_IMAGE_MAX_BYTES)) {
    return listingMessages.validation.imageTooLarge(LISTING_IMAGE_MAX_BYTES / (1024 * 1024));
  }
  return null;
}

/** The text box (1–2,000 characters, the shared schema's Turkish errors) and up to three images. */
export function MessageComposer({ threadId }: { threadId: string }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const send = useSendMessage(threadId);
  const form = useForm<SendMessageBody>({ resolver: zodResolver(sendMessageBodySchema), defaultValues: { body: '' } });
  const error = form.formState.errors.body?.message;
  const length = useWatch({ control: form.control, name: 'body' }).length;

  const pick = (list: FileList | null) => {
    const next = [...photos, ...Array.from(list ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    const problem = attachmentProblem(next);
    if (problem) return void toast.error(m.sendFailed, { description: problem });
    setPhotos(next);
  };

  const submit = form.handleSubmit((values) =>
    send.mutateAsync({ body: values.body, photos }).then(
      () => {
        form.reset({ body: '' });
        setPhotos([]);
      },
      // send.error shows above the field.
      () => undefined,
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-2 border-t border-slate-200 bg-white p-3">
      <ApiErrorAlert error={send.error} title={m.sendFailed} />
      <label htmlFor={id} className="sr-only">
        {m.bodyLabel}
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH + 100}
        placeholder={m.bodyPlaceholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-count`}
        onKeyDown={(event) => {
          // Ctrl/Cmd+Enter sends, as in most messengers; Enter alone keeps writing.
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
        }}
        className="block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-500"
        {...form.register('body')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : (
          <p id={`${id}-count`} className="tabular-nums">
            {length.toLocaleString('tr-TR')} / {MESSAGE_MAX_LENGTH.toLocaleString('tr-TR')}
          </p>
        )}
        <p>{m.attachHint}</p>
      </div>
      {photos.length ? (
        <ul className="flex flex-wrap gap-2">
          {photos.map((photo, i) => (
            <li key={`${photo.name}-${i}`} className="relative">
              <FilePreview file={photo} alt={m.attachmentAlt(i + 1)} className="size-16 rounded border object-cover" />
              <button
                type="button"
                onClick={() => setPhotos(photos.filter((_, j) => j !== i))}
                aria-label={m.removeAttachment(photo.name)}
                className="absolute -top-2 -right-2 grid size-6 place-items-center rounded-full bg-slate-800 text-white"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500">
          <ImagePlus aria-hidden="true" className="size-5" />
          {m.attachLabel}
          <input
            ref={fileInput}
            type="file"
            multiple
            accept="image/png,image/jpeg"
            className="sr-only"
            disabled={photos.length >= MESSAGE_ATTACHMENT_LIMIT}
            onChange={(event) => pick(event.target.files)}
          />
        </label>
        <Button type="submit" disabled={send.isPending}>
          <Send aria-hidden="true" className="size-4" /> {send.isPending ? m.sending : m.send}
        </Button>
      </div>
    </form>
  );
}
