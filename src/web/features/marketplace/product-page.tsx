import { PackageX } from 'lucide-react';
import { useParams } from 'react-router';
import { categoryLabel, subcategoryLabel } from '#shared/categories.ts';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import type { CatalogueProduct } from '#shared/schemas/catalogue.ts';
import type { ProductDetail } from '#shared/schemas/marketplace.ts';
import { categoryPath, paths } from '../../lib/paths.ts';
import { ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryErrorAlert, QueryState } from '../../components/ui/query-state.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import { isUnknownProduct, useProductDetail } from './api.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { OfferList } from './offer-list.tsx';
import { ProductImage } from './product-image.tsx';
import { ProductPageSkeleton } from './skeletons.tsx';

const t = marketplaceMessages;
const f = catalogueMessages.fields;

const decimal = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The product's facts: barcode, category and the optical measures that apply (frames, contact lenses). */
function ProductFacts({ product }: { product: CatalogueProduct }) {
  const sub = subcategoryLabel(product.category, product.subcategory);
  const rows: [string, string | null][] = [
    [f.brand, product.brand],
    [f.modelCode, product.modelCode],
    [f.barcode, product.barcode],
    [f.category, categoryLabel(product.category)],
    [f.subcategory, sub],
    [f.colourCode, product.colourCode],
    [f.eyeSizeMm, product.eyeSizeMm?.toString() ?? null],
    [f.bridgeMm, product.bridgeMm?.toString() ?? null],
    [f.templeMm, product.templeMm?.toString() ?? null],
    [f.baseCurveMm, product.baseCurveMm === null ? null : decimal.format(product.baseCurveMm)],
    [f.diameterMm, product.diameterMm === null ? null : decimal.format(product.diameterMm)],
  ];
  return (
    <section aria-labelledby="product-facts-title" className="mt-6">
      <h2 id="product-facts-title" className="mb-2 text-lg font-semibold text-slate-900">
        {t.product.attributes}
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-xl border border-slate-200 bg-white p-4 text-sm">
        {rows
          .filter((row): row is [string, string] => row[1] !== null)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium break-words text-slate-900">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

function ProductView({ detail }: { detail: ProductDetail }) {
  const { product, offers, highlightedListingId } = detail;
  const title = `${product.brand} ${product.modelCode}`;
  const cover =
    offers.find((o) => o.listingId === highlightedListingId)?.imageUrl ??
    offers.find((o) => o.imageUrl)?.imageUrl ??
    null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${title} | OptiStok`}</title>
      <meta name="description" content={t.product.metaDescription(title, product.name, offers.length)} />
      <Breadcrumbs
        className="mb-4"
        trail={[
          { label: categoryLabel(product.category), to: categoryPath(product.category) },
          ...(product.subcategory
            ? [
                {
                  label: subcategoryLabel(product.category, product.subcategory) ?? product.subcategory,
                  to: categoryPath(product.category, product.subcategory),
                },
              ]
            : []),
        ]}
      />
      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <ProductImage
          src={cover}
          alt={cover ? t.product.imageAlt(product.name) : ''}
          isLargestPaint
          className="aspect-[4/3] w-full rounded-2xl border border-slate-200 md:aspect-square"
        />
        <div className="min-w-0">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p lang="en" className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
                {product.brand}
              </p>
              <h1 className="text-2xl font-bold break-words text-brand-900 sm:text-3xl">{title}</h1>
              <p className="mt-1 text-slate-700">{product.name}</p>
            </div>
            <FavouriteButton productId={product.id} />
          </div>
          <ProductFacts product={product} />
        </div>
      </div>
      <div className="mt-10">
        <OfferList
          offers={offers}
          highlightedId={highlightedListingId}
          pricesVisible={detail.pricesVisible}
          productName={title}
        />
      </div>
    </div>
  );
}

/** /urun/:id — the catalogue product and every seller's offer; the id may be a product's or a listing's. */
export function ProductPage() {
  const id = useParams().id ?? '';
  const detail = useProductDetail(id);
  return (
    <QueryState
      query={detail}
      pending={<ProductPageSkeleton />}
      renderError={(error) =>
        isUnknownProduct(error) ? (
          <div className="mx-auto max-w-xl px-4 py-12">
            <title>{`${t.product.notFound} | OptiStok`}</title>
            <h1 className="sr-only">{t.product.notFound}</h1>
            <EmptyState
              icon={PackageX}
              title={t.product.notFound}
              body={t.product.notFoundBody}
              action={<ButtonLink to={paths.categories}>{t.search.browseCategories}</ButtonLink>}
            />
          </div>
        ) : (
          <div className="mx-auto max-w-xl px-4 py-12">
            <QueryErrorAlert text={t.product.loadFailed} onRetry={() => void detail.refetch()} />
          </div>
        )
      }
    >
      {(data) => <ProductView key={id} detail={data} />}
    </QueryState>
  );
}
