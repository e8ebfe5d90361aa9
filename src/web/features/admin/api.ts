import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Role } from '#shared/roles.ts';
import type {
  AdminNotifications,
  AdminStats,
  Analytics,
  ContactMessageSummary,
  DatabaseOverview,
  MembersReport,
  RoleChange,
  SecurityLog,
} from '#shared/schemas/admin.ts';
import type { WithholdingReport } from '#shared/schemas/withholding.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** Query keys of the whole admin area; the users and system api files share them. */
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
  withholdingReport: (month: string) => ['admin', 'reports', 'withholding', month] as const,
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

export function queryString(params: Record<string, string | number>): string {
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
// Security log

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

/** The monthly withholding report (yyyy-MM); nothing is asked for a month not typed in full. */
export function useWithholdingReport(month: string) {
  return useQuery({
    queryKey: adminKeys.withholdingReport(month),
    queryFn: ({ signal }) =>
      apiFetch<WithholdingReport>(`/api/admin/reports/withholding?month=${encodeURIComponent(month)}`, { signal }),
    enabled: /^\d{4}-\d{2}$/.test(month),
    placeholderData: keepPreviousData,
  });
}

export const withholdingCsvUrl = (month: string) =>
  `/api/admin/reports/withholding.csv?month=${encodeURIComponent(month)}`;

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
