import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '#shared/messages.tr.ts';
import type {
  ApplicationDetails,
  ApplicationDocument,
  ApplicationList,
  ApplicationReceipt,
  ApprovalResult,
  RejectionResult,
} from '#shared/schemas/applications.ts';
import type { ApplicationStatus } from '#shared/status.ts';
import { ApiError, apiErrorFrom, apiErrorOf, apiFetch, fetchWithSession } from '../../lib/api-client.ts';

export interface ApplicationFilter {
  status: ApplicationStatus | 'all';
  q: string;
}

export const applicationKeys = {
  all: ['admin', 'applications'] as const,
  list: (filter: ApplicationFilter) => ['admin', 'applications', 'list', filter] as const,
  detail: (id: string) => ['admin', 'applications', 'detail', id] as const,
};
/** Part B's sidebar badge and quick stats. */
const adminStatsKey = ['admin', 'stats'] as const;

/**
 * Sends the application as multipart/form-data with XMLHttpRequest, whose upload events give the
 * real progress of the file (fetch has none). `onProgress` receives 0–100.
 */
export function submitApplication(form: FormData, onProgress: (percent: number) => void): Promise<ApplicationReceipt> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/applications');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201 && body) {
        onProgress(100);
        resolve(body as ApplicationReceipt);
      } else {
        reject(apiErrorFrom(xhr.status, body));
      }
    });
    xhr.addEventListener('error', () => reject(new ApiError('SERVICE_UNAVAILABLE', messages.common.networkError, 0)));
    xhr.addEventListener('abort', () => reject(new ApiError('SERVICE_UNAVAILABLE', messages.common.networkError, 0)));
    xhr.send(form);
  });
}

export function useApplications(filter: ApplicationFilter) {
  return useQuery({
    queryKey: applicationKeys.list(filter),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (filter.status !== 'all') params.set('status', filter.status);
      if (filter.q.trim()) params.set('q', filter.q.trim());
      const query = params.toString();
      return apiFetch<ApplicationList>(`/api/admin/applications${query ? `?${query}` : ''}`, { signal });
    },
    placeholderData: keepPreviousData,
    // A decision made in another tab should show up without a reload.
    staleTime: 30_000,
  });
}

export function useApplication(id: string | null) {
  return useQuery({
    queryKey: applicationKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiFetch<ApplicationDetails>(`/api/admin/applications/${id}`, { signal }),
    enabled: id !== null,
  });
}

function useRefreshAfterDecision() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
      queryClient.invalidateQueries({ queryKey: adminStatsKey }),
    ]);
}

export function useSaveNotes(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adminNotes: string) =>
      apiFetch<ApplicationDetails>(`/api/admin/applications/${id}/notes`, { method: 'PUT', body: { adminNotes } }),
    onSuccess: (details) => queryClient.setQueryData(applicationKeys.detail(id), details),
  });
}

export function useApproveApplication() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<ApprovalResult>(`/api/admin/applications/${id}/approve`, { method: 'POST', body: {} }),
    onSettled: refresh,
  });
}

export function useRejectApplication() {
  const refresh = useRefreshAfterDecision();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      apiFetch<RejectionResult>(`/api/admin/applications/${id}/reject`, { method: 'POST', body: { reason } }),
    onSettled: refresh,
  });
}

/** Fetches a document with the admin's session and hands it to the browser as a download. */
export async function downloadApplicationDocument(applicationId: string, document: ApplicationDocument): Promise<void> {
  const response = await fetchWithSession(`/api/admin/applications/${applicationId}/documents/${document.id}`);
  if (!response.ok) throw await apiErrorOf(response);
  const url = URL.createObjectURL(await response.blob());
  const link = window.document.createElement('a');
  link.href = url;
  link.download = document.originalName;
  link.rel = 'noopener';
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
