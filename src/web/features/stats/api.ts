import { useQuery } from '@tanstack/react-query';
import type { PublicStats } from '#shared/schemas/stats.ts';
import { apiFetch } from '../../lib/api-client.ts';

export const statsKeys = { public: ['stats', 'public'] as const };

/** Live marketplace figures; the server caches them for a minute. */
export function usePublicStats() {
  return useQuery({
    queryKey: statsKeys.public,
    queryFn: ({ signal }) => apiFetch<PublicStats>('/api/stats', { signal }),
  });
}
