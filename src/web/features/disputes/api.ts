import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDisputeDetail, AdminDisputeList, DecideDisputeBody, Dispute } from '#shared/schemas/disputes.ts';
import { apiFetch } from '../../lib/api-client.ts';

export const disputeKeys = {
  all: ['admin', 'disputes'] as const,
  detail: (orderId: string) => ['admin', 'disputes', orderId] as const,
};

export function useAdminDisputes() {
  return useQuery({
    queryKey: disputeKeys.all,
    queryFn: ({ signal }) => apiFetch<AdminDisputeList>('/api/admin/disputes', { signal }),
  });
}

export function useAdminDispute(orderId: string) {
  return useQuery({
    queryKey: disputeKeys.detail(orderId),
    queryFn: ({ signal }) =>
      apiFetch<AdminDisputeDetail>(`/api/admin/disputes/${encodeURIComponent(orderId)}`, { signal }),
  });
}

/** Decides a dispute; refreshes the desk and the admin stats (the menu badge). */
export function useDecideDispute(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideDisputeBody) =>
      apiFetch<Dispute>(`/api/admin/disputes/${encodeURIComponent(orderId)}/decide`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
