import { aliasedTable, and, count, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { sellerPaymentAccounts } from '../../db/schema/payments.ts';
import type { Db } from '../../db/client.ts';
import { roleChangeAudit } from '../../db/schema/admin.ts';
import { sessions } from '../../db/schema/auth.ts';
import { listings } from '../../db/schema/listings.ts';
import { orders } from '../../db/schema/orders.ts';
import { securityEvents } from '../../db/schema/security-events.ts';
import { userSettings } from '../../db/schema/user-settings.ts';
import { users } from '../../db/schema/users.ts';
import { containsPattern, foldedSql } from '../../lib/turkish-search.ts';

export type UserRow = typeof users.$inferSelect;

export interface UserFilter {
  q?: string;
  role?: string;
}

function userFilter({ q, role }: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (role) conditions.push(eq(users.role, role));
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        sql`${foldedSql(users.name)} like ${pattern}`,
        sql`${foldedSql(users.email)} like ${pattern}`,
        sql`${foldedSql(users.publicHandle)} like ${pattern}`,
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** A page of users, newest first, with the total that matches. */
export async function findUsersPage(db: Db, filter: UserFilter, limit: number, offset: number) {
  const where = userFilter(filter);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(users).where(where).orderBy(desc(users.createdAt), users.id).limit(limit).offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}

/** Every matching user, oldest first (the CSV export). */
export async function findAllUsers(db: Db, filter: UserFilter) {
  return db.select().from(users).where(userFilter(filter)).orderBy(users.createdAt, users.id);
}

export async function findUserRow(db: Db, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findUsersByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(inArray(users.id, ids))
    .for('update');
}

/** Figures shown with one user's details. */
export async function findUserActivity(db: Db, id: string, now: Date) {
  const [[{ activeSessions }], [{ listingCount }], [{ lastSignInAt }]] = await Promise.all([
    db
      .select({ activeSessions: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, now))),
    db.select({ listingCount: count() }).from(listings).where(eq(listings.sellerId, id)),
    db
      .select({ lastSignInAt: sql<Date | string | null>`max(${securityEvents.createdAt})` })
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, id), eq(securityEvents.type, 'sign_in_success'))),
  ]);
  return { activeSessions, listingCount, lastSignInAt: lastSignInAt ? new Date(lastSignInAt) : null };
}

export async function findUserSettingsRow(db: Db, id: string) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, id));
  return row ?? null;
}

/** Changes the role only if it is still `fromRole` (a concurrent change makes this a no-op). */
export async function updateUserRole(db: Db, id: string, fromRole: string, toRole: string, now: Date) {
  const [row] = await db
    .update(users)
    .set({ role: toRole, updatedAt: now })
    .where(and(eq(users.id, id), eq(users.role, fromRole)))
    .returning();
  return row ?? null;
}

export async function updateUserNameAndPhone(
  db: Db,
  id: string,
  input: { fullName: string; phone: string | null },
  now: Date,
) {
  const [row] = await db
    .update(users)
    .set({ name: input.fullName, phone: input.phone, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function insertRoleChange(db: Db, row: typeof roleChangeAudit.$inferInsert) {
  await db.insert(roleChangeAudit).values(row);
}

const changedBy = aliasedTable(users, 'changed_by_user');

/** Role changes, newest first; of one user when `userId` is given. */
export async function findRoleChanges(db: Db, limit: number, userId?: string) {
  return db
    .select({
      id: roleChangeAudit.id,
      userId: roleChangeAudit.userId,
      userName: users.name,
      userEmail: users.email,
      changedById: roleChangeAudit.changedBy,
      changedByName: changedBy.name,
      oldRole: roleChangeAudit.oldRole,
      newRole: roleChangeAudit.newRole,
      reason: roleChangeAudit.reason,
      changedAt: roleChangeAudit.changedAt,
    })
    .from(roleChangeAudit)
    .leftJoin(users, eq(users.id, roleChangeAudit.userId))
    .leftJoin(changedBy, eq(changedBy.id, roleChangeAudit.changedBy))
    .where(userId ? eq(roleChangeAudit.userId, userId) : undefined)
    .orderBy(desc(roleChangeAudit.changedAt), desc(roleChangeAudit.id))
    .limit(limit);
}

/** Of the given users, those who bought or sold in an order (their orders must keep them). */
export async function findUserIdsWithOrders(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(orders)
    .where(or(inArray(orders.buyerId, ids), inArray(orders.sellerId, ids)));
  const wanted = new Set(ids);
  return new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]).filter((id) => wanted.has(id)));
}

/** Deletes users; sessions, credentials, settings and listings go with them (ON DELETE CASCADE). */
export async function deleteUsers(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .delete(users)
    .where(inArray(users.id, ids))
    .returning({ id: users.id, email: users.email, name: users.name, role: users.role });
}

/** Serialises first-admin creation across instances starting at once (held until the transaction ends). */
export async function lockFirstAdminCreation(db: Db) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('optistok:first-admin'))`);
}

/** The store's iyzico sub-merchant key, or null. */
export async function findSubMerchantKey(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: sellerPaymentAccounts.iyzicoSubMerchantKey })
    .from(sellerPaymentAccounts)
    .where(eq(sellerPaymentAccounts.userId, userId));
  return row?.key ?? null;
}

export async function upsertSubMerchantKey(db: Db, userId: string, key: string | null, actorId: string, now: Date) {
  await db
    .insert(sellerPaymentAccounts)
    .values({ userId, iyzicoSubMerchantKey: key, updatedAt: now, updatedBy: actorId })
    .onConflictDoUpdate({
      target: sellerPaymentAccounts.userId,
      set: { iyzicoSubMerchantKey: key, updatedAt: now, updatedBy: actorId },
    });
}
