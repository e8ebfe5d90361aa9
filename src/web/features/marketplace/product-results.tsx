import { categoryLabel, subcategoryLabel } from '#shared/categories.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import type { ProductSummary } from '#shared/schemas/marketplace.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { StockBadge } from '../../components/stock-badge.tsx';
import { formatKurus } from '../../lib/format.ts';
import { VatNote } from '../../components/vat-note.tsx';
import type { BrowseView } from './browse-params.ts';
import { SignInForPricesLink } from './offer-price.tsx';
import { ProductCard } from './product-card.tsx';

const t = marketplaceMessages;

/** A member sees the lowest in-stock price; a visitor the sign-in link. With nothing in stock, the stock badge says so. */
function LowestPrice({ product, pricesVisible }: { product: ProductSummary; pricesVisible: boolean }) {
  if (!pricesVisible) return <SignInForPricesLink />;
  if (product.lowestPriceKurus === null) return null;
  return (
    <p>
      <span className="block text-xs text-slate-500">{t.fromPrice}</span>
      <span className="text-lg font-bold text-brand-900 tabular-nums">
        {formatKurus(product.lowestPriceKurus)}
      </span>{' '}
      <VatNote />
    </p>
  );
}

/** One catalogue product with its offers summed up; the whole card leads to the product page comparing them. */
function ProductResultCard({
  product,
  view,
  pricesVisible,
  isLargestPaint,
}: {
  product: ProductSummary;
  view: BrowseView;
  pricesVisible: boolean;
  isLargestPaint: boolean;
}) {
  const place = subcategoryLabel(product.kategori, product.altKategori) ?? categoryLabel(product.kategori);
  return (
    <ProductCard
      view={view}
      productId={product.productId}
      brand={product.marka}
      model={product.modelKodu}
      image={product.thumbnailUrl ?? product.imageUrl}
      headingLevel={3}
      isLargestPaint={isLargestPaint}
      badges={product.isPromoted ? <Badge colour="blue">{t.promoted}</Badge> : null}
      footer={
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <StockBadge stock={product.totalStock} />
            <span className="font-medium">{t.sellers(product.sellerCount)}</span>
            {product.totalStock > 0 ? (
              <span className="text-xs text-slate-500">{t.stockCount(product.totalStock)}</span>
            ) : null}
          </p>
          <LowestPrice product={product} pricesVisible={pricesVisible} />
        </>
      }
    >
      <p className="line-clamp-2 text-sm text-slate-600">{product.name}</p>
      <p className="text-xs text-slate-500">{place}</p>
    </ProductCard>
  );
}

/** Product cards in the chosen view (browse pages, search, the member feed). */
export function ProductResults({
  items,
  view,
  pricesVisible,
}: {
  items: ProductSummary[];
  view: BrowseView;
  pricesVisible: boolean;
}) {
  return (
    <ul className={view === 'grid' ? 'grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3' : 'space-y-3'}>
      {items.map((product, index) => (
        <li key={product.productId}>
          <ProductResultCard product={product} view={view} pricesVisible={pricesVisible} isLargestPaint={index === 0} />
        </li>
      ))}
    </ul>
  );
}
