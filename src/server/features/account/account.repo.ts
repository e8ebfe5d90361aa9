import { and, eq, inArray } from 'drizzle-orm';
import { defaultUserSettings, type UserSettings } from '#shared/schemas/account.ts';
import type { Db } from '../../db/client.ts';
import { userSettings } from '../../db/schema/user-settings.ts';
import { users } from '../../db/schema/users.ts';

export async function updateProfile(
  db: Db,
  userId: string,
  input: { fullName: string; phone: string | null },
  now: Date,
) {
  const [row] = await db
    .update(users)
    .set({ name: input.fullName, phone: input.phone, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row ?? null;
}

export async function findSettings(db: Db, userId: string): Promise<UserSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) return { ...defaultUserSettings };
  const { userId: _userId, updatedAt: _updatedAt, ...settings } = row;
  return settings;
}

export async function upsertSettings(db: Db, userId: string, settings: UserSettings, now: Date): Promise<UserSettings> {
  await db
    .insert(userSettings)
    .values({ userId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...settings, updatedAt: now } });
  return findSettings(db, userId);
}

/** Of these users, the ones who turned automatic order approval on (no row = the default, off). */
export async function findAutoOrderApprovalUserIds(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: userSettings.userId })
    .from(userSettings)
    .where(and(inArray(userSettings.userId, userIds), eq(userSettings.autoOrderApproval, true)));
  return new Set(rows.map((r) => r.userId));
}
