import { useEffect, useRef, useState } from 'react';
import type { SellerListing } from '#shared/schemas/listings.ts';
import { ProposeProductDialog } from '../../../features/catalogue/propose-product-dialog.tsx';
import { useOwnListings, useSellerDashboard } from '../../../features/listings/api.ts';
import { ProductForm } from '../../../features/listings/product-form.tsx';
import { ProductList } from '../../../features/listings/product-list.tsx';
import type { ListingsFocus } from './seller-side-menu.tsx';

/** ?filter=low-stock: the product list shows only listings below the low-stock threshold. */
export const lowStockFilter = 'low-stock';

/** A request to bring the product form or the list into view; `n` tells repeated requests apart. */
export interface FocusRequest {
  target: ListingsFocus;
  n: number;
}

interface ListingsWorkspaceProps {
  focusRequest: FocusRequest | null;
  requestFocus: (target: ListingsFocus) => void;
  /** Focus requests wait while the workspace is hidden (another tab of the panel is open). */
  isActive?: boolean;
  /** Only listings below the platform's low-stock threshold (the low-stock notification's link). */
  lowStockOnly?: boolean;
}

/**
 * The product form and the seller's product list, as the seller panel's listings tab and
 * /store-dashboard/products show them: editing a listing hands it to the form and brings it into view.
 */
export function ListingsWorkspace({
  focusRequest,
  requestFocus,
  isActive = true,
  lowStockOnly,
}: ListingsWorkspaceProps) {
  // The product form restarts (new key) after a save or Temizle, and when a listing is handed over.
  const [form, setForm] = useState<{ key: number; listing: SellerListing | null }>({ key: 0, listing: null });
  const handledRequest = useRef(-1);
  const formRegion = useRef<HTMLDivElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const listRegion = useRef<HTMLElement>(null);

  // The figures and the list above/at the target change the page's height as they load; scroll once they are in.
  const dashboard = useSellerDashboard();
  const listings = useOwnListings();
  const isLoading = dashboard.isPending || listings.isPending;

  useEffect(() => {
    if (!focusRequest || !isActive || isLoading || handledRequest.current === focusRequest.n) return;
    handledRequest.current = focusRequest.n;
    const region = focusRequest.target === 'form' ? formRegion.current : listRegion.current;
    region?.scrollIntoView({ block: 'start' });
    (focusRequest.target === 'form' ? searchInput.current : listRegion.current)?.focus({ preventScroll: true });
  }, [focusRequest, isActive, form.key, isLoading]);

  const restartForm = (listing: SellerListing | null) => setForm((current) => ({ key: current.key + 1, listing }));

  return (
    <>
      <div ref={formRegion} className="scroll-mt-32">
        <ProductForm
          key={form.key}
          listing={form.listing}
          onReset={() => restartForm(null)}
          onContinueEditing={(listing) => restartForm(listing)}
          searchInputRef={searchInput}
          proposeDialog={ProposeProductDialog}
        />
      </div>
      <ProductList
        regionRef={listRegion}
        lowStockOnly={lowStockOnly}
        onEdit={(listing) => {
          restartForm(listing);
          requestFocus('form');
        }}
        onDeleted={(id) => {
          if (form.listing?.id === id) restartForm(null);
        }}
      />
    </>
  );
}
