import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { platformSettings } from '../../db/schema/admin.ts';

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
