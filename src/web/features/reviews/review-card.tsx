import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { reviewMessages as m } from '#shared/messages/reviews.tr.ts';
import { REVIEW_COMMENT_MAX, replyBodySchema, type ReplyBody, type Review } from '#shared/schemas/reviews.ts';
import { StoreLink } from '../../components/store-link.tsx';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { formatDate } from '../../lib/format.ts';
import { useReplyToReview } from './api.ts';
import { StarsShown } from './star-rating-input.tsx';

/** Stars, comment and the seller's answer of one review. */
export function ReviewBody({ review }: { review: Review }) {
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <StarsShown rating={review.rating} />
        <StoreLink handle={review.buyerHandle} slug={review.buyerSlug} fallback={m.store.buyer} />
        <span aria-hidden="true">·</span>
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
      </div>
      {review.comment ? <p className="whitespace-pre-line text-slate-900">{review.comment}</p> : null}
      {review.reply ? (
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-slate-800">{m.sellerReply}</p>
          <p className="whitespace-pre-line text-slate-800">{review.reply}</p>
        </div>
      ) : null}
    </div>
  );
}

function ReplyDialog({ slug, reviewId, onClose }: { slug: string; reviewId: string; onClose: () => void }) {
  const send = useReplyToReview(slug);
  const { register, handleSubmit, formState, setError } = useForm<ReplyBody>({
    resolver: zodResolver(replyBodySchema),
    defaultValues: { reply: '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    try {
      await send.mutateAsync({ reviewId, body });
      toast.success(m.replySaved);
      onClose();
    } catch (error) {
      setServerFieldErrors(error, setError, ['reply']);
    }
  });
  return (
    <Modal open onOpenChange={(o) => (o ? undefined : onClose())} title={m.replyTitle} description={m.replyDescription}>
      <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <ApiErrorAlert error={send.error} />
        <TextAreaField
          label={m.replyField}
          rows={4}
          maxLength={REVIEW_COMMENT_MAX + 100}
          error={formState.errors.reply?.message}
          {...register('reply')}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? m.saving : m.reply}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A review on the store page; its owner gets "Yanıtla" while the review has no answer. */
export function StoreReviewItem({ slug, review }: { slug: string; review: Review & { canReply: boolean } }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="py-4" data-testid="store-review">
      <ReviewBody review={review} />
      {review.canReply ? (
        <div className="mt-2">
          <Button variant="secondary" onClick={() => setOpen(true)}>
            {m.reply}
          </Button>
        </div>
      ) : null}
      {open ? <ReplyDialog slug={slug} reviewId={review.id} onClose={() => setOpen(false)} /> : null}
    </li>
  );
}
