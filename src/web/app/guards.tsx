import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import { QueryState } from '../components/ui/query-state.tsx';
import { PageLoadingScreen } from '../components/ui/spinner.tsx';
import { useSession } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import type { FromState } from '../lib/redirect-target.ts';
import { SessionErrorScreen } from '../features/auth/session-error.tsx';
import { paths } from '../lib/paths.ts';

/** Same id: StrictMode's double effects and repeated bounces show one toast, not several. */
const FORBIDDEN_TOAST_ID = 'forbidden';

/** Redirect with the "Yetkisiz erişim" toast. */
function ForbiddenRedirect({ to }: { to: string }) {
  useEffect(() => {
    toast.error(messages.member.unauthorizedTitle, { id: FORBIDDEN_TOAST_ID });
  }, []);
  return <Navigate to={to} replace />;
}

function decodePath(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** Whether the browser's address still shows this pathname (compared decoded: "ş" vs "%C5%9F"). */
function isCurrentUrl(pathname: string): boolean {
  return decodePath(window.location.pathname) === decodePath(pathname);
}

/**
 * What a page tells the visitor it sends to sign in (a toast), e.g. checkout's "Giriş Gerekli".
 * The texts load on demand, as sonner does (lib/toast.ts): this guard is part of every page's first download.
 */
export interface SignInNotice {
  id: string;
  loadTexts: () => Promise<{ title: string; body: string }>;
}

/** Sends a visitor to sign in, saying why when the page has a notice. */
function SignInRedirect({ state, notice }: { state: FromState; notice?: SignInNotice }) {
  useEffect(() => {
    if (!notice) return;
    void notice.loadTexts().then(({ title, body }) => toast.error(title, { id: notice.id, description: body }));
  }, [notice]);
  return <Navigate to={paths.authLogin} state={state} replace />;
}

/**
 * Signed-in members only. Visitors go to /auth/login, carrying the page they wanted in
 * `state.from` (and shown `signInNotice` when given); a user who must choose a new password goes
 * to /force-password-reset.
 */
export function RequireMember({ signInNotice }: { signInNotice?: SignInNotice } = {}) {
  const session = useSession();
  const location = useLocation();
  return (
    <QueryState
      query={session}
      pending={<PageLoadingScreen />}
      renderError={() => <SessionErrorScreen onRetry={() => void session.refetch()} />}
    >
      {({ user }) => {
        if (!user) {
          // Signing out navigates away first and then drops the user; the router has already changed the
          // URL but commits the new page in a transition, so this page may render once more, signed out.
          // It must not send the user to sign in then.
          if (!isCurrentUrl(location.pathname)) return null;
          const state: FromState = { from: location.pathname + location.search };
          return <SignInRedirect state={state} notice={signInNotice} />;
        }
        if (user.mustResetPassword) return <Navigate to={paths.forcePasswordReset} replace />;
        return <Outlet />;
      }}
    </QueryState>
  );
}

/** The member guard has run: the user is there. */
function useGuardedUser(): SessionUser | null {
  return useSession().data?.user ?? null;
}

/** Admins only (inside RequireMember); others go to /dashboard with "Yetkisiz erişim". */
export function RequireAdmin() {
  const user = useGuardedUser();
  if (user?.role !== 'admin') return <ForbiddenRedirect to={paths.dashboard} />;
  return <Outlet />;
}

/** Store owners and admins only (inside RequireMember); others go to /auth (spec part 1 §2). */
export function RequireStoreOwner() {
  const user = useGuardedUser();
  if (user?.role !== 'store_owner' && user?.role !== 'admin') return <ForbiddenRedirect to={paths.auth} />;
  return <Outlet />;
}
