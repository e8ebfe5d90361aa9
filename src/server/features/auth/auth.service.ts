import { APIError } from 'better-auth/api';
import { passwordMessages } from '#shared/messages/auth.tr.ts';
import { isRole } from '#shared/roles.ts';
import type { SessionUser } from '#shared/schemas/auth.ts';
import type { Db } from '../../db/client.ts';
import type { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { announceJob } from '../../lib/job-signal.ts';
import { publishAccessChanged, publishSessionsEnded } from '../../lib/live-events.ts';
import type { MemberContext, ServiceContext } from '../../lib/context.ts';
import { hashPassword, isCommonPassword } from '../../lib/passwords.ts';
import { clearRateLimit, hitRateLimit } from '../../lib/rate-limit.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { recordSecurityEvent } from '../../lib/security-log.ts';
import { deleteSession, SESSION_ABSOLUTE_MS, type Auth } from '../../lib/auth.ts';
import {
  countAdmins,
  findActiveSessions,
  deleteSessionsOfUser,
  selectLiveSessionIds,
  claimPasswordResetRequests,
  deletePasswordResetRequest,
  findUserByEmail,
  findUserById,
  insertPasswordResetRequest,
  insertUserWithPassword,
  clearMustResetPassword,
  setMustResetPassword,
  updateCredentialPassword,
  type NewUser,
  type PasswordResetRequest,
} from './auth.repo.ts';

/** Sign-in attempts per e-mail without a success before the address is locked for the rest of the window. */
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Reset e-mails per address per hour; more requests are answered alike but send nothing. */
const RESET_MAILS_PER_HOUR = 3;

type UserRow = typeof users.$inferSelect;

export function toSessionUser(user: AuthUser | UserRow): SessionUser {
  const fullName = 'fullName' in user ? user.fullName : user.name;
  return {
    id: user.id,
    email: user.email,
    fullName,
    phone: user.phone ?? null,
    role: isRole(user.role) ? user.role : 'user',
    publicHandle: user.publicHandle ?? null,
    publicSlug: user.publicSlug ?? null,
    mustResetPassword: user.mustResetPassword,
    createdAt: user.createdAt.toISOString(),
  };
}

/** Refuses a password that passes the rules but is on the common-password list. */
export function assertUncommonPassword(password: string, field = 'newPassword') {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', passwordMessages.common, { [field]: passwordMessages.common });
  }
}

function eventBase(ctx: ServiceContext) {
  return { ip: ctx.ip, userAgent: ctx.userAgent };
}

/**
 * Signs in with e-mail and password. The browser's previous session ends first (the spec's
 * "sign-in first signs out"); attempts count per e-mail until one succeeds, and 5 lock the address for the window.
 */
export async function signIn(ctx: ServiceContext, body: { email: string; password: string }) {
  const now = ctx.clock.now();
  const failuresKey = `sign-in-failures:${body.email}`;
  const known = await findUserByEmail(ctx.db, body.email);

  // The attempt counts before the password is checked, in one atomic upsert: parallel guesses
  // cannot all read "under the limit" first. A success clears the count below.
  if ((await hitRateLimit(ctx.db, failuresKey, SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS, now)).limited) {
    await recordSecurityEvent(
      ctx.db,
      {
        type: 'sign_in_failed',
        userId: known?.id ?? null,
        ...eventBase(ctx),
        details: { email: body.email, reason: 'locked' },
      },
      now,
    );
    throw new AppError('RATE_LIMITED');
  }

  if (ctx.session && ctx.user) await deleteSession(ctx.db, { id: ctx.session.id, userId: ctx.user.id });

  let result;
  try {
    result = await ctx.auth.api.signInEmail({
      body: { email: body.email, password: body.password, rememberMe: true },
      headers: ctx.authHeaders(),
      returnHeaders: true,
    });
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 401) {
      await recordSecurityEvent(
        ctx.db,
        {
          type: 'sign_in_failed',
          userId: known?.id ?? null,
          ...eventBase(ctx),
          details: { email: body.email, reason: 'invalid_credentials' },
        },
        now,
      );
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (error instanceof APIError && error.statusCode === 403) {
      await recordSecurityEvent(
        ctx.db,
        {
          type: 'sign_in_failed',
          userId: known?.id ?? null,
          ...eventBase(ctx),
          details: { email: body.email, reason: 'disabled' },
        },
        now,
      );
      throw new AppError('ACCOUNT_DISABLED');
    }
    throw error;
  }
  await clearRateLimit(ctx.db, failuresKey);
  const user = await findUserById(ctx.db, result.response.user.id);
  if (!user) throw new AppError('INTERNAL_ERROR');
  await recordSecurityEvent(ctx.db, { type: 'sign_in_success', userId: user.id, ...eventBase(ctx) }, now);
  return { user: toSessionUser(user), headers: result.headers };
}

export async function signOut(ctx: MemberContext) {
  const result = await ctx.auth.api.signOut({ headers: ctx.authHeaders(), returnHeaders: true });
  // Whatever better-auth did, this session is gone from the database.
  await deleteSession(ctx.db, { id: ctx.session.id, userId: ctx.user.id });
  await recordSecurityEvent(ctx.db, { type: 'sign_out', userId: ctx.user.id, ...eventBase(ctx) }, ctx.clock.now());
  return result.headers;
}

/**
 * Starts a reset by e-mail. The answer is the same whether or not the address has an account,
 * and so is the work on the request: it only writes the request down for the password-reset job,
 * which looks the address up, makes the token and queues the mail after the answer. Durable: a
 * restart between the answer and the job loses nothing.
 */
export async function requestPasswordReset(ctx: ServiceContext, email: string, resetPageUrl: string) {
  await ctx.db.transaction(async (tx) => {
    await insertPasswordResetRequest(tx, {
      email,
      resetPageUrl,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      requestedAt: ctx.clock.now(),
    });
    await announceJob(tx, 'password-reset');
  });
}

/** Long enough for a batch's look-ups and mails; a run that dies leaves its rows to the next after this. */
const RESET_CLAIM_MS = 5 * 60 * 1000;
const RESET_BATCH = 20;

/**
 * The password-reset job's batch: handles waiting requests and deletes each once done. A run that
 * dies between the mail and the delete repeats that request later: at worst a second link, within
 * the per-address hourly cap; never a lost request.
 */
export async function handlePasswordResetRequests(db: Db, auth: Auth, clock: Clock): Promise<number> {
  const now = clock.now();
  const claimed = await claimPasswordResetRequests(db, now, new Date(now.getTime() + RESET_CLAIM_MS), RESET_BATCH);
  for (const request of claimed) {
    await sendPasswordReset(db, auth, request);
    await deletePasswordResetRequest(db, request.id);
  }
  return claimed.length;
}

async function sendPasswordReset(db: Db, auth: Auth, request: PasswordResetRequest) {
  const { email } = request;
  // The request's own time: the hourly cap and the log count from when the user asked.
  const at = new Date(request.requestedAt);
  const user = await findUserByEmail(db, email);
  const perAddress = await hitRateLimit(db, `password-reset-mail:${email}`, RESET_MAILS_PER_HOUR, 60 * 60 * 1000, at);
  const sent = Boolean(user && !user.banned && !perAddress.limited);
  if (sent) await auth.api.requestPasswordReset({ body: { email, redirectTo: request.resetPageUrl } });
  await recordSecurityEvent(
    db,
    {
      type: 'password_reset_requested',
      userId: user?.id ?? null,
      ip: request.ip,
      userAgent: request.userAgent,
      details: { email, sent },
    },
    at,
  );
}

export async function resetPasswordWithToken(ctx: ServiceContext, token: string, newPassword: string) {
  assertUncommonPassword(newPassword);
  try {
    await ctx.auth.api.resetPassword({ body: { token, newPassword } });
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 400) throw new AppError('INVALID_TOKEN');
    throw error;
  }
}

/** Called by better-auth once a reset-link password is saved (its sessions are already revoked). */
export async function afterPasswordReset(db: Db, userId: string, now: Date) {
  await db.transaction(async (tx) => {
    await setMustResetPassword(tx, userId, false, now);
    // better-auth deleted the sessions itself: their streams still have to hear of it.
    await publishSessionsEnded(tx, [userId]);
    await recordSecurityEvent(
      tx,
      { type: 'password_changed', userId, ip: null, userAgent: null, details: { via: 'reset_link' } },
      now,
    );
  });
}

/** A flagged user chooses their own password: the flag clears and their other sessions end. */
export async function completeForcedPasswordReset(ctx: MemberContext, newPassword: string) {
  // Only a flagged user may set a password without the current one; everyone else changes it
  // in settings, where the current password is checked.
  if (!ctx.user.mustResetPassword) throw new AppError('FORBIDDEN');
  assertUncommonPassword(newPassword);
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    // The flag is cleared only if still set: a concurrent reset cannot run twice.
    if (!(await clearMustResetPassword(tx, ctx.user.id, now))) throw new AppError('CONFLICT');
    await updateCredentialPassword(tx, ctx.user.id, passwordHash, now);
    const revoked = await endSessionsOfUser(tx, ctx.user.id, ctx.session.id);
    // This session stays, cached with the flag raised: every instance reads it afresh.
    await publishAccessChanged(tx, [ctx.user.id]);
    await recordSecurityEvent(
      tx,
      {
        type: 'password_changed',
        userId: ctx.user.id,
        ...eventBase(ctx),
        details: { via: 'forced_reset', otherSessionsEnded: revoked },
      },
      now,
    );
  });
}

/*
 * The auth feature owns the users, sessions and credentials tables; other features go through
 * these functions, never through auth.repo.ts.
 */

/** The account with this (lower-case) e-mail, or null. */
export async function findAccountByEmail(db: Db, email: string) {
  return findUserByEmail(db, email);
}

export async function findAccountById(db: Db, id: string) {
  return findUserById(db, id);
}

export async function countAdminAccounts(db: Db) {
  return countAdmins(db);
}

/**
 * Ends a user's sessions (all, or all but one) and, on every instance, the event streams opened
 * with them; returns how many ended. Call it in the transaction of the change.
 */
export async function endSessionsOfUser(db: Db, userId: string, exceptSessionId?: string) {
  const ended = await deleteSessionsOfUser(db, userId, exceptSessionId);
  if (ended > 0) await publishSessionsEnded(db, [userId]);
  return ended;
}

/**
 * Of these session ids, the ones still usable at `now`: present (not signed out or revoked), not
 * idle-expired and within the absolute lifetime. The event hub ends the streams of the others.
 */
export async function findLiveSessionIds(db: Db, sessionIds: string[], now: Date): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  return new Set(await selectLiveSessionIds(db, sessionIds, now, SESSION_ABSOLUTE_MS));
}

/** Sessions still usable: not idle-expired and within the absolute lifetime. */
export async function listActiveSessionsOf(db: Db, userId: string, now: Date) {
  return findActiveSessions(db, userId, now, SESSION_ABSOLUTE_MS);
}

/** Gives the user a temporary password and raises the must-reset flag; false without a password credential. */
export async function setTemporaryPassword(db: Db, userId: string, passwordHash: string, now: Date): Promise<boolean> {
  if (!(await updateCredentialPassword(db, userId, passwordHash, now))) return false;
  await setMustResetPassword(db, userId, true, now);
  return true;
}

/** Creates an account with an e-mail/password credential in the caller's transaction (accounts are admin-made). */
export async function createAccountWithPassword(db: Db, user: NewUser & { id: string }, passwordHash: string) {
  await insertUserWithPassword(db, user, passwordHash);
}
