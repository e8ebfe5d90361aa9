import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForcePasswordResetBody, ForgotPasswordBody, ResetPasswordBody } from '#shared/schemas/auth.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { authKeys, setSessionUser } from '../../lib/session.ts';

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
