import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { Auth } from './auth.ts';
import { requireAuth } from '../plugins/access.ts';
import { webHeaders, type AuthUser, type RequestAuth } from '../plugins/auth.ts';
import type { Clock } from './clock.ts';

/**
 * What every service receives as its first argument: the database, the clock, who is asking and
 * from where. Services never see the Fastify request.
 */
export interface ServiceContext {
  db: Db;
  clock: Clock;
  /** The signed-in user; null for a visitor, and on public routes that do not look (see contextFrom). */
  user: AuthUser | null;
  session: RequestAuth['session'] | null;
  ip: string;
  userAgent: string | null;
  /** better-auth, for the account services that sign in, out and change passwords through it. */
  auth: Auth;
  /** This request's headers as better-auth reads them (its cookies, the client address we trust). */
  authHeaders: () => Headers;
}

/** The context of a signed-in member (member, owner and admin routes). */
export interface MemberContext extends ServiceContext {
  user: AuthUser;
  session: RequestAuth['session'];
}

/** Admin services take this: the admin guard has run, so `user` is an admin. */
export type AdminContext = MemberContext;

function baseContext(request: FastifyRequest, auth: RequestAuth | null): ServiceContext {
  const { db, clock } = request.server;
  const userAgent = request.headers['user-agent'];
  return {
    db,
    clock,
    user: auth?.user ?? null,
    session: auth?.session ?? null,
    ip: request.ip,
    userAgent: userAgent ? userAgent.slice(0, 512) : null,
    auth: request.server.auth,
    authHeaders: () => webHeaders(request),
  };
}

/**
 * The context of a public route. It does not resolve the session (that would refresh a visitor's
 * cookie on every public call), so `user` is null; use viewerContextFrom where the answer depends
 * on who is signed in.
 */
export function contextFrom(request: FastifyRequest): ServiceContext {
  return baseContext(request, null);
}

/** The context of a public route whose answer depends on whether (and who) someone is signed in. */
export async function viewerContextFrom(request: FastifyRequest): Promise<ServiceContext> {
  return baseContext(request, await request.getAuth());
}

/** The context of a guarded route (its guard has already refused anonymous calls). */
export async function memberContextFrom(request: FastifyRequest): Promise<MemberContext> {
  const auth = await requireAuth(request);
  return { ...baseContext(request, auth), user: auth.user, session: auth.session };
}
