import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderReview, ReplyBody, Review, ReviewBody, StoreReviewList } from '#shared/schemas/reviews.ts';
import type { StoreListingList, StoreProfile } from '#shared/schemas/stores.ts';
import { ApiError, apiFetch } from '../../lib/api-client.ts';

export const reviewKeys = {
  order: (orderId: string) => ['reviews', 'order', orderId] as const,
  store: (slug: string) => ['stores', slug] as const,
  storeReviews: (slug: string, page: number) => ['stores', slug, 'reviews', page] as const,
  storeListings: (slug: string, page: number) => ['stores', slug, 'listings', page] as const,
};

/** A store that is not there stays so: asking again only delays the answer. */
const retryUnlessNotFound = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status === 404) && failures < 1;

const encoded = encodeURIComponent;

/** Asked only once the server says the order is reviewable; its status is in the key, so a confirmation asks again. */
export function useOrderReview(orderId: string, status: string, enabled: boolean) {
  return useQuery({
    queryKey: [...reviewKeys.order(orderId), status],
    enabled,
    queryFn: ({ signal }) => apiFetch<OrderReview>(`/api/orders/${encoded(orderId)}/review`, { signal }),
  });
}

/** The buyer writes (no review yet) or edits the order's review; the order's and the stores' views refetch. */
export function useSaveReview(orderId: string, reviewId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      reviewId
        ? apiFetch<Review>(`/api/reviews/${encoded(reviewId)}`, { method: 'PATCH', body })
        : apiFetch<Review>(`/api/orders/${encoded(orderId)}/review`, { method: 'POST', body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: reviewKeys.order(orderId) });
      await client.invalidateQueries({ queryKey: ['stores'] });
    },
  });
}

export function useReplyToReview(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, body }: { reviewId: string; body: ReplyBody }) =>
      apiFetch<Review>(`/api/reviews/${encoded(reviewId)}/reply`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.store(slug) }),
  });
}

export function useStore(slug: string) {
  return useQuery({
    queryKey: reviewKeys.store(slug),
    queryFn: ({ signal }) => apiFetch<StoreProfile>(`/api/stores/${encoded(slug)}`, { signal }),
    retry: retryUnlessNotFound,
  });
}

export function useStoreReviews(slug: string, page: number) {
  return useQuery({
    queryKey: reviewKeys.storeReviews(slug, page),
    queryFn: ({ signal }) => apiFetch<StoreReviewList>(`/api/stores/${encoded(slug)}/reviews?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useStoreListings(slug: string, page: number) {
  return useQuery({
    queryKey: reviewKeys.storeListings(slug, page),
    queryFn: ({ signal }) =>
      apiFetch<StoreListingList>(`/api/stores/${encoded(slug)}/listings?page=${page}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
