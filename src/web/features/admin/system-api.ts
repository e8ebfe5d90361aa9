import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobName, JobsOverview } from '#shared/schemas/jobs.ts';
import type { EmailTestResult, OutboxEmail, SystemStatus } from '#shared/schemas/admin.ts';
import type { PlatformSettings, UpdatePlatformSettingsBody } from '#shared/schemas/platform-settings.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { publicSettingsKeys } from '../../lib/public-settings.ts';
import { adminKeys } from './api.ts';

// ---------------------------------------------------------------------------------------------
// System status, outbox, settings

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
