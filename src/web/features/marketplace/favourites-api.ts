import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import type { FavouriteIds, FavouriteList } from '#shared/schemas/favourites.ts';
import { apiErrorMessage, apiFetch } from '../../lib/api-client.ts';
import { useSessionUser } from '../../lib/session.ts';

const t = marketplaceMessages.favourites;

export const favouriteKeys = {
  all: ['favourites'] as const,
  ids: ['favourites', 'ids'] as const,
  list: ['favourites', 'list'] as const,
};

/** Ids of the member's favourite products, one query shared by every heart on the page; empty for visitors. */
export function useFavouriteIds() {
  const user = useSessionUser();
  return useQuery({
    queryKey: favouriteKeys.ids,
    queryFn: ({ signal }) => apiFetch<FavouriteIds>('/api/favourites/ids', { signal }),
    select: (data) => new Set(data.productIds),
    enabled: user !== null,
  });
}

/** /favorilerim: the favourite products with their best current offer. */
export function useFavourites() {
  return useQuery({
    queryKey: favouriteKeys.list,
    queryFn: ({ signal }) => apiFetch<FavouriteList>('/api/favourites', { signal }),
  });
}

const toggleKey = ['favourites', 'toggle'];

interface ToggleInput {
  productId: string;
  favourite: boolean;
}

/**
 * Adds or removes a favourite. The hearts change at once; if the server refuses, they go back
 * and a toast says so (with the server's reason, e.g. the limit).
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: toggleKey,
    mutationFn: ({ productId, favourite }: ToggleInput) =>
      apiFetch<void>(`/api/favourites/${encodeURIComponent(productId)}`, { method: favourite ? 'PUT' : 'DELETE' }),
    onMutate: async ({ productId, favourite }) => {
      await queryClient.cancelQueries({ queryKey: favouriteKeys.ids });
      const previous = queryClient.getQueryData<FavouriteIds>(favouriteKeys.ids);
      queryClient.setQueryData<FavouriteIds>(favouriteKeys.ids, (old) => {
        const ids = (old?.productIds ?? []).filter((id) => id !== productId);
        return { productIds: favourite ? [productId, ...ids] : ids };
      });
      return { previous };
    },
    onError: (error, _input, context) => {
      queryClient.setQueryData(favouriteKeys.ids, context?.previous);
      toast.error(t.updateFailed, { description: apiErrorMessage(error) });
    },
    // Re-read once the last of several quick clicks has settled, so no answer undoes a later click.
    onSettled: () =>
      queryClient.isMutating({ mutationKey: toggleKey }) === 1
        ? queryClient.invalidateQueries({ queryKey: favouriteKeys.all })
        : undefined,
  });
}
