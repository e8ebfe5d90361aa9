import { Glasses } from 'lucide-react';
import { preload } from 'react-dom';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';

/**
 * A product's picture, or a quiet placeholder when no seller uploaded one. Decorative unless given
 * alt text. The page's largest paint (`isLargestPaint`) loads at once and first: React puts its
 * preload into the server-rendered page's head, so the download starts with the document.
 */
export function ProductImage({
  src,
  alt = '',
  className = '',
  isLargestPaint = false,
}: {
  src: string | null;
  alt?: string;
  className?: string;
  isLargestPaint?: boolean;
}) {
  if (src && isLargestPaint) preload(src, { as: 'image', fetchPriority: 'high' });
  if (!src) {
    return (
      <div className={`grid place-items-center bg-slate-100 text-slate-400 ${className}`}>
        <Glasses
          aria-hidden={alt === '' ? true : undefined}
          aria-label={alt === '' ? undefined : marketplaceMessages.noImage}
          role={alt === '' ? undefined : 'img'}
          className="size-1/3"
        />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={isLargestPaint ? 'eager' : 'lazy'}
      fetchPriority={isLargestPaint ? 'high' : undefined}
      decoding="async"
      className={`bg-slate-100 object-cover ${className}`}
    />
  );
}
