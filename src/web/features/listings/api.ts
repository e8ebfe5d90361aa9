import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogueLookup } from '#shared/schemas/catalogue.ts';
import type { ListingValues, SellerDashboard, SellerListing, SellerListingList } from '#shared/schemas/listings.ts';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { queryRoots } from '../../lib/query-keys.ts';

export const listingKeys = {
  all: ['listings'] as const,
  mine: ['listings', 'mine'] as const,
  dashboard: ['listings', 'mine', 'dashboard'] as const,
  lookup: (q: string) => ['catalogue', 'lookup', q] as const,
};

/** The catalogue search needs more than 2 characters (spec: minimum 3). */
export const LOOKUP_MIN_CHARS = 3;

export function useOwnListings() {
  return useQuery({
    queryKey: listingKeys.mine,
    queryFn: ({ signal }) => apiFetch<SellerListingList>('/api/listings/mine', { signal }),
    select: (data) => data.items,
  });
}

export function useSellerDashboard() {
  return useQuery({
    queryKey: listingKeys.dashboard,
    queryFn: ({ signal }) => apiFetch<SellerDashboard>('/api/listings/mine/dashboard', { signal }),
  });
}

/** Approved catalogue products matching the (already debounced, trimmed) text; at most 10. */
export function useCatalogueLookup(q: string) {
  return useQuery({
    queryKey: listingKeys.lookup(q),
    queryFn: ({ signal }) => apiFetch<CatalogueLookup>(`/api/catalogue/lookup?q=${encodeURIComponent(q)}`, { signal }),
    enabled: q.length >= LOOKUP_MIN_CHARS,
    select: (data) => data.items,
    staleTime: 60_000,
  });
}

/** A seller's change shows at once in their own lists and on the buying side (categories, search, product pages). */
function useRefreshListings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listingKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryRoots.marketplace }),
    ]);
}

/** What happens to the image when the form is saved. */
export type ImageChange = { kind: 'keep' } | { kind: 'upload'; file: File } | { kind: 'remove' };

/** The listing was saved, but its image was not: the form stays on the saved listing. */
export class ImageSaveError extends Error {
  constructor(
    readonly listing: SellerListing,
    readonly imageError: ApiError,
  ) {
    super(imageError.message);
    this.name = 'ImageSaveError';
  }
}

/** PUT /api/listings/:id/image as multipart/form-data (field `image`). */
async function uploadListingImage(id: string, file: File): Promise<SellerListing> {
  const form = new FormData();
  form.append('image', file, file.name);
  return apiFetch<SellerListing>(`/api/listings/${encodeURIComponent(id)}/image`, { method: 'PUT', body: form });
}

async function applyImageChange(listing: SellerListing, image: ImageChange): Promise<SellerListing> {
  if (image.kind === 'upload') return uploadListingImage(listing.id, image.file);
  if (image.kind === 'remove' && listing.imageUrl)
    return apiFetch<SellerListing>(`/api/listings/${encodeURIComponent(listing.id)}/image`, { method: 'DELETE' });
  return listing;
}

/**
 * Saves the form: creates or updates the listing, then uploads (or removes) its image (the spec
 * uploads the image on saving). A failed image step throws ImageSaveError with the saved listing.
 */
export function useSaveListing() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: async ({ id, values, image }: { id: string | null; values: ListingValues; image: ImageChange }) => {
      const saved = id
        ? await apiFetch<SellerListing>(`/api/listings/${encodeURIComponent(id)}`, { method: 'PATCH', body: values })
        : await apiFetch<SellerListing>('/api/listings', { method: 'POST', body: values });
      try {
        return await applyImageChange(saved, image);
      } catch (error) {
        throw error instanceof ApiError ? new ImageSaveError(saved, error) : error;
      }
    },
    onSettled: refresh,
  });
}

export function useDeleteListing() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (id: string) => apiFetch<void>(`/api/listings/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}

/** Aktif ↔ Yayında Değil through the verb endpoints. */
export function useToggleListingStatus() {
  const refresh = useRefreshListings();
  return useMutation({
    mutationFn: (listing: SellerListing) =>
      apiFetch<SellerListing>(
        `/api/listings/${encodeURIComponent(listing.id)}/${listing.durum === 'Aktif' ? 'deactivate' : 'activate'}`,
        { method: 'POST' },
      ),
    onSettled: refresh,
  });
}
