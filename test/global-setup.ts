import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { adminUrl, databaseUrl, testDatabasePrefix } from './postgres-urls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a migrated PGlite data directory, cloned by each test file. */
    pgliteDumpPath: string;
    /** Migrated PostgreSQL template database of this run, or '' without TEST_DATABASE_URL. */
    postgresTemplate: string;
    /** Prefix of every database this run creates. */
    runId: string;
  }
}

/** Migrates once per run; test files clone the result instead of migrating again. */
export default async function setup(project: TestProject) {
  const runId = `${testDatabasePrefix}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'optistok-test-'));
  const pglite = await openDatabase({ kind: 'pglite' });
  await runMigrations(pglite);
  const dump = await pglite.pglite!.dumpDataDir('none');
  const dumpPath = path.join(tmp, 'migrated.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();

  let template = '';
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    template = `${runId}_tpl`;
    const admin = new pg.Client({ connectionString: adminUrl(base) });
    await admin.connect();
    await admin.query(`create database "${template}"`);
    await admin.end();
    const db = await openDatabase({ kind: 'postgres', url: databaseUrl(base, template), poolSize: 1 });
    await runMigrations(db, { postgresUrl: databaseUrl(base, template) });
    await db.close();
  }

  project.provide('pgliteDumpPath', dumpPath);
  project.provide('postgresTemplate', template);
  project.provide('runId', runId);

  return async () => {
    rmSync(tmp, { recursive: true, force: true });
    if (base) {
      // Drop every database this run made, including any a crashed file left behind.
      const admin = new pg.Client({ connectionString: adminUrl(base) });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
        `${runId}%`,
      ]);
      for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
      await admin.end();
    }
  };
}
