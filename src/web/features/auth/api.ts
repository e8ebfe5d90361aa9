import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser } from '#shared/schemas/auth.ts';
import { ApiError, apiFetch } from '../../lib/api-client.ts';

// Only `import type` from the shared schemas here: this file loads with the landing page,
// and zod must stay out of its initial JavaScript. The sign-in and password actions live in
// mutations.ts, with the screens that use them.

export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
};

const signedOut: SessionResponse = { user: null };

async function fetchSession(signal: AbortSignal): Promise<SessionResponse> {
  try {
    return await apiFetch<SessionResponse>('/api/auth/session', { signal });
  } catch (error) {
    // Only "not signed in" means signed out; anything else is an error the screen can retry.
    if (error instanceof ApiError && error.status === 401) return signedOut;
    throw error;
  }
}

/** The signed-in user (or null). Fresh for 5 minutes like every query. */
export function useSession() {
  return useQuery({ queryKey: authKeys.session, queryFn: ({ signal }) => fetchSession(signal) });
}

/** The signed-in user, or null while loading, signed out or on error. */
export function useSessionUser(): SessionUser | null {
  return useSession().data?.user ?? null;
}

/** Drops every cached query except the session, so one account never sees another's data. */
export function removeAccountData(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
}

/** Forget the signed-in user and everything fetched for them. */
export function clearSignedInData(queryClient: QueryClient) {
  queryClient.setQueryData<SessionResponse>(authKeys.session, signedOut);
  removeAccountData(queryClient);
}

/** Replace the cached session user (after a profile update or a forced reset). */
export function setSessionUser(queryClient: QueryClient, update: (user: SessionUser) => SessionUser) {
  queryClient.setQueryData<SessionResponse>(authKeys.session, (old) => (old?.user ? { user: update(old.user) } : old));
}

/**
 * Keeps the session in step with what member APIs answer: UNAUTHENTICATED (the session ended
 * elsewhere) signs the browser out, PASSWORD_RESET_REQUIRED re-reads the session so the guards
 * send the user to the forced-reset screen. Returns the unsubscribe function.
 */
export function watchAuthErrors(queryClient: QueryClient): () => void {
  const onError = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    if (error.code === 'UNAUTHENTICATED') {
      // Deferred: the cache is still dispatching the error that brought us here.
      if (queryClient.getQueryData<SessionResponse>(authKeys.session)?.user)
        setTimeout(() => clearSignedInData(queryClient), 0);
    } else if (error.code === 'PASSWORD_RESET_REQUIRED') {
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
    }
  };
  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
  });
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
  });
  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
  };
}
