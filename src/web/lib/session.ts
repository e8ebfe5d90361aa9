import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SessionResponse, SessionUser, SignInBody } from '#shared/schemas/auth.ts';
import { sessionApiPath } from '#shared/api-paths.ts';
import { ApiError, apiFetch } from './api-client.ts';

// Only `import type` from the shared schemas here: this file loads with the landing page,
// and zod must stay out of its initial JavaScript.

export const authKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
};

const signedOut: SessionResponse = { user: null };

async function fetchSession(signal: AbortSignal): Promise<SessionResponse> {
  try {
    return await apiFetch<SessionResponse>(sessionApiPath, { signal });
  } catch (error) {
    // Only "not signed in" means signed out; anything else is an error the screen can retry.
    if (error instanceof ApiError && error.status === 401) return signedOut;
    throw error;
  }
}

/** The session query: the guards' (useSession) and the one the cart starts early (features/cart/start-quote.ts). */
export const sessionQuery = {
  queryKey: authKeys.session,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSession(signal),
};

/** The signed-in user (or null). Fresh for 5 minutes like every query. */
export function useSession() {
  return useQuery(sessionQuery);
}

/** The signed-in user, or null while loading, signed out or on error. */
export function useSessionUser(): SessionUser | null {
  return useSession().data?.user ?? null;
}

/** Drops every cached query except the session, so one account never sees another's data. */
function removeAccountData(queryClient: QueryClient) {
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
