import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { disputeMessages as dm } from '#shared/messages/disputes.tr.ts';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import {
  createDisputeBodySchema,
  DISPUTE_PHOTO_LIMIT,
  disputeReasons,
  type CreateDisputeBody,
  type Dispute,
} from '#shared/schemas/disputes.ts';
import type { OrderAction } from '#shared/schemas/orders.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { ApiError, apiErrorMessage, apiFetch } from '../../lib/api-client.ts';
import { formatDateTime, formatKurus } from '../../lib/format.ts';

export const disputeKey = (orderId: string) => ['orders', 'dispute', orderId] as const;

/**
 * The order's dispute, asked only when the server says the order has one (`hasDispute`); a 404 (gone
 * meanwhile) is answered as null.
 */
export function useOrderDispute(orderId: string, hasDispute: boolean) {
  return useQuery({
    queryKey: disputeKey(orderId),
    enabled: hasDispute,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<Dispute>(`/api/orders/${encodeURIComponent(orderId)}/dispute`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
const PHOTO_TYPES = ['image/png', 'image/jpeg'];
/** The photo picker's one error toast: a new one replaces it, a successful submit dismisses it. */
const PHOTO_TOAST = 'dispute-photos';

/** Up to 3 PNG/JPEG photos of at most 2 MB, checked here before they are sent (the server checks again). */
export function PhotoPicker({ photos, onChange }: { photos: File[]; onChange: (files: File[]) => void }) {
  const onPick = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length > DISPUTE_PHOTO_LIMIT)
      return void toast.error(dm.errorTitle, { id: PHOTO_TOAST, description: dm.tooManyPhotos });
    if (files.some((f) => !PHOTO_TYPES.includes(f.type))) {
      return void toast.error(dm.errorTitle, { id: PHOTO_TOAST, description: listingMessages.validation.imageType });
    }
    if (files.some((f) => f.size > MAX_PHOTO_BYTES)) {
      return void window.alert(dm.photoTooLarge(MAX_PHOTO_BYTES / (1024 * 1024)));
    }
    onChange(files);
  };
  return (
    <label className="block text-sm font-medium text-slate-800">
      {dm.photosLabel}
      <input
        type="file"
        multiple
        accept="image/png,image/jpeg"
        className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800"
        onChange={(e) => onPick(e.target.files)}
      />
      {photos.length ? (
        <span className="mt-1 block text-xs text-slate-600">{photos.map((f) => f.name).join(', ')}</span>
      ) : null}
    </label>
  );
}

/** A JSON body, or a multipart form when photos come with it (the server takes both). */
export function bodyWithPhotos(fields: Record<string, string | number | null | undefined>, photos: File[]) {
  if (!photos.length) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    if (value !== null && value !== undefined) form.set(key, String(value));
  for (const photo of photos) form.append('photos', photo);
  return form;
}

/** Thumbnails of a dispute's photos, each opening the full photo. */
export function DisputePhotos({ orderId, files }: { orderId: string; files: string[] }) {
  if (!files.length) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-2">
      {files.map((file, i) => {
        const src = `/api/orders/${encodeURIComponent(orderId)}/dispute/photos/${file}`;
        return (
          <li key={file}>
            <a href={src} target="_blank" rel="noreferrer">
              <img
                src={src}
                alt={dm.photoAlt(i + 1)}
                className="size-16 rounded border border-slate-200 object-cover"
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** The dispute's state as both sides read it: reason, statements, offer and decision. */
export function DisputeSummary({ dispute, children }: { dispute: Dispute; children?: React.ReactNode }) {
  return (
    <section
      className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-950"
      aria-label={dm.sectionTitle}
    >
      <div className="flex flex-wrap items-center gap-2">
        <AlertTriangle aria-hidden="true" className="size-4" />
        <span className="font-semibold">
          {dm.sectionTitle}: {dm.reasons[dispute.reason]}
        </span>
        <Badge colour={dispute.status === 'resolved' ? 'grey' : 'red'}>{dm.statuses[dispute.status]}</Badge>
      </div>
      <dl className="mt-2 space-y-1">
        <div>
          <dt className="inline font-medium">{dm.yourMessage}: </dt>
          <dd className="inline whitespace-pre-line">
            {dispute.customerMessage}
            <DisputePhotos orderId={dispute.orderId} files={dispute.customerPhotos} />
          </dd>
        </div>
        {dispute.status === 'open' ? (
          <div>
            <dt className="inline font-medium">{dm.answerDueLabel}: </dt>
            <dd className="inline">{formatDateTime(dispute.answerDueAt)}</dd>
          </div>
        ) : null}
        {dispute.sellerMessage ? (
          <div>
            <dt className="inline font-medium">{dm.sellerMessage}: </dt>
            <dd className="inline whitespace-pre-line">
              {dispute.sellerMessage}
              <DisputePhotos orderId={dispute.orderId} files={dispute.sellerPhotos} />
            </dd>
          </div>
        ) : null}
        {dispute.sellerOfferKurus !== null ? (
          <div>
            <dt className="inline font-medium">{dm.offerLabel}: </dt>
            <dd className="inline">{formatKurus(dispute.sellerOfferKurus)}</dd>
          </div>
        ) : null}
        {dispute.decision ? (
          <div>
            <dt className="inline font-medium">{dm.decisionLabel}: </dt>
            <dd className="inline">
              {dm.decisions[dispute.decision]}
              {dispute.decision !== 'release' && dispute.decisionKurus
                ? ` (${formatKurus(dispute.decisionKurus)})`
                : ''}
              {dispute.decisionReason ? ` — ${dispute.decisionReason}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      {children}
    </section>
  );
}

function ReportDialog({
  orderId,
  open,
  onOpenChange,
}: {
  orderId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const [photos, setPhotos] = useState<File[]>([]);
  const send = useMutation({
    mutationFn: (body: CreateDisputeBody) =>
      apiFetch<Dispute>(`/api/orders/${encodeURIComponent(orderId)}/dispute`, {
        method: 'POST',
        body: bodyWithPhotos(body, photos),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
  // No reason is picked at first: the placeholder option, which the schema refuses.
  const { register, handleSubmit, formState, setError } = useForm({
    resolver: zodResolver(createDisputeBodySchema),
    defaultValues: { description: '' },
  });
  const busy = formState.isSubmitting;
  const onSubmit = handleSubmit(async (body) => {
    try {
      await send.mutateAsync(body);
      // A corrected submit must not leave an earlier "Hata" beside "İtiraz Oluşturuldu".
      toast.dismiss(PHOTO_TOAST);
      toast.success(dm.created, { description: dm.createdDetail });
      onOpenChange(false);
    } catch (error) {
      setServerFieldErrors(error, setError, ['reason', 'description']);
    }
  });
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={dm.dialogTitle} description={dm.dialogDescription}>
      <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <ApiErrorAlert error={send.error} title={dm.errorTitle} />
        <SelectField label={dm.reasonLabel} error={formState.errors.reason?.message} {...register('reason')}>
          <option value="">{dm.reasonPlaceholder}</option>
          {disputeReasons.map((r) => (
            <option key={r} value={r}>
              {dm.reasons[r]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={dm.descriptionLabel}
          rows={5}
          maxLength={2000}
          error={formState.errors.description?.message}
          {...register('description')}
        />
        <PhotoPicker photos={photos} onChange={setPhotos} />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {dm.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? dm.sending : dm.send}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The buyer's side of disputes on an order: "Sorun Bildir" while the money is in escrow, and the
 * dispute's state (with "Teklifi Kabul Et" for a seller's offer) once there is one.
 */
export function BuyerDisputePanel({
  order,
}: {
  order: { id: string; hasDispute: boolean; actions: readonly OrderAction[] };
}) {
  const orderId = order.id;
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const dispute = useOrderDispute(orderId, order.hasDispute);
  const accept = useMutation({
    mutationFn: () =>
      apiFetch<Dispute>(`/api/orders/${encodeURIComponent(orderId)}/dispute/accept-offer`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
  if (order.actions.includes('dispute')) {
    return (
      <div className="mt-3 flex justify-end">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          <AlertTriangle aria-hidden="true" className="size-4" />
          {dm.reportButton}
        </Button>
        {open ? <ReportDialog orderId={orderId} open={open} onOpenChange={setOpen} /> : null}
      </div>
    );
  }
  if (!dispute.data) return null;
  const d = dispute.data;
  const onAccept = async () => {
    try {
      await accept.mutateAsync();
      toast.success(dm.offerAccepted);
    } catch (error) {
      toast.error(dm.errorTitle, { description: apiErrorMessage(error) });
    }
  };
  return (
    <div className="mt-3">
      <DisputeSummary dispute={d}>
        {d.status === 'seller_answered' && d.sellerOfferKurus !== null ? (
          <div className="mt-2 flex justify-end">
            <Button onClick={() => void onAccept()} disabled={accept.isPending}>
              {dm.acceptOffer}
            </Button>
          </div>
        ) : null}
      </DisputeSummary>
    </div>
  );
}
