import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOrderDetail,
  AdminOrderList,
  AdminWaitingMoney,
  WaitingActionResult,
} from '#shared/schemas/admin-orders.ts';
import { apiFetch } from '../../lib/api-client.ts';

export interface AdminOrdersFilter {
  q?: string;
  status?: string;
  invoice?: string;
  from?: string;
  to?: string;
  page?: number;
}

export const adminOrderKeys = {
  list: (filter: AdminOrdersFilter) => ['admin-orders', 'list', filter] as const,
  detail: (id: string) => ['admin-orders', 'detail', id] as const,
  waiting: ['admin-orders', 'waiting'] as const,
};

/** The filter's query string, empty values left out. */
export function adminOrdersSearch(filter: AdminOrdersFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useAdminOrders(filter: AdminOrdersFilter) {
  return useQuery({
    queryKey: adminOrderKeys.list(filter),
    queryFn: ({ signal }) => apiFetch<AdminOrderList>(`/api/admin/orders${adminOrdersSearch(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: string | null) {
  return useQuery({
    queryKey: adminOrderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiFetch<AdminOrderDetail>(`/api/admin/orders/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** What waits on the payment provider (lost answers, refunds, voids); refreshed every minute like the sweep. */
export function useWaitingMoney() {
  return useQuery({
    queryKey: adminOrderKeys.waiting,
    queryFn: ({ signal }) => apiFetch<AdminWaitingMoney>('/api/admin/payments/waiting', { signal }),
    refetchInterval: 60_000,
  });
}

/** The admin's actions on the waiting list (decision 040), by the row's id. */
export const waitingActionPaths = {
  checkPayment: (paymentId: string) => `/api/admin/payments/${encodeURIComponent(paymentId)}/check`,
  retryVoid: (paymentId: string) => `/api/admin/payments/${encodeURIComponent(paymentId)}/void/retry`,
  retryProviderJob: (jobId: string) => `/api/admin/provider-jobs/${encodeURIComponent(jobId)}/retry`,
  reviewPayoutMismatch: (paymentId: string) =>
    `/api/admin/payments/${encodeURIComponent(paymentId)}/payout-mismatch/review`,
};

/**
 * Posts one of the waiting list's actions (a path of waitingActionPaths); the list, the order
 * details (their provider jobs) and the security log are read again whatever the answer.
 */
export function useWaitingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => apiFetch<WaitingActionResult>(path, { method: 'POST' }),
    onSettled: () =>
      Promise.all(
        [adminOrderKeys.waiting, ['admin-orders', 'detail'], ['admin', 'security-log']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
