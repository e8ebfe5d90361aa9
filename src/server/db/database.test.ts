import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, testDatabaseKinds, type TestDatabase } from '../../../test/db.ts';
import { adminUrl, databaseUrl } from '../../../test/postgres-urls.ts';
import { MANUAL_CLOCK_START } from '../lib/clock.ts';
import { startServer } from '../../../test/server-process.ts';
import { openDatabase, selectRows, type Database, type DatabaseKind } from './client.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';
import { readMigrationJournal, readMigrationLevel, runMigrations } from './migrate.ts';

/** The message of an error and of every cause behind it (Drizzle wraps driver errors). */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e; e = (e as { cause?: unknown }).cause) parts.push(String((e as Error).message ?? e));
  return parts.join(' <- ');
}

async function rejectionOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return errorText(error);
  }
  throw new Error('expected the operation to fail, but it succeeded');
}

interface EmptyDatabase {
  database: Database;
  postgresUrl?: string;
  dispose(): Promise<void>;
}

/** A database with nothing in it, not even the migrations the test template carries. */
async function openEmptyDatabase(kind: DatabaseKind): Promise<EmptyDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, dispose: () => database.close() };
  }
  const base = process.env.TEST_DATABASE_URL!;
  // Named after the run, so the global teardown drops it even if this file crashes.
  const name = `${inject('runId')}_empty_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(base) });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const postgresUrl = databaseUrl(base, name);
  const database = await openDatabase({ kind: 'postgres', url: postgresUrl, poolSize: 2 });
  return {
    database,
    postgresUrl,
    dispose: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl(base) });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

describe('migrations on an empty database', () => {
  for (const kind of testDatabaseKinds) {
    describe(`[${kind}]`, () => {
      let empty: EmptyDatabase;
      beforeAll(async () => {
        empty = await openEmptyDatabase(kind);
      });
      afterAll(async () => {
        await empty?.dispose();
      });

      it('starts without the migrations table', async () => {
        const rows = await selectRows<{ name: string | null }>(
          empty.database.db,
          sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
        );
        expect(rows[0].name).toBeNull();
      });

      it('applies every migration in the journal', async () => {
        await runMigrations(empty.database, { postgresUrl: empty.postgresUrl });
        const journal = readMigrationJournal();
        expect(await readMigrationLevel(empty.database.db)).toEqual({
          applied: journal.length,
          known: journal.length,
          latest: journal.at(-1)!.tag,
        });
      });

      it('does nothing when run a second time', async () => {
        const before = await selectRows<{ id: number; hash: string }>(
          empty.database.db,
          sql`select id, hash from drizzle.__drizzle_migrations order by id`,
        );
        await runMigrations(empty.database, { postgresUrl: empty.postgresUrl });
        const after = await selectRows<{ id: number; hash: string }>(
          empty.database.db,
          sql`select id, hash from drizzle.__drizzle_migrations order by id`,
        );
        expect(after).toEqual(before);
        expect((await readMigrationLevel(empty.database.db)).applied).toBe(readMigrationJournal().length);
      });

      it('installs the pg_trgm and unaccent extensions the search needs', async () => {
        const rows = await selectRows<{ extname: string }>(empty.database.db, sql`select extname from pg_extension`);
        expect(rows.map((r) => r.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'unaccent']));
        const [probe] = await selectRows<{ folded: string; similar: number }>(
          empty.database.db,
          sql`select unaccent('Çankaya Gözlük') as folded, similarity('rayban', 'ray-ban') as similar`,
        );
        expect(probe.folded).toBe('Cankaya Gozluk');
        expect(Number(probe.similar)).toBeGreaterThan(0);
      });
    });
  }
});

describeEachDatabase('ledger guards', (kind) => {
  let database: TestDatabase;
  // Rows carry the app's time; the database has no clock of its own to default to.
  const at = MANUAL_CLOCK_START.toISOString();
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const countJournal = async (journalId: string) =>
    Number(
      (
        await selectRows<{ n: string | number }>(
          database.db,
          sql`select count(*) as n from ledger_entries where journal_id = ${journalId}`,
        )
      )[0].n,
    );

  it('refuses to commit an unbalanced journal, though the leg is visible inside the transaction', async () => {
    const journalId = randomUUID();
    let seenInside = -1;
    const message = await rejectionOf(
      database.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into ledger_entries (journal_id, account, amount_kurus, created_at) values (${journalId}, 'escrow', -5000, ${at})`,
        );
        // The balance check is deferred: the insert itself succeeds ...
        seenInside = Number(
          (
            await selectRows<{ n: string | number }>(
              tx,
              sql`select count(*) as n from ledger_entries where journal_id = ${journalId}`,
            )
          )[0].n,
        );
      }),
    );
    // ... and the commit fails.
    expect(seenInside).toBe(1);
    expect(message).toMatch(/unbalanced/);
    expect(await countJournal(journalId)).toBe(0);
  });

  it('commits a balanced two-leg journal, even when the legs are inserted one by one', async () => {
    const journalId = randomUUID();
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into ledger_entries (journal_id, account, amount_kurus, created_at) values (${journalId}, 'escrow', -5000, ${at})`,
      );
      await tx.execute(
        sql`insert into ledger_entries (journal_id, account, amount_kurus, created_at) values (${journalId}, 'psp_clearing', 5000, ${at})`,
      );
    });
    expect(await countJournal(journalId)).toBe(2);
  });

  it('refuses to update or delete a ledger entry', async () => {
    const journalId = randomUUID();
    await database.db.execute(
      sql`insert into ledger_entries (journal_id, account, amount_kurus, created_at) values (${journalId}, 'escrow', -700, ${at}), (${journalId}, 'psp_clearing', 700, ${at})`,
    );
    expect(
      await rejectionOf(
        database.db.execute(sql`update ledger_entries set amount_kurus = -1 where journal_id = ${journalId}`),
      ),
    ).toMatch(/immutable/);
    expect(
      await rejectionOf(database.db.execute(sql`delete from ledger_entries where journal_id = ${journalId}`)),
    ).toMatch(/immutable/);
    const rows = await selectRows<{ amount_kurus: string | number }>(
      database.db,
      sql`select amount_kurus from ledger_entries where journal_id = ${journalId} order by amount_kurus`,
    );
    expect(rows.map((r) => Number(r.amount_kurus))).toEqual([-700, 700]);
  });
});

describe('data folder lock', () => {
  let dir: string;
  const children: ReturnType<typeof spawn>[] = [];
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'optistok-lock-'));
  });
  afterEach(() => {
    for (const child of children.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(path.join(dir, 'optistok.lock'), { force: true });
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const lockFile = () => path.join(dir, 'optistok.lock');

  /** A real process that stays alive until killed. */
  function liveProcess() {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    children.push(child);
    return child;
  }

  it('writes this process id into the lock file and removes the file on release', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('refuses a folder another running process holds, naming the folder and the owner', () => {
    const owner = liveProcess();
    writeFileSync(lockFile(), String(owner.pid));
    let caught: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    expect((caught as Error).message).toContain(path.resolve(dir));
    expect((caught as Error).message).toContain(`pid ${owner.pid}`);
    // The owner's lock is left alone.
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(owner.pid));
  });

  it('refuses a second lock on the same folder from this very process', () => {
    const release = lockDataDir(dir);
    try {
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    } finally {
      release();
    }
    expect(existsSync(lockFile())).toBe(false);
  });

  it('treats a fresh lock file without a pid as a lock being written, not as stale', () => {
    writeFileSync(lockFile(), '');
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(readFileSync(lockFile(), 'utf8')).toBe('');
  });

  it('takes over a lock file without a pid once it is older than a lock being written', () => {
    writeFileSync(lockFile(), '');
    // A minute old by the file system's clock, whatever the process clock says (faketime, NTP).
    const fileNow = statSync(lockFile()).mtimeMs / 1000;
    utimesSync(lockFile(), fileNow - 60, fileNow - 60);
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('takes over a lock left by a process that has exited', async () => {
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(lockFile(), String(gone.pid));
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it(
    'keeps a second server off a data folder in use, and the first releases it on SIGTERM',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'optistok-data-'));
      const settings = {
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SEED_DEMO_DATA: 'false',
      };
      const first = startServer(settings);
      const second = { current: null as ReturnType<typeof startServer> | null };
      try {
        await first.waitForStdout(/OptiStok is running/);
        expect(readFileSync(path.join(dataDir, 'optistok.lock'), 'utf8')).toBe(String(first.child.pid));

        second.current = startServer(settings);
        const secondExit = await second.current.exited;
        expect(secondExit.code).toBe(1);
        expect(second.current.stderr()).toContain('in use by another running process');
        expect(second.current.stderr()).toContain(`pid ${first.child.pid}`);

        first.child.kill('SIGTERM');
        const firstExit = await first.exited;
        expect(firstExit).toEqual({ code: 0, signal: null });
        expect(existsSync(path.join(dataDir, 'optistok.lock'))).toBe(false);
      } finally {
        first.kill();
        second.current?.kill();
        await first.exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
