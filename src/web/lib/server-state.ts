import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** The part of TanStack Query's dehydrated state (entry-server.tsx: dehydrate, successful queries only) read here. */
interface DehydratedQueries {
  queries: { queryKey: QueryKey; state: { data: unknown; dataUpdatedAt: number } }[];
}

/**
 * Puts the server's data into the cache before hydration, so the first render shows what the
 * server rendered. Not the library's hydrate(): its 9 KB would land in the first download of every
 * page, and a visitor's page holds only successful queries (no mutations, no pending promises).
 */
export function seedQueryCache(queryClient: QueryClient, json: string) {
  const { queries } = JSON.parse(json) as DehydratedQueries;
  for (const { queryKey, state } of queries) {
    queryClient.setQueryData(queryKey, state.data, { updatedAt: state.dataUpdatedAt });
  }
}
