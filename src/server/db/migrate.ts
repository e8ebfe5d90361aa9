import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { migrationsFolder } from '../lib/app-root.ts';
import { selectRows, type Database, type Db } from './client.ts';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readMigrationJournal(folder = migrationsFolder): JournalEntry[] {
  return JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')).entries;
}

/**
 * Applies pending migrations. On PostgreSQL several instances may start at once, so the run
 * holds a session advisory lock on its own connection; the others wait and then find nothing to do.
 */
export async function runMigrations(database: Database, options: { postgresUrl?: string } = {}): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  if (!options.postgresUrl) throw new Error('runMigrations on PostgreSQL needs its URL');
  const client = new pg.Client({ connectionString: options.postgresUrl });
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('optistok:migrations'))`);
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.query(`select pg_advisory_unlock(hashtext('optistok:migrations'))`).catch(() => undefined);
    await client.end();
  }
}

export interface MigrationLevel {
  applied: number;
  latest: string | null;
  known: number;
}

/** Which migrations this database has, matched to the journal shipped with the code. */
export async function readMigrationLevel(db: Db): Promise<MigrationLevel> {
  const journal = readMigrationJournal();
  const rows = await selectRows<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  const newest = rows.at(-1);
  const latest = newest ? (journal.find((entry) => entry.when === Number(newest.created_at))?.tag ?? null) : null;
  return { applied: rows.length, latest, known: journal.length };
}
