import { messages } from '#shared/messages.tr.ts';
import type { BrowseView } from './browse-params.ts';

/** Grey blocks in the shape of what is loading, so the page does not jump when it arrives. */
function Block({ className }: { className: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-lg bg-slate-200 ${className}`} />;
}

/** Announces the loading state once; the blocks themselves are hidden from screen readers. */
function LoadingLabel() {
  return <span className="sr-only">{messages.common.loading}</span>;
}

/** A page of cards in the chosen view, sized like ProductCard (a whole results page fits the reserved space). */
export function CardGridSkeleton({ view, count = 6 }: { view: BrowseView; count?: number }) {
  const cards = Array.from({ length: count }, (_, i) => i);
  return (
    <div role="status" aria-live="polite">
      <LoadingLabel />
      {view === 'grid' ? (
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
          {cards.map((i) => (
            <li key={i} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <Block className="aspect-square w-full rounded-none" />
              <div className="space-y-2 p-3">
                <Block className="h-3 w-1/2" />
                <Block className="h-4 w-3/4" />
                <Block className="h-9 w-full" />
                <Block className="h-5 w-2/3" />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="space-y-3">
          {cards.map((i) => (
            <li key={i} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:gap-4">
              <Block className="size-20 shrink-0 sm:size-28" />
              <div className="flex-1 space-y-2">
                <Block className="h-3 w-1/3" />
                <Block className="h-4 w-2/3" />
                <Block className="h-9 w-full" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The product page's frame: breadcrumbs, picture, title and facts, then the offers. */
export function ProductPageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="mx-auto max-w-6xl px-4 py-8">
      <LoadingLabel />
      <Block className="mb-4 h-5 w-48" />
      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Block className="aspect-[4/3] w-full rounded-2xl md:aspect-square" />
        <div className="space-y-3">
          <Block className="h-4 w-24" />
          <Block className="h-8 w-3/4" />
          <Block className="h-5 w-1/2" />
          <Block className="mt-6 h-6 w-40" />
          <Block className="h-56 w-full rounded-xl" />
        </div>
      </div>
      <Block className="mt-10 h-7 w-48" />
      <Block className="mt-4 h-64 w-full rounded-xl" />
    </div>
  );
}
