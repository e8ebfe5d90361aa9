import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../lib/toast.ts';
import { reviewMessages as m } from '#shared/messages/reviews.tr.ts';
import {
  REVIEW_COMMENT_MAX,
  reviewBodySchema,
  type Review,
  type ReviewBody,
  type ReviewFormValues,
} from '#shared/schemas/reviews.ts';
import { ApiErrorAlert, setServerFieldErrors } from '../../components/ui/api-error.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { TextAreaField } from '../../components/ui/form-field.tsx';
import { useSaveReview } from './api.ts';
import { StarRatingInput } from './star-rating-input.tsx';

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
  const save = useSaveReview(orderId, review?.id ?? null);
  const { control, register, handleSubmit, formState, setError } = useForm<ReviewFormValues, unknown, ReviewBody>({
    resolver: zodResolver(reviewBodySchema),
    defaultValues: { rating: review?.rating ?? 0, comment: review?.comment ?? '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(m.saved);
      onClose();
    } catch (error) {
      setServerFieldErrors(error, setError, ['rating', 'comment']);
    }
  });

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={review ? m.editReview : m.dialogTitle}
      description={m.dialogDescription(sellerLabel)}
    >
      <form className="space-y-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <ApiErrorAlert error={save.error} />
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <StarRatingInput value={field.value} onChange={field.onChange} error={errors.rating?.message} />
          )}
        />
        <TextAreaField
          label={m.commentField}
          hint={m.commentHint}
          rows={5}
          maxLength={REVIEW_COMMENT_MAX + 100}
          error={errors.comment?.message}
          {...register('comment')}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {m.cancel}
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? m.saving : m.save}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
