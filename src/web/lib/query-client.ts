import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_MS } from '#shared/constants.ts';

/** Fresh for 5 minutes, one retry, no refetch on window focus (spec part 1 §9). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, retry: 1, refetchOnWindowFocus: false },
      mutations: { retry: 0 },
    },
  });
}
