import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { findPlatformSettings } from './platform-settings.repo.ts';

/** The settings the app runs with (VAT, shipping, escrow days, low-stock threshold, admin mail). */
export async function getPlatformSettings(db: Db) {
  return findPlatformSettings(db);
}

/** Where admin notifications go: the configured address, else the oldest active admin's. */
export async function resolveAdminNotificationEmail(db: Db): Promise<string | null> {
  const settings = await findPlatformSettings(db);
  if (settings.adminNotificationEmail) return settings.adminNotificationEmail;
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.banned, false)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return admin?.email ?? null;
}
