import { Glasses } from 'lucide-react';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';

/** A product's picture, or a quiet placeholder when no seller uploaded one. Decorative unless given alt text. */
export function ProductImage({
  src,
  alt = '',
  className = '',
}: {
  src: string | null;
  alt?: string;
  className?: string;
}) {
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
    <img src={src} alt={alt} loading="lazy" decoding="async" className={`bg-slate-100 object-cover ${className}`} />
  );
}
