import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '#shared/schemas/auth.ts';
import type {
  ActiveSession,
  ChangePasswordBody,
  SecurityEvent,
  UpdateProfileBody,
  UserSettings,
} from '#shared/schemas/account.ts';
import type { BillingProfile, BillingProfileBody } from '#shared/schemas/invoices.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { clearSignedInData, setSessionUser } from '../../lib/session.ts';

export const accountKeys = {
  all: ['account'] as const,
  profile: ['account', 'profile'] as const,
  settings: ['account', 'settings'] as const,
  sessions: ['account', 'sessions'] as const,
  securityEvents: ['account', 'security-events'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: accountKeys.profile,
    queryFn: ({ signal }) => apiFetch<SessionUser>('/api/me/profile', { signal }),
  });
}

/** PUT /api/me/profile; the answer replaces both the profile and the session user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => apiFetch<SessionUser>('/api/me/profile', { method: 'PUT', body }),
    onSuccess: (user) => {
      queryClient.setQueryData(accountKeys.profile, user);
      setSessionUser(queryClient, () => user);
    },
  });
}

/** Changing the password ends the user's other sessions and writes a security event. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiFetch<void>('/api/me/change-password', { method: 'POST', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: accountKeys.securityEvents });
    },
  });
}

export function useSettings() {
  return useQuery({
    queryKey: accountKeys.settings,
    queryFn: ({ signal }) => apiFetch<UserSettings>('/api/me/settings', { signal }),
  });
}

const updateSettingsKey = ['account', 'settings', 'update'] as const;

/**
 * Saves all six toggles at once. Optimistic: the switch moves at once and moves back if the
 * save fails. `onSaved`/`onFailed` let the screen word the toasts.
 */
export function useUpdateSettings({ onSaved, onFailed }: { onSaved: () => void; onFailed: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateSettingsKey,
    mutationFn: (settings: UserSettings) =>
      apiFetch<UserSettings>('/api/me/settings', { method: 'PUT', body: settings }),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: accountKeys.settings, exact: true });
      const previous = queryClient.getQueryData<UserSettings>(accountKeys.settings);
      queryClient.setQueryData(accountKeys.settings, settings);
      return { previous };
    },
    onError: (_error, _settings, context) => {
      if (context?.previous) queryClient.setQueryData(accountKeys.settings, context.previous);
      onFailed();
    },
    onSuccess: (saved) => {
      // With several toggles in flight, only the last answer may overwrite the optimistic state.
      if (queryClient.isMutating({ mutationKey: updateSettingsKey }) <= 1)
        queryClient.setQueryData(accountKeys.settings, saved);
      onSaved();
    },
  });
}

export function useActiveSessions() {
  return useQuery({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) => apiFetch<{ sessions: ActiveSession[] }>('/api/me/sessions', { signal }),
    select: (data) => data.sessions,
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/me/sessions/revoke-others', { method: 'POST' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
      void queryClient.invalidateQueries({ queryKey: accountKeys.securityEvents });
    },
  });
}

/**
 * Signs out every device, this browser included. Like sign-out, `leave` navigates away before the
 * cached user is dropped, so the member guards do not bounce through the sign-in page.
 */
export function useRevokeAllSessions({ leave }: { leave: () => void | Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/me/sessions/revoke-all', { method: 'POST' }),
    onSuccess: async () => {
      await leave();
      clearSignedInData(queryClient);
    },
  });
}

export function useSecurityEvents() {
  return useQuery({
    queryKey: accountKeys.securityEvents,
    queryFn: ({ signal }) => apiFetch<{ events: SecurityEvent[] }>('/api/me/security-events', { signal }),
    select: (data) => data.events,
  });
}

const billingProfileKey = ['account', 'billing-profile'] as const;

/** The store's billing party (saved, or the defaults from its approved application). */
export function useBillingProfile() {
  return useQuery({
    queryKey: billingProfileKey,
    queryFn: ({ signal }) => apiFetch<BillingProfile>('/api/me/billing-profile', { signal }),
  });
}

/** PUT /api/me/billing-profile; the checkout's billing party follows it. */
export function useSaveBillingProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingProfileBody) =>
      apiFetch<BillingProfile>('/api/me/billing-profile', { method: 'PUT', body }),
    onSuccess: (profile) => {
      queryClient.setQueryData(billingProfileKey, profile);
      // The checkout page's profile query (checkoutKeys.profile) shows the billing party.
      void queryClient.invalidateQueries({ queryKey: ['checkout', 'profile'] });
    },
  });
}
