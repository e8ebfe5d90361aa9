import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { productPath } from '../../lib/paths.ts';
import { FavouriteButton } from './favourite-button.tsx';
import type { BrowseView } from './browse-params.ts';
import { ProductImage } from './product-image.tsx';

/**
 * A product's card in a grid or a list (an offer on the browse pages, a favourite on
 * /favorilerim): the picture, the brand and model linking to the product page over the whole
 * card, the heart above that link, then the caller's text and, at the bottom, its footer.
 */
export function ProductCard({
  view,
  productId,
  brand,
  model,
  image,
  headingLevel,
  badges,
  children,
  footer,
  isLargestPaint = false,
}: {
  view: BrowseView;
  productId: string;
  brand: string;
  model: string;
  image: string | null;
  /** The card's heading level under the page's own headings. */
  headingLevel: 2 | 3;
  badges?: ReactNode;
  children: ReactNode;
  footer: ReactNode;
  /** The first card of a results page: its picture is the page's largest paint (ProductImage). */
  isLargestPaint?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = (
    <Heading className="min-w-0">
      {/* The title link covers the whole card; the heart and any sign-in link sit above it. */}
      <Link
        to={productPath(productId)}
        className="block rounded after:absolute after:inset-0 after:rounded-xl after:content-['']"
      >
        {/* Brands are Latin names: upper-cased under lang="tr" an i would become İ ("GUCCİ"). */}
        <span lang="en" className="block text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {brand}
        </span>
        <span className="block font-semibold break-words text-slate-900">{model}</span>
      </Link>
    </Heading>
  );
  if (view === 'list') {
    return (
      <article className="relative flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-500 sm:gap-4">
        <ProductImage src={image} className="size-20 shrink-0 rounded-lg sm:size-28" isLargestPaint={isLargestPaint} />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          {badges}
          {title}
          {children}
          <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">{footer}</div>
        </div>
        <FavouriteButton productId={productId} className="relative self-start" />
      </article>
    );
  }
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-brand-500">
      <div className="relative">
        <ProductImage src={image} className="aspect-square w-full" isLargestPaint={isLargestPaint} />
        {badges ? <div className="absolute top-2 left-2">{badges}</div> : null}
        <FavouriteButton productId={productId} className="absolute top-2 right-2" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {title}
        {children}
        <div className="mt-auto space-y-1.5 pt-2">{footer}</div>
      </div>
    </article>
  );
}
