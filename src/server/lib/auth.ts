import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { admin } from 'better-auth/plugins/admin';
import type { Db } from '../db/client.ts';
import { accounts, sessions, verifications } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { withAppClock } from './auth-clock.ts';
import { publishAccessChanged, publishSessionsEnded } from './live-events.ts';
import type { Clock } from './clock.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** A session ends after this long without use (better-auth's sliding expiry)... */
export const SESSION_IDLE_SECONDS = 24 * 60 * 60;
/** ...and, whatever the use, this long after sign-in (checked by the access plugin against the clock). */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** better-auth slides the idle window (a new expiry and cookie) on the first use this long after the last slide. */
export const SESSION_REFRESH_SECONDS = 60 * 60;
export const RESET_TOKEN_SECONDS = 60 * 60;

export interface AuthOptions {
  db: Db;
  /** Sessions and reset tokens are stamped and judged by this clock, like everything else. */
  clock: Clock;
  appUrl: string;
  secret: string;
  /** Called by the reset-request flow with the single-use token; queues the e-mail. */
  sendResetPassword: (input: { user: { id: string; email: string; name: string }; token: string }) => Promise<void>;
  /** Called after a reset-link password is saved. */
  onPasswordReset: (userId: string) => Promise<void>;
}

/**
 * better-auth owns credentials, sessions and reset tokens. Its HTTP handler is not mounted: our
 * own routes (validated, rate-limited, audited) call its server API, so every endpoint goes
 * through the same access rules, error path and OpenAPI document as the rest of the API.
 */
export function createAuth(options: AuthOptions) {
  const secure = options.appUrl.startsWith('https:');
  return betterAuth({
    appName: 'OptiStok',
    baseURL: options.appUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [new URL(options.appUrl).origin],
    database: withAppClock(
      drizzleAdapter(options.db, {
        provider: 'pg',
        schema: { user: users, session: sessions, account: accounts, verification: verifications },
      }),
      options.clock,
    ),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true, // accounts are created only by admins
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => options.sendResetPassword({ user, token }),
      onPasswordReset: async ({ user }) => options.onPasswordReset(user.id),
    },
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, input: false },
        publicHandle: { type: 'string', required: false, input: false },
        publicSlug: { type: 'string', required: false, input: false },
        mustResetPassword: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      // Not its signed-cookie cache, which no revocation reaches: our own (plugins/auth.ts) is
      // emptied on every instance by LISTEN/NOTIFY.
      cookieCache: { enabled: false },
    },
    // Whatever better-auth itself ends or changes (sign-out, password change or reset, an expired
    // session, the admin plugin's ban or role calls) reaches every instance's session cache. These
    // run after its write has committed; our own writes announce in their transaction.
    databaseHooks: {
      session: { delete: { after: async (session) => publishSessionsEnded(options.db, [session.userId]) } },
      user: { update: { after: async (user) => publishAccessChanged(options.db, [user.id]) } },
    },
    rateLimit: { enabled: false }, // our limits live in the database (see plugins/rate-limit.ts)
    advanced: {
      cookiePrefix: 'optistok',
      ipAddress: { ipAddressHeaders: ['x-optistok-client-ip'] },
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure, path: '/' },
    },
    telemetry: { enabled: false },
    // Its per-attempt warnings ("Invalid password") would bypass our logger; errors still show.
    logger: { level: 'error' },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Ends one session at once (sign-out, a new sign-in in the same browser, the absolute lifetime),
 * and on every instance the event streams opened with it. Announced even when better-auth has
 * already deleted the row (its sign-out does).
 */
export async function deleteSession(db: Db, session: { id: string; userId: string }) {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, session.id));
    await publishSessionsEnded(tx, [session.userId]);
  });
}
