import { Star } from 'lucide-react';
import { reviewMessages as m } from '#shared/messages/reviews.tr.ts';

/** A store's rating as "4,7 (23)" with a star, or "Henüz puan yok" before its first review. */
export function StoreRating({ average, count }: { average: number | null; count: number }) {
  if (average === null || count === 0) {
    return (
      <span className="inline-flex items-center gap-1" data-rating="none">
        <Star aria-hidden="true" className="size-4" /> {m.noRating}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1" data-rating={average} data-review-count={count}>
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      <span aria-hidden="true">{m.ratingSummary(average, count)}</span>
      <span className="sr-only">{m.ratingLabel(average, count)}</span>
    </span>
  );
}
