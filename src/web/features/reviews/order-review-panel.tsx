import { useState } from 'react';
import { reviewMessages as m } from '#shared/messages/reviews.tr.ts';
import type { OrderStatus } from '#shared/status.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { formatDate } from '../../lib/format.ts';
import { useOrderReview } from './api.ts';
import { ReviewDialog } from './review-dialog.tsx';
import { ReviewBody } from './review-card.tsx';

/**
 * The buyer's order detail: "Satıcıyı Değerlendir" once the money reached the seller (the order's
 * server-computed `isReviewable`), then the review itself (editable for 14 days) and the seller's answer.
 */
export function OrderReviewPanel({
  orderId,
  status,
  isReviewable,
  sellerLabel,
}: {
  orderId: string;
  status: OrderStatus;
  isReviewable: boolean;
  sellerLabel: string;
}) {
  const [open, setOpen] = useState(false);
  const query = useOrderReview(orderId, status, isReviewable);
  if (!isReviewable || !query.data) return null;
  const { review, canReview } = query.data;
  if (!review && !canReview) return null;
  return (
    <Card title={review ? m.yourReview : m.reviewPanelTitle}>
      {review ? (
        <div className="space-y-2">
          <ReviewBody review={review} />
          {canReview ? (
            <p className="text-sm text-slate-600">{m.editableUntil(formatDate(review.editableUntil))}</p>
          ) : null}
        </div>
      ) : null}
      {canReview ? (
        <div className={review ? 'mt-3' : ''}>
          <Button variant={review ? 'secondary' : 'primary'} onClick={() => setOpen(true)}>
            {review ? m.editReview : m.rateSeller}
          </Button>
        </div>
      ) : null}
      {open ? (
        <ReviewDialog orderId={orderId} sellerLabel={sellerLabel} review={review} onClose={() => setOpen(false)} />
      ) : null}
    </Card>
  );
}
