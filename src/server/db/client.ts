import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { listenPglite, listenPostgres, type ListenHandlers, type Unlisten } from './listen.ts';

/** A Drizzle database or transaction; repos take either. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

/** Raw SQL on the app's own connections (the job queue uses it, so it shares the pool that closes last). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** The raw PGlite instance (embedded only), for dumps in tests. */
  pglite?: PGlite;
  /** LISTEN to a channel (PostgreSQL: on a dedicated connection that reconnects; PGlite: in process). */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  /** Raw SQL for libraries that bring their own statements (pg-boss). */
  sql: SqlExecutor;
  /** The connection pool's use (PostgreSQL; PGlite has one connection and no pool). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

const pgliteExtensions = { pg_trgm, unaccent };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzleNodePg(pool) as unknown as Db;
    await db.execute(sql`select 1`);
    return {
      db,
      kind: 'postgres',
      sql: { executeSql: (text, values) => pool.query(text, values) },
      listen: (channel, handlers) => listenPostgres(options.url, channel, handlers),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined;
  try {
    const pglite = new PGlite({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: pgliteExtensions,
    });
    await pglite.waitReady;
    const db = drizzlePglite(pglite) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      pglite,
      sql: {
        async executeSql(text, values) {
          if (values?.length) return pglite.query(text, values);
          // Statements without parameters may be several (pg-boss's migrations): exec runs them all.
          const results = await pglite.exec(text);
          return results.at(-1) ?? { rows: [] };
        },
      },
      listen: (channel, handlers) => listenPglite(pglite, channel, handlers),
      close: async () => {
        try {
          await pglite.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * Statements prepared once per database (or transaction) and reused: the hot reads are neither
 * rebuilt by Drizzle nor parsed again per request. `prepare` runs on the first use with each `db`.
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let statements = prepared.get(db);
    if (!statements) {
      statements = prepare(db);
      prepared.set(db, statements);
    }
    return statements;
  };
}

/** Runs raw SQL and returns its rows, whichever driver is underneath. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Round trip to the database, in milliseconds. */
export async function pingDatabase(db: Db): Promise<number> {
  const started = performance.now();
  await db.execute(sql`select 1`);
  return performance.now() - started;
}
