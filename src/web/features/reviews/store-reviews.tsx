import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { reviewMessages as m } from '#shared/messages/reviews.tr.ts';
import { Button } from '../../components/ui/button.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { useStoreReviews } from './api.ts';
import { StoreReviewItem } from './review-card.tsx';

const pager = marketplaceMessages.pagination;

/** Previous / next buttons for a list paged on this page (not in the address). */
export function PageButtons({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={pager.label} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" /> {pager.previous}
      </Button>
      <span className="text-sm text-slate-600">{pager.page(page, pageCount)}</span>
      <Button variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {pager.next} <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}

/** The store page's reviews, newest first, ten a page; the owner answers from here. */
export function StoreReviews({ slug, isOwner }: { slug: string; isOwner: boolean }) {
  const [page, setPage] = useState(1);
  const query = useStoreReviews(slug, page);
  return (
    <section aria-labelledby="degerlendirmeler" className="space-y-2">
      <h2 id="degerlendirmeler" className="scroll-mt-20 text-xl font-bold text-brand-900">
        {m.store.reviewsTitle(query.data?.total ?? 0)}
      </h2>
      {isOwner ? <p className="text-sm text-slate-600">{m.store.ownerNote}</p> : null}
      <QueryState
        query={query}
        errorText={m.store.loadFailed}
        isEmpty={(data) => data.total === 0}
        empty={<p className="text-slate-600">{m.store.noReviews}</p>}
      >
        {(data) => (
          <>
            <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white px-4">
              {data.items.map((review) => (
                <StoreReviewItem key={review.id} slug={slug} review={review} />
              ))}
            </ul>
            <PageButtons page={data.page} pageCount={data.pageCount} onPage={setPage} />
          </>
        )}
      </QueryState>
    </section>
  );
}
