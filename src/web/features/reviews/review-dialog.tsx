import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { messages } from '#shared/messages.tr.ts';
import { reviewMessages as m } from '#shared/messages/reviews.tr.ts';
import { REVIEW_COMMENT_MAX, reviewBodySchema, type Review } from '#shared/schemas/reviews.ts';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useSaveReview } from './api.ts';
import { StarRatingInput } from './star-rating-input.tsx';

export function errorText(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : messages.common.unexpected;
}

/** "Satıcıyı Değerlendir": stars and a comment; an existing review is edited in place. */
export function ReviewDialog({
  orderId,
  sellerLabel,
  review,
  onClose,
}: {
  orderId: string;
  sellerLabel: string;
  review: Review | null;
  onClose: () => void;
}) {
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [comment, setComment] = useState(review?.comment ?? '');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const save = useSaveReview(orderId, review?.id ?? null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reviewBodySchema.safeParse({ rating, comment });
    if (!parsed.success) {
      const found: { rating?: string; comment?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'comment' ? 'comment' : 'rating';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      toast.success(m.saved);
      onClose();
    } catch (error) {
      toast.error(m.dialogTitle, { description: errorText(error) });
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={review ? m.editReview : m.dialogTitle}
      description={m.dialogDescription(sellerLabel)}
    >
      <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <StarRatingInput value={rating} onChange={setRating} error={errors.rating} />
        <TextAreaField
          label={m.commentField}
          hint={m.commentHint}
          rows={5}
          maxLength={REVIEW_COMMENT_MAX + 100}
          value={comment}
          error={errors.comment}
          onChange={(e) => setComment(e.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? m.saving : m.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
