import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';

const t = marketplaceMessages.pagination;

const itemClass = 'inline-flex min-h-11 items-center gap-1 rounded-lg border px-3 text-sm font-medium';

/** Previous / next links (real addresses, so they open in new tabs and survive reloads) and "Sayfa x / y". */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const step = (target: number, label: string, icon: 'prev' | 'next') => {
    const content =
      icon === 'prev' ? (
        <>
          <ChevronLeft aria-hidden="true" className="size-4" /> {label}
        </>
      ) : (
        <>
          {label} <ChevronRight aria-hidden="true" className="size-4" />
        </>
      );
    if (target < 1 || target > pageCount) {
      return (
        <span aria-disabled="true" className={`${itemClass} border-slate-200 text-slate-400`}>
          {content}
        </span>
      );
    }
    return (
      <Link
        to={hrefFor(target)}
        rel={icon}
        className={`${itemClass} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
      >
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label={t.label} className="mt-6 flex items-center justify-between gap-3">
      {step(page - 1, t.previous, 'prev')}
      <span className="text-sm text-slate-600" aria-current="page">
        {t.page(page, pageCount)}
      </span>
      {step(page + 1, t.next, 'next')}
    </nav>
  );
}
