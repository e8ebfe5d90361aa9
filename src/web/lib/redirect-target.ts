import type { Location } from 'react-router';

/** What the guards put in `location.state` when they send a visitor to sign in. */
export interface FromState {
  from?: string;
  /** Why the visitor was sent: the sign-in page says so. */
  reason?: 'favourite';
}

/** Why the visitor was sent to sign in, when something said so. */
export function readSignInReason(location: Location): FromState['reason'] | null {
  return (location.state as FromState | null)?.reason === 'favourite' ? 'favourite' : null;
}

const authPages = ['/login', '/auth', '/force-password-reset', '/reset-password', '/sifremi-unuttum'];

/**
 * The page the user came from, if it is a safe in-app path: same origin (no "//" or "\"
 * tricks) and not a sign-in page itself.
 */
export function readFromPath(location: Location): string | null {
  const from = (location.state as FromState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  const pathname = from.split(/[?#]/)[0];
  if (authPages.some((page) => pathname === page || pathname.startsWith(`${page}/`))) return null;
  return from;
}
