import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UtsNotifiedResult, UtsReport } from '#shared/schemas/uts.ts';
import { apiFetch } from '../../lib/api-client.ts';

export type UtsSide = 'verme' | 'alma';

export const utsKeys = {
  all: ['uts'] as const,
  report: (side: UtsSide, month: string) => ['uts', side, month] as const,
};

/** The caller's side of a month's ÜTS transfers (verme as seller, alma as buyer). */
export function useUtsReport(side: UtsSide, month: string) {
  return useQuery({
    queryKey: utsKeys.report(side, month),
    queryFn: ({ signal }) => apiFetch<UtsReport>(`/api/me/uts/${side}?ay=${encodeURIComponent(month)}`, { signal }),
  });
}

/** The month's list as a CSV download (a plain link: the session cookie goes along). */
export function utsCsvUrl(side: UtsSide, month: string): string {
  return `/api/me/uts/${side}.csv?ay=${encodeURIComponent(month)}`;
}

/** "Bildirdim": the caller's side of the order told ÜTS. */
export function useMarkUtsNotified() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      apiFetch<UtsNotifiedResult>(`/api/orders/${encodeURIComponent(orderId)}/uts/bildirildi`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: utsKeys.all }),
  });
}
