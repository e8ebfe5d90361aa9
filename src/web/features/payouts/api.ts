import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountMovements,
  AccountMovementsQuery,
  AccountMovementsRange,
  AdminPayoutList,
  PayoutAccount,
  PayoutAccountBody,
  PayoutRunResult,
} from '#shared/schemas/payouts.ts';
import { apiFetch } from '../../lib/api-client.ts';

export const payoutKeys = {
  all: ['payouts'] as const,
  account: ['payouts', 'account'] as const,
  movements: (query: AccountMovementsQuery) => ['payouts', 'movements', query] as const,
  admin: ['payouts', 'admin'] as const,
};

/** The range's (and the tab's and page's) query string, empty values and defaults left out. */
export function movementsSearch(query: AccountMovementsQuery): string {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  if (query.tab && query.tab !== 'pending') params.set('tab', query.tab);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Where the report button downloads the CSV statement of the range (the session cookie goes along). */
export function movementsCsvUrl(range: AccountMovementsRange): string {
  return `/api/seller/account-movements.csv${movementsSearch({ from: range.from, to: range.to })}`;
}

export function useAccountMovements(query: AccountMovementsQuery) {
  return useQuery({
    queryKey: payoutKeys.movements(query),
    queryFn: ({ signal }) =>
      apiFetch<AccountMovements>(`/api/seller/account-movements${movementsSearch(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutKeys.account,
    queryFn: ({ signal }) => apiFetch<PayoutAccount>('/api/account/payout-account', { signal }),
  });
}

export function useSavePayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutAccountBody) =>
      apiFetch<PayoutAccount>('/api/account/payout-account', { method: 'PUT', body }),
    onSuccess: (saved) => client.setQueryData(payoutKeys.account, saved),
  });
}

export function useAdminPayouts() {
  return useQuery({
    queryKey: payoutKeys.admin,
    queryFn: ({ signal }) => apiFetch<AdminPayoutList>('/api/admin/payouts', { signal }),
  });
}

export function useRunPayouts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<PayoutRunResult>('/api/admin/payouts/run', { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}
