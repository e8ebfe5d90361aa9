import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { platformSettings } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';

export type PlatformSettingsRow = typeof platformSettings.$inferSelect;

export async function findPlatformSettings(db: Db): Promise<PlatformSettingsRow> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  if (!row) throw new Error('platform_settings row missing: migrations not applied?');
  return row;
}

export async function updatePlatformSettingsRow(db: Db, values: Partial<Omit<PlatformSettingsRow, 'id'>>) {
  const [row] = await db.update(platformSettings).set(values).where(eq(platformSettings.id, 1)).returning();
  return row;
}

/** The e-mail of the oldest admin who is not banned, or null. */
export async function findOldestActiveAdminEmail(db: Db): Promise<string | null> {
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.banned, false)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return admin?.email ?? null;
}

export async function findUserName(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}
