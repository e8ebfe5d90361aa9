import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { envSchema } from '../../src/server/env.ts';
import {
  BenchError,
  buildDir,
  DbKind,
  dbLabel,
  ECHO_LINES_PER_CHILD,
  GENERATE_TIMEOUT_MS,
  generatorEntry,
  root,
  serveScript,
  STARTUP_TIMEOUT_MS,
  STOP_GRACE_MS,
} from './settings.ts';

/** The bench's child processes (servers, generator) and the resources it must always release. */
export interface Child {
  name: string;
  proc: ChildProcess;
  exited: Promise<void>;
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The last lines the child printed, for error reports. */
  tail: string[];
}

export const children = new Set<Child>();
export const databases = new Set<{ adminUrl: URL; name: string }>();
export const tempDirs = new Set<string>();
/** What a signal must stop at once: the load running now, and the purchase loop. */
export const running: { load: autocannon.Instance | null; purchasesStopped: boolean } = {
  load: null,
  purchasesStopped: false,
};

/** Resolves true if the promise settled within ms, false otherwise. */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true as const,
        () => true as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGTERM, then SIGKILL if the child is still there after the grace period. */
export async function stopChild(child: Child): Promise<void> {
  if (!child.exit) {
    child.proc.kill('SIGTERM');
    if (!(await settlesWithin(child.exited, STOP_GRACE_MS))) {
      console.error(`[bench] ${child.name} did not stop within ${STOP_GRACE_MS / 1000} s; sending SIGKILL`);
      child.proc.kill('SIGKILL');
      if (!(await settlesWithin(child.exited, 5_000)))
        throw new BenchError(`${child.name} (pid ${child.proc.pid}) could not be stopped`);
    }
  }
  children.delete(child);
}

export function adminClient(url: URL): pg.Client {
  return new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
}

export async function dropDatabase(adminUrl: URL, name: string): Promise<void> {
  const client = adminClient(adminUrl);
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Fails fast, before any load, when the PostgreSQL server of the second round cannot be reached. */
/** A fresh database `optistok_bench_<random>` on the bench's PostgreSQL server, dropped at clean-up; answers its URL. */
export async function createBenchDatabase(adminUrl: URL): Promise<string> {
  const name = `optistok_bench_${randomBytes(4).toString('hex')}`;
  const client = adminClient(adminUrl);
  await client.connect();
  try {
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  databases.add({ adminUrl, name });
  console.error(`[bench] created database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function checkPostgres(url: URL): Promise<void> {
  const client = adminClient(url);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new BenchError(`cannot reach BENCH_DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export let cleanupRun: Promise<boolean> | null = null;

/** Stops every child, drops every bench database, removes every temp folder; true if all went well. */
export function cleanup(): Promise<boolean> {
  cleanupRun ??= (async () => {
    let ok = true;
    const fail = (what: string, error: unknown) => {
      ok = false;
      console.error(`[bench] cleanup: ${what}: ${error instanceof Error ? error.message : String(error)}`);
    };
    running.load?.stop();
    running.purchasesStopped = true;
    const stops = await Promise.allSettled([...children].map((child) => stopChild(child)));
    for (const s of stops) if (s.status === 'rejected') fail('stopping a child process', s.reason);
    for (const db of [...databases]) {
      try {
        await dropDatabase(db.adminUrl, db.name);
        databases.delete(db);
        console.error(`[bench] dropped database ${db.name}`);
      } catch (error) {
        fail(`dropping database ${db.name}`, error);
      }
    }
    for (const dir of [...tempDirs]) {
      try {
        await rm(dir, { recursive: true, force: true });
        tempDirs.delete(dir);
      } catch (error) {
        fail(`removing ${dir}`, error);
      }
    }
    return ok;
  })();
  return cleanupRun;
}

// ---------------------------------------------------------------------------------------------
// Child processes

export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new BenchError('no free port found'))));
    });
  });
}

/** Spawns a child and waits for the line that says it is listening. */
export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Child> {
  return spawnChild(name, process.execPath, args, env, ready);
}

/**
 * Starts the production server the way `npm start` does, through scripts/serve.sh (its allocator
 * settings count in the RSS figures); `exec` there keeps the child's pid the server's.
 */
export function startServer(name: string, nodeArgs: string[], env: NodeJS.ProcessEnv): Promise<Child> {
  return spawnChild(
    name,
    'sh',
    [serveScript, ...nodeArgs],
    { ...env, NODE: process.execPath },
    /OptiStok is running at/,
  );
}

function spawnChild(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: RegExp,
): Promise<Child> {
  return new Promise((resolve, reject) => {
    const proc = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let settled = false;
    let echoed = 0;
    const child: Child = {
      name,
      proc,
      exit: null,
      tail: [],
      exited: new Promise((done) => {
        proc.once('exit', (code, signal) => {
          child.exit = { code, signal };
          done();
        });
      }),
    };
    children.add(child);
    const report = () => (child.tail.length ? `\n--- last output of ${name} ---\n${child.tail.join('\n')}` : '');
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(child);
    };
    const timer = setTimeout(
      () =>
        finish(
          new BenchError(
            `${name} did not report that it is listening within ${STARTUP_TIMEOUT_MS / 1000} s${report()}`,
          ),
        ),
      STARTUP_TIMEOUT_MS,
    );
    const onLine = (line: string) => {
      child.tail.push(line);
      if (child.tail.length > 40) child.tail.shift();
      if (echoed < ECHO_LINES_PER_CHILD) {
        echoed++;
        console.error(`[${name}] ${line}`);
        if (echoed === ECHO_LINES_PER_CHILD) console.error(`[${name}] (further output is not shown)`);
      }
      if (ready.test(line)) finish(null);
    };
    createInterface({ input: proc.stdout! }).on('line', onLine);
    createInterface({ input: proc.stderr! }).on('line', onLine);
    proc.once('error', (error) => finish(new BenchError(`${name} could not be started: ${error.message}`)));
    void child.exited.then(() => {
      const how = child.exit?.signal ? `signal ${child.exit.signal}` : `code ${child.exit?.code}`;
      finish(new BenchError(`${name} exited (${how}) before it was listening${report()}`));
    });
  });
}

/** Clock ticks per second of /proc's CPU times (getconf CLK_TCK; 100 on Linux). */
let ticksPerSecond: number | null = null;

/** The CPU time (user + system, ms) a child process has used so far, from /proc/<pid>/stat. */
export async function cpuMs(child: Child): Promise<number> {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const stat = await readFile(`/proc/${child.proc.pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; fields 14 and 15 (utime, stime) count from after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
}

export function assertAlive(child: Child) {
  if (child.exit) {
    throw new BenchError(
      `${child.name} exited during the benchmark (code ${child.exit.code}, signal ${child.exit.signal})\n${child.tail.join('\n')}`,
    );
  }
}

/** The caller's environment less every OptiStok setting, so only what we pass reaches a child. */
export function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(envSchema.shape)) delete env[key];
  return { ...env, ...settings };
}

export interface DataSettings {
  DATA_DIR: string;
  DATABASE_URL?: string;
}

/** The environment of the production server. */
/** The demo accounts' password on the bench's servers (Lighthouse signs a demo member in with it). */
export const BENCH_DEMO_PASSWORD = 'Bench-Demo-2026!';

export function serverEnv(port: number, settings: DataSettings): NodeJS.ProcessEnv {
  return childEnv({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // The global per-address flood guard would answer 429 to a load test from one address.
    RATE_LIMIT_MAX: '100000000',
    // The trading buyers sign in from their own X-Forwarded-For address (the sign-in limit counts
    // per address); only a proxy on loopback, i.e. this script, is believed.
    TRUST_PROXY: '127.0.0.1',
    SEED_DEMO_DATA: 'true',
    DEMO_PASSWORD: BENCH_DEMO_PASSWORD,
    WEB_DIST_DIR: path.join(buildDir, 'web'),
    ...settings,
  });
}

/** Loads the generated marketplace into the round's database (before the server opens it). */
export function generateListings(kind: DbKind, listings: number, settings: DataSettings): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = [
      '--import',
      'tsx',
      generatorEntry,
      '--listings',
      String(listings),
      '--products',
      String(Math.max(100, Math.round(listings / 20))),
    ];
    console.error(`[bench] loading ${listings.toLocaleString('en-US')} listings into ${dbLabel[kind]}`);
    const proc = spawn(process.execPath, args, {
      cwd: root,
      env: childEnv({ ...settings }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const child: Child = { name: 'generate-listings', proc, exit: null, tail: [], exited: Promise.resolve() };
    child.exited = new Promise((done) => {
      proc.once('exit', (code, signal) => {
        child.exit = { code, signal };
        done();
      });
    });
    children.add(child);
    createInterface({ input: proc.stderr! }).on('line', (line) => {
      // The generator redraws its progress with carriage returns; keep the last state of each line.
      const last = line.split('\r').at(-1) ?? '';
      child.tail.push(last);
      if (child.tail.length > 20) child.tail.shift();
    });
    const timer = setTimeout(() => proc.kill('SIGTERM'), GENERATE_TIMEOUT_MS);
    proc.once('error', (error) => reject(new BenchError(`the generator could not be started: ${error.message}`)));
    void child.exited.then(() => {
      clearTimeout(timer);
      children.delete(child);
      if (child.exit?.code === 0) {
        console.error(`[bench] ${child.tail.at(-1) ?? 'loaded'}`);
        resolve();
      } else {
        reject(
          new BenchError(
            `the generator failed (code ${child.exit?.code}, signal ${child.exit?.signal})\n${child.tail.join('\n')}`,
          ),
        );
      }
    });
  });
}
