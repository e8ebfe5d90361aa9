import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BrandList, BrowseResult, CategoryCounts, ProductDetail } from '#shared/schemas/marketplace.ts';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { queryRoots } from '../../lib/query-keys.ts';
import { browseSearchParams, type BrowseValues } from './browse-params.ts';

export const marketplaceKeys = {
  all: queryRoots.marketplace,
  // Every filter is part of the key, so each combination is cached on its own.
  listings: (values: BrowseValues) => ['marketplace', 'listings', values] as const,
  categories: ['marketplace', 'categories'] as const,
  brands: ['marketplace', 'brands'] as const,
  product: (id: string) => ['marketplace', 'product', id] as const,
};

export function listingsPath(values: BrowseValues): string {
  const params = browseSearchParams(values);
  params.set('pageSize', String(values.pageSize));
  return `/api/marketplace/listings?${params.toString()}`;
}

/** Category pages, /urunler, /marketplace, the member feed and /arama; the previous page stays on screen while the next loads. */
export function useListings(values: BrowseValues) {
  return useQuery({
    queryKey: marketplaceKeys.listings(values),
    queryFn: ({ signal }) => apiFetch<BrowseResult>(listingsPath(values), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Live listing counts per category and subcategory. */
export function useCategoryCounts() {
  return useQuery({
    queryKey: marketplaceKeys.categories,
    queryFn: ({ signal }) => apiFetch<CategoryCounts>('/api/marketplace/categories', { signal }),
  });
}

/** /markalar: every brand with its live listing count. */
export function useBrands() {
  return useQuery({
    queryKey: marketplaceKeys.brands,
    queryFn: ({ signal }) => apiFetch<BrandList>('/api/marketplace/brands', { signal }),
  });
}

/** The product does not exist (404), or the address holds no valid id at all (400). */
export function isUnknownProduct(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'VALIDATION_FAILED');
}

/** /urun/:id — a catalogue product with every offer; the id may be a listing's. */
export function useProductDetail(id: string) {
  return useQuery({
    queryKey: marketplaceKeys.product(id),
    queryFn: ({ signal }) => apiFetch<ProductDetail>(`/api/marketplace/products/${encodeURIComponent(id)}`, { signal }),
    // An unknown product stays unknown: no second try.
    retry: (failures, error) => !isUnknownProduct(error) && failures < 1,
  });
}
