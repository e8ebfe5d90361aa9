import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { openDatabase, type Database, type DatabaseKind } from '../src/server/db/client.ts';
import { adminUrl, databaseUrl } from './postgres-urls.ts';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testDatabaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase extends Database {
  /** Connection URL (PostgreSQL only). */
  url?: string;
}

/** A fresh, migrated database of the given kind, private to the caller. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dump = readFileSync(inject('pgliteDumpPath'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(base) });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`);
        break;
      } catch (error) {
        // Two files cloning the template at the same instant may collide; try again shortly.
        if (attempt >= 5 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
      }
    }
  } finally {
    await admin.end();
  }
  const url = databaseUrl(base, name);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl(base) });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/** Runs the same suite once per database kind. */
export function describeEachDatabase(title: string, suite: (kind: DatabaseKind) => void) {
  for (const kind of testDatabaseKinds) describe(`${title} [${kind}]`, () => suite(kind));
}

/**
 * A suite that proves something only on PostgreSQL: races, where transactions must really run side
 * by side (PGlite runs one statement at a time), and crashes of a server process. Without
 * TEST_DATABASE_URL it is reported as skipped, with the reason in its title.
 */
export function describeOnPostgres(title: string, suite: (kind: 'postgres') => void) {
  const hasPostgres = testDatabaseKinds.includes('postgres');
  const why = hasPostgres ? '' : ' (skipped: needs TEST_DATABASE_URL, PGlite runs one statement at a time)';
  describe.skipIf(!hasPostgres)(`${title} [postgres]${why}`, () => suite('postgres'));
}
