import { lazy } from 'react';
import { Navigate } from 'react-router';
import { PageLoadingScreen } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/session.ts';
import { LandingPage } from './landing/landing-page.tsx';
import { paths } from '../../lib/paths.ts';

// Visitors get the landing page from the first chunk; members download their home on demand.
const MemberHomePage = lazy(async () => ({
  default: (await import('./member-home-page.tsx')).MemberHomePage,
}));

/** "/": the landing page for visitors, the member home for signed-in users. */
export function HomePage() {
  const session = useSession();
  if (session.isPending) return <PageLoadingScreen />;
  // If the session cannot be read, the public page is still the right thing to show.
  const user = session.data?.user;
  if (!user) return <LandingPage />;
  if (user.mustResetPassword) return <Navigate to={paths.forcePasswordReset} replace />;
  return <MemberHomePage user={user} />;
}
