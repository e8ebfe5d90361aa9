import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SecurityEvent } from '#shared/schemas/account.ts';
import type {
  AdminUser,
  AdminUserDetail,
  AdminUserList,
  BulkDeleteResult,
  ChangeRoleBody,
  ChangeRoleResult,
  PaymentAccountBody,
  UpdateAdminUserBody,
} from '#shared/schemas/admin.ts';
import { apiErrorOf, apiFetch, fetchWithSession } from '../../lib/api-client.ts';
import { adminKeys, queryString, type UserFilter } from './api.ts';

// ---------------------------------------------------------------------------------------------
// Users

export function useAdminUsers(filter: UserFilter) {
  return useQuery({
    queryKey: adminKeys.users(filter),
    queryFn: ({ signal }) =>
      apiFetch<AdminUserList>(`/api/admin/users${queryString({ q: filter.q, role: filter.role, page: filter.page })}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUser(id: string | null) {
  return useQuery({
    queryKey: adminKeys.user(id ?? ''),
    queryFn: ({ signal }) => apiFetch<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useAdminUserEvents(id: string | null) {
  return useQuery({
    queryKey: adminKeys.userEvents(id ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<{ events: SecurityEvent[] }>(`/api/admin/users/${encodeURIComponent(id!)}/security-events`, { signal }),
    select: (data) => data.events,
    enabled: Boolean(id),
  });
}

/** After a change to users: every list, detail, figure and log may have moved. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.usersAll }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'user'] }),
      queryClient.invalidateQueries({ queryKey: adminKeys.stats }),
      queryClient.invalidateQueries({ queryKey: adminKeys.roleChanges }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'security-log'] }),
    ]);
}

export function useBulkDeleteUsers() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (ids: string[]) =>
      apiFetch<BulkDeleteResult>('/api/admin/users/bulk-delete', { method: 'POST', body: { ids } }),
    onSuccess: () => invalidate(),
  });
}

export function useChangeRole(userId: string) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: ChangeRoleBody) =>
      apiFetch<ChangeRoleResult>(`/api/admin/users/${encodeURIComponent(userId)}/change-role`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => invalidate(),
  });
}

export function useForceReset(userId: string) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (reason: string) =>
      apiFetch<{ userId: string; emailQueued: boolean }>(
        `/api/admin/users/${encodeURIComponent(userId)}/force-password-reset`,
        { method: 'POST', body: { reason } },
      ),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateUser(userId: string) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: UpdateAdminUserBody) =>
      apiFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'PUT', body }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdatePaymentAccount(userId: string) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: PaymentAccountBody) =>
      apiFetch<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(userId)}/payment-account`, {
        method: 'PUT',
        body,
      }),
    onSuccess: () => invalidate(),
  });
}

// ---------------------------------------------------------------------------------------------
// Downloads and uploads (not JSON, so outside apiFetch)

function fileNameFrom(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/** Fetches a file the API offers as an attachment and hands it to the browser as a download. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const response = await fetchWithSession(url);
  if (!response.ok) throw await apiErrorOf(response);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameFrom(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function usersCsvUrl(filter: { q: string; role: string }): string {
  return `/api/admin/users/export.csv${queryString({ q: filter.q, role: filter.role })}`;
}
