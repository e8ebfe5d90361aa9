import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ForcePasswordResetBody,
  ForgotPasswordBody,
  ResetPasswordBody,
  SessionResponse,
  SessionUser,
  SignInBody,
} from '#shared/schemas/auth.ts';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { authKeys, clearSignedInData, removeAccountData, setSessionUser } from './api.ts';

/** The sign-in and password actions; api.ts keeps what every page needs (the session). */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInBody) => apiFetch<{ user: SessionUser }>('/api/auth/sign-in', { method: 'POST', body }),
    onSuccess: ({ user }) => {
      removeAccountData(queryClient);
      queryClient.setQueryData<SessionResponse>(authKeys.session, { user });
    },
  });
}

/**
 * Sign out. `leave` runs after the server has ended the session and before the cached user is
 * dropped: navigating away first keeps the member-route guards from redirecting to the sign-in
 * page (with the current page as origin) in between. (RequireMember also checks that it is still
 * the current page: the router commits a navigation in a transition, after the URL changed.)
 */
export function useSignOut({ leave }: { leave?: () => void | Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiFetch<void>('/api/auth/sign-out', { method: 'POST' });
      } catch (error) {
        // Already signed out (expired session): the outcome the user asked for.
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    onSuccess: async () => {
      await leave?.();
      clearSignedInData(queryClient);
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiFetch<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body }),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => apiFetch<void>('/api/auth/reset-password', { method: 'POST', body }),
    // The reset ends every session of that account, which may include this browser's.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.session }),
  });
}

export function useForcePasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ForcePasswordResetBody) =>
      apiFetch<void>('/api/auth/force-password-reset', { method: 'POST', body }),
    onSuccess: () => setSessionUser(queryClient, (user) => ({ ...user, mustResetPassword: false })),
  });
}
