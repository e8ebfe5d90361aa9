import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#shared/roles.ts';
import type { JobName, JobsOverview } from '#shared/schemas/jobs.ts';
import type { SecurityEvent } from '#shared/schemas/account.ts';
import type {
  AdminNotifications,
  AdminStats,
  AdminUser,
  AdminUserDetail,
  AdminUserList,
  Analytics,
  BulkDeleteResult,
  ChangeRoleBody,
  ChangeRoleResult,
  ContactMessageSummary,
  DatabaseOverview,
  EmailTestResult,
  MembersReport,
  OutboxEmail,
  RoleChange,
  SecurityLog,
  SystemStatus,
  PaymentAccountBody,
  UpdateAdminUserBody,
} from '#shared/schemas/admin.ts';
import type { PlatformSettings, UpdatePlatformSettingsBody } from '#shared/schemas/platform-settings.ts';
import { apiErrorOf, apiFetch, fetchWithSession } from '../../lib/api-client.ts';
import { publicSettingsKeys } from '../../lib/public-settings.ts';

export const adminKeys = {
  all: ['admin'] as const,
  stats: ['admin', 'stats'] as const,
  roleChanges: ['admin', 'role-changes'] as const,
  users: (filter: UserFilter) => ['admin', 'users', filter] as const,
  usersAll: ['admin', 'users'] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  userEvents: (id: string) => ['admin', 'user', id, 'security-events'] as const,
  securityLog: (filter: SecurityLogFilter) => ['admin', 'security-log', filter] as const,
  systemStatus: ['admin', 'system-status'] as const,
  outbox: ['admin', 'outbox'] as const,
  settings: ['admin', 'settings'] as const,
  analytics: ['admin', 'analytics'] as const,
  membersReport: ['admin', 'reports', 'members'] as const,
  notifications: ['admin', 'notifications'] as const,
  contactMessages: ['admin', 'contact-messages'] as const,
  database: ['admin', 'database'] as const,
  emailTests: ['admin', 'email-debug', 'results'] as const,
  jobs: ['admin', 'jobs'] as const,
};

export interface UserFilter {
  q: string;
  role: Role | '';
  page: number;
}

export interface SecurityLogFilter {
  q: string;
  type: string;
  page: number;
}

function queryString(params: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== '' && value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

// ---------------------------------------------------------------------------------------------
// Overview

export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: ({ signal }) => apiFetch<AdminStats>('/api/admin/stats', { signal }),
  });
}

export function useRoleChanges() {
  return useQuery({
    queryKey: adminKeys.roleChanges,
    queryFn: ({ signal }) => apiFetch<{ changes: RoleChange[] }>('/api/admin/role-changes', { signal }),
    select: (data) => data.changes,
  });
}

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

// ---------------------------------------------------------------------------------------------
// Security log, system, settings

export function useSecurityLog(filter: SecurityLogFilter) {
  return useQuery({
    queryKey: adminKeys.securityLog(filter),
    queryFn: ({ signal }) =>
      apiFetch<SecurityLog>(
        `/api/admin/security-log${queryString({ q: filter.q, type: filter.type, page: filter.page })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useSystemStatus() {
  return useQuery({
    queryKey: adminKeys.systemStatus,
    queryFn: ({ signal }) => apiFetch<SystemStatus>('/api/admin/system-status', { signal }),
    staleTime: 0,
  });
}

function useInvalidateOutbox() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        adminKeys.systemStatus,
        adminKeys.outbox,
        adminKeys.notifications,
        adminKeys.emailTests,
        ['admin', 'security-log'],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useRetryEmail() {
  const invalidate = useInvalidateOutbox();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<OutboxEmail>(`/api/admin/outbox/${encodeURIComponent(id)}/retry`, { method: 'POST' }),
    onSettled: () => invalidate(),
  });
}

export function useRetryAllFailed() {
  const invalidate = useInvalidateOutbox();
  return useMutation({
    mutationFn: () =>
      apiFetch<{ retried: number; message: string }>('/api/admin/outbox/retry-failed', { method: 'POST' }),
    onSettled: () => invalidate(),
  });
}

export function useOutbox() {
  return useQuery({
    queryKey: adminKeys.outbox,
    queryFn: ({ signal }) => apiFetch<{ emails: OutboxEmail[] }>('/api/admin/outbox', { signal }),
    select: (data) => data.emails,
    staleTime: 0,
  });
}

export function usePlatformSettings() {
  return useQuery({
    queryKey: adminKeys.settings,
    queryFn: ({ signal }) => apiFetch<PlatformSettings>('/api/admin/settings', { signal }),
  });
}

export function useSavePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePlatformSettingsBody) =>
      apiFetch<PlatformSettings>('/api/admin/settings', { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.settings, saved);
      // The "+KDV" / "KDV dahil" labels and the cart follow the saved settings at once.
      void queryClient.invalidateQueries({ queryKey: publicSettingsKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'security-log'] });
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Analytics, reports, notifications, database

export function useAnalytics() {
  return useQuery({
    queryKey: adminKeys.analytics,
    queryFn: ({ signal }) => apiFetch<Analytics>('/api/admin/analytics', { signal }),
  });
}

export function useMembersReport() {
  return useQuery({
    queryKey: adminKeys.membersReport,
    queryFn: ({ signal }) => apiFetch<MembersReport>('/api/admin/reports/members', { signal }),
  });
}

export function useAdminNotifications() {
  return useQuery({
    queryKey: adminKeys.notifications,
    queryFn: ({ signal }) => apiFetch<AdminNotifications>('/api/admin/notifications', { signal }),
    staleTime: 0,
  });
}

export function useContactMessages() {
  return useQuery({
    queryKey: adminKeys.contactMessages,
    queryFn: ({ signal }) =>
      apiFetch<{ messages: ContactMessageSummary[]; total: number }>('/api/admin/contact-messages', { signal }),
  });
}

export function useDatabaseOverview() {
  return useQuery({
    queryKey: adminKeys.database,
    queryFn: ({ signal }) => apiFetch<DatabaseOverview>('/api/admin/database', { signal }),
    staleTime: 0,
  });
}

// ---------------------------------------------------------------------------------------------
// E-mail test page

export function useEmailTests() {
  return useQuery({
    queryKey: adminKeys.emailTests,
    queryFn: ({ signal }) => apiFetch<{ results: EmailTestResult[] }>('/api/admin/email-debug/results', { signal }),
    select: (data) => data.results,
    staleTime: 0,
    // While a test waits for delivery, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.results.some((r) => r.outcome === 'pending') ? 3000 : false),
  });
}

export function useSendTestEmail() {
  const invalidate = useInvalidateOutbox();
  return useMutation({
    mutationFn: (email: string) =>
      apiFetch<EmailTestResult>('/api/admin/email-debug/test', { method: 'POST', body: { email } }),
    onSettled: () => invalidate(),
  });
}

export function useSendAttachmentTest() {
  const invalidate = useInvalidateOutbox();
  return useMutation({
    mutationFn: ({ email, file }: { email: string; file: File }) => {
      const form = new FormData();
      form.append('email', email);
      form.append('file', file);
      return apiFetch<EmailTestResult>('/api/admin/email-debug/attachment-test', { method: 'POST', body: form });
    },
    onSettled: () => invalidate(),
  });
}

// ---------------------------------------------------------------------------------------------
// Background jobs

export function useJobs() {
  return useQuery({
    queryKey: adminKeys.jobs,
    queryFn: ({ signal }) => apiFetch<JobsOverview>('/api/admin/jobs', { signal }),
    staleTime: 0,
    // Runs come and go in seconds: the card follows them while it is on screen.
    refetchInterval: 5_000,
  });
}

function useJobAction<T>(path: (input: T) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => apiFetch<{ message: string }>(path(input), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.jobs }),
  });
}

export function useRunJob() {
  return useJobAction((name: JobName) => `/api/admin/jobs/${name}/run`);
}

export function useRetryJob() {
  return useJobAction(({ name, id }: { name: JobName; id: string }) => `/api/admin/jobs/${name}/${id}/retry`);
}
