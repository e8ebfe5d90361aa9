import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { isRole, type Role } from '#shared/roles.ts';
import { AppError } from '../lib/app-error.ts';
import { toAppTime } from '../lib/auth-clock.ts';
import { recordSecurityEvent } from '../lib/security-log.ts';
import {
  deleteSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_SECONDS,
  SESSION_REFRESH_SECONDS,
  type Auth,
} from '../lib/auth.ts';
import { EVENTS_CHANNEL, onLocalPublish, parseUserEvent, type UserEvent } from '../lib/live-events.ts';
import { SessionCache } from '../lib/session-cache.ts';
import type { Database } from '../db/client.ts';

export interface AuthUser {
  id: string;
  email: string;
  fullName: string;
  phone: string | null;
  role: Role;
  publicHandle: string | null;
  publicSlug: string | null;
  mustResetPassword: boolean;
  banned: boolean;
  createdAt: Date;
}

export interface RequestAuth {
  user: AuthUser;
  session: { id: string; createdAt: Date; expiresAt: Date };
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** The signed-in user of this request, resolved once. */
    getAuth(): Promise<RequestAuth | null>;
  }
  interface FastifyContextConfig {
    /** Members flagged must_reset_password may still call this route (sign-out, the reset itself). */
    allowDuringPasswordReset?: boolean;
  }
}

const authCache = new WeakMap<FastifyRequest, Promise<RequestAuth | null>>();

/** Header through which better-auth learns the client address Fastify determined. */
export const CLIENT_IP_HEADER = 'x-optistok-client-ip';

/** The request's headers for better-auth, with the client address we trust (never the caller's claim). */
export function webHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** Copies better-auth's Set-Cookie headers (sign-in, refresh, sign-out) onto the reply. */
export function forwardCookies(reply: FastifyReply, headers: Headers | null | undefined) {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length) reply.header('set-cookie', cookies);
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Browsers send these without credentials; they change nothing a user owns on their say-so: the
 * bank's payment callback is a cross-site POST whose outcome is confirmed with the provider.
 */
const ORIGIN_EXEMPT = new Set(['/api/csp-report', '/api/payments/callback/:provider']);

/**
 * The session cookie's value when the request carries exactly one (a request with two is left to
 * better-auth, so the cache never answers for a cookie other than the one better-auth checked).
 */
function sessionCookieValue(cookieHeader: string, name: string): string | null {
  let found: string | null = null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    if (found !== null) return null;
    found = part.slice(eq + 1).trim();
  }
  return found || null;
}

export const authPlugin = fp(async (app, options: { auth: Auth; appUrl: string; listen: Database['listen'] }) => {
  const { auth } = options;
  app.decorate('auth', auth);
  const allowedOrigin = new URL(options.appUrl).origin;
  const sessionCookieName = (await auth.$context).authCookies.sessionToken.name;

  /**
   * Resolved sessions, so a member's request costs no session look-up (docs/decisions/046). Every
   * instance forgets a member's entries when any instance announces that their sessions ended or
   * their access changed; while that LISTEN is down the cache is off and empty.
   */
  const sessions = new SessionCache<RequestAuth>();
  const forget = (event: UserEvent | null) => {
    if (event?.kind === 'sessions_ended' || event?.kind === 'access_changed') sessions.dropUser(event.userId);
  };
  const stopLocal = onLocalPublish(forget);
  const unlisten = await options.listen(EVENTS_CHANNEL, {
    onMessage: (payload) => forget(parseUserEvent(payload)),
    onLost: () => {
      app.log.warn('auth: LISTEN connection lost; session cache off until it is back');
      sessions.setAvailable(false);
    },
    onReconnect: () => sessions.setAvailable(true),
  });
  sessions.setAvailable(true);
  app.addHook('onClose', async () => {
    sessions.setAvailable(false);
    stopLocal();
    await unlisten();
  });

  // CSRF: a state-changing API call must come from our own origin. A request with no Origin
  // (nor Referer) is accepted only when it carries no session cookie (non-browser clients).
  app.addHook('onRequest', async (request) => {
    // Judge by the route the router matched (it decodes the path), never by the raw URL:
    // '/%61pi/...' must not slip past as a non-API path. Unmatched paths change nothing.
    const route = request.routeOptions.url;
    if (!route || !STATE_CHANGING.has(request.method) || ORIGIN_EXEMPT.has(route)) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (origin) {
      if (origin !== allowedOrigin) throw new AppError('CROSS_ORIGIN_REJECTED');
      return;
    }
    if (request.headers.cookie?.includes('optistok.')) throw new AppError('CROSS_ORIGIN_REJECTED');
  });

  const pendingCookies = new WeakMap<FastifyRequest, string[]>();
  app.addHook('onSend', async (request, reply) => {
    const cookies = pendingCookies.get(request);
    if (cookies?.length && !reply.hasHeader('set-cookie')) reply.header('set-cookie', cookies);
  });

  app.decorateRequest('getAuth', function getAuth(this: FastifyRequest) {
    let pending = authCache.get(this);
    if (!pending) {
      pending = resolveAuth(this);
      authCache.set(this, pending);
    }
    return pending;
  });

  /**
   * Misses being resolved, by cookie value, with the generation each started at. Requests carrying
   * a cookie that is being resolved wait for that answer instead of each asking better-auth: under
   * load every request of a burst (a server started or an entry expired while a member's calls
   * pour in) would otherwise miss, queue its own session reads behind the others' and fill late.
   */
  const resolving = new Map<string, { snapshot: number; resolution: Promise<RequestAuth | null> }>();

  async function resolveAuth(request: FastifyRequest): Promise<RequestAuth | null> {
    const cookieHeader = request.headers.cookie;
    if (!cookieHeader?.includes('optistok.')) return null;
    const key = sessionCookieValue(cookieHeader, sessionCookieName);
    if (!key) return resolveThroughBetterAuth(request);
    const cached = sessions.get(key, app.clock.now().getTime());
    if (cached) return cached;
    const snapshot = sessions.snapshot();
    // Join only a resolution that began after the latest invalidation (its answer is no older than
    // the revocation), and only while the cache is on: with the LISTEN down every request asks.
    const pending = resolving.get(key);
    if (pending && pending.snapshot === snapshot && sessions.isAvailable) return pending.resolution;
    const resolution = resolveThroughBetterAuth(request).then((resolved) => {
      if (resolved)
        sessions.set(key, snapshot, { value: resolved, userId: resolved.user.id, validUntilMs: validUntil(resolved) });
      return resolved;
    });
    const entry = { snapshot, resolution };
    resolving.set(key, entry);
    try {
      return await resolution;
    } finally {
      if (resolving.get(key) === entry) resolving.delete(key);
    }
  }

  async function resolveThroughBetterAuth(request: FastifyRequest): Promise<RequestAuth | null> {
    const { headers, response } = await auth.api.getSession({ headers: webHeaders(request), returnHeaders: true });
    if (!response) return null;
    const { session, user } = response;
    // better-auth hands out its own (wall) times; the app judges them on its clock.
    const createdAt = toAppTime(new Date(session.createdAt), app.clock);
    // The absolute lifetime: however active, a session ends 7 days after sign-in.
    if (createdAt.getTime() + SESSION_ABSOLUTE_MS <= app.clock.now().getTime()) {
      await deleteSession(app.db, session);
      await recordSecurityEvent(
        app.db,
        {
          type: 'session_revoked',
          userId: user.id,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          details: { reason: 'absolute_lifetime' },
        },
        app.clock.now(),
      );
      return null;
    }
    // A sliding refresh re-issues the cookie; send it along with whatever this request answers.
    pendingCookies.set(request, headers?.getSetCookie() ?? []);
    const u = user as typeof user & {
      phone?: string | null;
      publicHandle?: string | null;
      publicSlug?: string | null;
      mustResetPassword?: boolean;
      banned?: boolean;
      role?: string;
    };
    return {
      session: { id: session.id, createdAt, expiresAt: toAppTime(new Date(session.expiresAt), app.clock) },
      user: {
        id: u.id,
        email: u.email,
        fullName: u.name,
        phone: u.phone ?? null,
        role: isRole(u.role) ? u.role : 'user',
        publicHandle: u.publicHandle ?? null,
        publicSlug: u.publicSlug ?? null,
        mustResetPassword: Boolean(u.mustResetPassword),
        banned: Boolean(u.banned),
        createdAt: toAppTime(new Date(u.createdAt), app.clock),
      },
    };
  }
});

/**
 * Until when (app clock) a cached session may answer without better-auth: never past its expiry or
 * the absolute lifetime (better-auth or we end it then), and never into the window where
 * better-auth slides it (expiry - idle + updateAge), so the refresh and its Set-Cookie still happen.
 */
function validUntil(resolved: RequestAuth): number {
  const expiresAt = resolved.session.expiresAt.getTime();
  return Math.min(
    expiresAt,
    expiresAt - SESSION_IDLE_SECONDS * 1000 + SESSION_REFRESH_SECONDS * 1000,
    resolved.session.createdAt.getTime() + SESSION_ABSOLUTE_MS,
  );
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined;
  return new URL(referer).origin;
}
