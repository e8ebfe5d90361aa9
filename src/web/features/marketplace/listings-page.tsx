import { PackageOpen } from 'lucide-react';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { browseQuerySchema } from '#shared/schemas/marketplace.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { useListings } from './api.ts';
import { BrowseLayout } from './browse-layout.tsx';
import { ProductResults } from './product-results.tsx';
import { useBrowseState } from './use-browse-state.ts';

const t = marketplaceMessages;

const promotedQuery = browseQuerySchema.parse({ promoted: 'true', pageSize: '4' });

/** The marketplace's promoted offers above the full list (hidden while there are none). */
function PromotedStrip() {
  const promoted = useListings(promotedQuery);
  const result = promoted.data;
  if (!result || result.items.length === 0) return null;
  return (
    <section aria-labelledby="promoted-title" className="mb-8 rounded-2xl bg-brand-50 p-4 sm:p-6">
      <h2 id="promoted-title" className="mb-4 text-xl font-bold text-brand-900">
        {t.marketplace.promotedTitle}
      </h2>
      <ProductResults items={result.items} view="grid" pricesVisible={result.pricesVisible} />
    </section>
  );
}

/** /urunler (every listing) and /marketplace (the same list under the promoted strip), with the category facets in the panel. */
export function ListingsPage({ variant }: { variant: 'products' | 'marketplace' }) {
  const browse = useBrowseState();
  const title = variant === 'marketplace' ? t.marketplace.title : t.categories.allListings;
  const lead = variant === 'marketplace' ? t.marketplace.lead : t.categories.allListingsLead;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${title} | OptiStok`}</title>
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 mb-6 text-slate-600">{lead}</p>
      {variant === 'marketplace' ? <PromotedStrip /> : null}
      <BrowseLayout
        browse={browse}
        empty={<EmptyState icon={PackageOpen} title={t.categories.empty} body={t.categories.emptyBody} />}
      />
    </div>
  );
}
