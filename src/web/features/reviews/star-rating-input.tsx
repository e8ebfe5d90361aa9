import { Star } from 'lucide-react';
import { useId } from 'react';
import { reviewMessages as m } from '#shared/messages/reviews.tr.ts';

/** 1–5 stars as a radio group: arrow keys move the choice, each star is labelled "n yıldız". */
export function StarRatingInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{m.ratingField}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className="relative flex size-11 items-center justify-center">
            {/* The radio covers the star: it takes the click and shows the focus ring. */}
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => onChange(star)}
              className="absolute inset-0 cursor-pointer appearance-none rounded-lg focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            />
            <Star
              aria-hidden="true"
              className={`pointer-events-none size-8 ${star <= value ? 'fill-amber-400 text-amber-500' : 'text-slate-400'}`}
            />
            <span className="sr-only">{m.stars(star)}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A review's stars, read-only, with the number for screen readers. */
export function StarsShown({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center" role="img" aria-label={m.stars(rating)}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`size-4 ${star <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}`}
        />
      ))}
    </span>
  );
}
