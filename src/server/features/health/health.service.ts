import type { Health } from '#shared/schemas/health.ts';
import { pingDatabase, type DatabaseKind, type Db } from '../../db/client.ts';
import { readMigrationLevel } from '../../db/migrate.ts';
import { appVersion } from '../../lib/app-root.ts';

const startedAt = Date.now();

export async function getHealth(db: Db, kind: DatabaseKind): Promise<Health> {
  try {
    await pingDatabase(db);
    const migrations = await readMigrationLevel(db);
    const current = migrations.applied >= migrations.known;
    return {
      status: current ? 'ok' : 'degraded',
      database: { kind, reachable: true },
      migrations,
      version: appVersion,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
  } catch {
    return {
      status: 'degraded',
      database: { kind, reachable: false },
      migrations: { applied: 0, latest: null, known: 0 },
      version: appVersion,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    };
  }
}
