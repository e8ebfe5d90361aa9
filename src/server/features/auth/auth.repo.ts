import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';
import { accounts, sessions } from '../../db/schema/auth.ts';
import { passwordResetRequests } from '../../db/schema/password-reset-requests.ts';
import { users } from '../../db/schema/users.ts';

export async function deleteSessionsOfUser(db: Db, userId: string, exceptSessionId?: string) {
  const removed = await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return removed.length;
}

/** A session still usable at `now`: not idle-expired and within the absolute lifetime. */
function isSessionLive(now: Date, absoluteLifetimeMs: number) {
  return and(gt(sessions.expiresAt, now), gt(sessions.createdAt, new Date(now.getTime() - absoluteLifetimeMs)));
}

/** Of the given session ids, those still usable. */
export async function selectLiveSessionIds(db: Db, ids: string[], now: Date, absoluteLifetimeMs: number) {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, ids), isSessionLive(now, absoluteLifetimeMs)));
  return rows.map((row) => row.id);
}

/** Sessions still usable: not idle-expired and within the absolute lifetime. */
export async function findActiveSessions(db: Db, userId: string, now: Date, absoluteLifetimeMs: number) {
  return db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isSessionLive(now, absoluteLifetimeMs)))
    .orderBy(sessions.createdAt);
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Sets the hash of the user's e-mail/password credential (better-auth reads it from here). */
export async function updateCredentialPassword(db: Db, userId: string, passwordHash: string, now: Date) {
  const updated = await db
    .update(accounts)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
    .returning({ id: accounts.id });
  return updated.length > 0;
}

export async function setMustResetPassword(db: Db, userId: string, value: boolean, now: Date) {
  await db.update(users).set({ mustResetPassword: value, updatedAt: now }).where(eq(users.id, userId));
}

/** Clears the flag only where it is set; false when it was not. */
export async function clearMustResetPassword(db: Db, userId: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ mustResetPassword: false, updatedAt: now })
    .where(and(eq(users.id, userId), eq(users.mustResetPassword, true)))
    .returning({ id: users.id });
  return updated.length > 0;
}

export type NewUser = typeof users.$inferInsert;

/** Creates a user with an e-mail/password credential, in the caller's transaction. */
export async function insertUserWithPassword(db: Db, user: NewUser & { id: string }, passwordHash: string) {
  await db.insert(users).values(user);
  await db.insert(accounts).values({
    id: `${user.id}-credential`,
    accountId: user.id,
    providerId: 'credential',
    userId: user.id,
    password: passwordHash,
    createdAt: user.createdAt,
    updatedAt: user.createdAt,
  });
}

export async function countAdmins(db: Db) {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return row.n;
}

export type PasswordResetRequest = typeof passwordResetRequests.$inferSelect;

export async function insertPasswordResetRequest(db: Db, values: typeof passwordResetRequests.$inferInsert) {
  await db.insert(passwordResetRequests).values(values);
}

/**
 * Claims up to `limit` waiting requests until `claimedUntil`, oldest first. SKIP LOCKED keeps two
 * runs off the same rows; a claim that ran out (its run died) is taken again.
 */
export async function claimPasswordResetRequests(db: Db, now: Date, claimedUntil: Date, limit: number) {
  return selectRows<PasswordResetRequest>(
    db,
    sql`update ${passwordResetRequests} set claimed_until = ${claimedUntil}
         where id in (select id from ${passwordResetRequests}
                       where claimed_until is null or claimed_until < ${now}
                       order by requested_at limit ${limit} for update skip locked)
     returning id, email, reset_page_url as "resetPageUrl", ip, user_agent as "userAgent",
               requested_at as "requestedAt", claimed_until as "claimedUntil"`,
  );
}

export async function deletePasswordResetRequest(db: Db, id: string) {
  await db.delete(passwordResetRequests).where(eq(passwordResetRequests.id, id));
}

export async function countPasswordResetRequests(db: Db) {
  const [row] = await db.select({ n: count() }).from(passwordResetRequests);
  return row.n;
}
