/**
 * HTTP benchmark of the production server (`npm run bench`, after `npm run build`).
 *
 * For each database kind (PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set) it starts
 * `node dist/server/main.js` in a child process on a free loopback port and loads, with autocannon,
 * first a bare Fastify server (scripts/bench-baseline.ts, also a child process), then
 * GET /api/health and GET /api/stats. The baseline is measured right before the targets of each
 * kind, so the ratios compare figures taken under the same conditions.
 *
 * Usage: tsx scripts/bench.ts [--out <file.md>]
 *   BENCH_DURATION=<seconds>   seconds per measured run (default 10; each run has a 1 s warm-up)
 *   BENCH_DATABASE_URL=<url>   a loopback PostgreSQL server; a fresh database is created on it
 *                              for the run and dropped afterwards
 *
 * The Markdown report goes to stdout (and to --out); progress goes to stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { envSchema } from '../src/server/env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'dist', 'server', 'main.js');
const baselineEntry = path.join(root, 'scripts', 'bench-baseline.ts');

const CONNECTIONS = 100;
const PIPELINING = 1;
const WARMUP_SECONDS = 1;
const STARTUP_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
const TARGET_PERCENT = 25;
/** At most this many output lines of a child are echoed; the rest is only kept for error reports. */
const ECHO_LINES_PER_CHILD = 30;

type DbKind = 'pglite' | 'postgres';
const dbLabel: Record<DbKind, string> = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' };

interface Row {
  database: DbKind;
  endpoint: string;
  result: autocannon.Result;
  /** Requests/s as a percentage of the baseline's in the same round. */
  ratio: number;
}

class BenchError extends Error {}

// ---------------------------------------------------------------------------------------------
// Settings

function parseArgs(argv: string[]): { out: string | null } {
  let out: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--out') {
      const value = argv[i + 1];
      if (!value) throw new BenchError('--out needs a file path');
      out = value;
      i++;
    } else if (arg.startsWith('--out=')) {
      out = arg.slice('--out='.length);
      if (!out) throw new BenchError('--out needs a file path');
    } else {
      throw new BenchError(`unknown argument: ${arg} (usage: tsx scripts/bench.ts [--out <file.md>])`);
    }
  }
  return { out: out ? path.resolve(out) : null };
}

function readDuration(): number {
  const raw = process.env.BENCH_DURATION?.trim();
  if (!raw) return 10;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) {
    throw new BenchError(`BENCH_DURATION must be a number of seconds between 1 and 600, got "${raw}"`);
  }
  return seconds;
}

const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/** The PostgreSQL server of the second round; only a loopback one (or a local socket) is accepted. */
function readPostgresUrl(): URL | null {
  const raw = process.env.BENCH_DATABASE_URL?.trim();
  if (!raw) return null;
  if (!URL.canParse(raw)) throw new BenchError('BENCH_DATABASE_URL is not a URL');
  const url = new URL(raw);
  if (!/^postgres(ql)?:$/.test(url.protocol)) throw new BenchError('BENCH_DATABASE_URL must be a postgres:// URL');
  const socketHost = url.searchParams.get('host');
  const local = url.hostname ? isLoopbackHost(url.hostname) : Boolean(socketHost?.startsWith('/'));
  if (!local || (socketHost && !socketHost.startsWith('/') && !isLoopbackHost(socketHost))) {
    throw new BenchError('BENCH_DATABASE_URL must point at a PostgreSQL server on this machine (loopback address)');
  }
  return url;
}

// ---------------------------------------------------------------------------------------------
// Resources that must always be released

interface Child {
  name: string;
  proc: ChildProcess;
  exited: Promise<void>;
  exit: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The last lines the child printed, for error reports. */
  tail: string[];
}

const children = new Set<Child>();
const databases = new Set<{ adminUrl: URL; name: string }>();
const tempDirs = new Set<string>();
let currentLoad: autocannon.Instance | null = null;

/** Resolves true if the promise settled within ms, false otherwise. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const, () => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** SIGTERM, then SIGKILL if the child is still there after the grace period. */
async function stopChild(child: Child): Promise<void> {
  if (!child.exit) {
    child.proc.kill('SIGTERM');
    if (!(await settlesWithin(child.exited, STOP_GRACE_MS))) {
      console.error(`[bench] ${child.name} did not stop within ${STOP_GRACE_MS / 1000} s; sending SIGKILL`);
      child.proc.kill('SIGKILL');
      if (!(await settlesWithin(child.exited, 5_000))) throw new BenchError(`${child.name} (pid ${child.proc.pid}) could not be stopped`);
    }
  }
  children.delete(child);
}

function adminClient(url: URL): pg.Client {
  return new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
}

async function dropDatabase(adminUrl: URL, name: string): Promise<void> {
  const client = adminClient(adminUrl);
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Fails fast, before any load, when the PostgreSQL server of the second round cannot be reached. */
async function checkPostgres(url: URL): Promise<void> {
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

let cleanupRun: Promise<boolean> | null = null;

/** Stops every child, drops every bench database, removes every temp folder; true if all went well. */
function cleanup(): Promise<boolean> {
  cleanupRun ??= (async () => {
    let ok = true;
    const fail = (what: string, error: unknown) => {
      ok = false;
      console.error(`[bench] cleanup: ${what}: ${error instanceof Error ? error.message : String(error)}`);
    };
    currentLoad?.stop();
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

function freeLoopbackPort(): Promise<number> {
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
function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Child> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
      () => finish(new BenchError(`${name} did not report that it is listening within ${STARTUP_TIMEOUT_MS / 1000} s${report()}`)),
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

function assertAlive(child: Child) {
  if (child.exit) {
    throw new BenchError(`${child.name} exited during the benchmark (code ${child.exit.code}, signal ${child.exit.signal})\n${child.tail.join('\n')}`);
  }
}

/** The environment of the production server: the caller's, less every OptiStok setting, plus ours. */
function serverEnv(port: number, settings: { DATA_DIR: string; DATABASE_URL?: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(envSchema.shape)) delete env[key];
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // The global per-address flood guard would answer 429 to a load test from one address.
    RATE_LIMIT_MAX: '100000000',
    SEED_DEMO_DATA: 'true',
    ...settings,
  };
}

// ---------------------------------------------------------------------------------------------
// Load

function load(url: string, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, pipelining: PIPELINING, duration: seconds }, (error, result) => {
      clearTimeout(guard);
      currentLoad = null;
      if (error) reject(error instanceof Error ? error : new BenchError(String(error)));
      else resolve(result);
    });
    currentLoad = instance;
    // autocannon stops by itself after `duration`; this only bounds a run that would not.
    const guard = setTimeout(() => instance.stop(), (seconds + 30) * 1000);
  });
}

/** One request per URL before loading it: the route must answer 200, on the expected database. */
async function checkTarget(url: string, kind: DbKind | null): Promise<void> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const body = await res.text();
  if (res.status !== 200) throw new BenchError(`GET ${url} answered ${res.status}: ${body.slice(0, 300)}`);
  if (kind && url.endsWith('/api/health')) {
    const health = JSON.parse(body) as { status?: string; database?: { kind?: string } };
    if (health.database?.kind !== kind || health.status !== 'ok') {
      throw new BenchError(`GET ${url} reports ${body.slice(0, 300)}; expected status ok on ${kind}`);
    }
  }
}

async function measure(database: DbKind, endpoint: string, url: string, seconds: number, watch: Child[]): Promise<autocannon.Result> {
  console.error(`[bench] ${dbLabel[database]}: ${endpoint} — warm-up ${WARMUP_SECONDS} s, then ${seconds} s`);
  await load(url, WARMUP_SECONDS);
  const result = await load(url, seconds);
  for (const child of watch) assertAlive(child);
  console.error(
    `[bench]   ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  return result;
}

async function runRound(kind: DbKind, baseline: { child: Child; url: string }, seconds: number, postgresAdminUrl: URL | null): Promise<Row[]> {
  const dataParent = await mkdtemp(path.join(os.tmpdir(), 'optistok-bench-'));
  tempDirs.add(dataParent);
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    if (!postgresAdminUrl) throw new BenchError('the PostgreSQL round needs BENCH_DATABASE_URL');
    const name = `optistok_bench_${randomBytes(4).toString('hex')}`;
    const client = adminClient(postgresAdminUrl);
    await client.connect();
    try {
      await client.query(`create database "${name}"`);
    } finally {
      await client.end();
    }
    databases.add({ adminUrl: postgresAdminUrl, name });
    console.error(`[bench] created database ${name}`);
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }

  const port = await freeLoopbackPort();
  const env = serverEnv(port, { DATA_DIR: path.join(dataParent, 'data'), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  console.error(`[bench] starting the production server on ${dbLabel[kind]} (port ${port})`);
  const server = await startChild(`optistok-${kind}`, [serverEntry], env, /OptiStok is running at/);
  const origin = `http://127.0.0.1:${port}`;

  const targets = [
    { endpoint: 'baseline GET /baseline', url: baseline.url, kind: null },
    { endpoint: 'GET /api/health', url: `${origin}/api/health`, kind },
    { endpoint: 'GET /api/stats', url: `${origin}/api/stats`, kind },
  ];
  for (const target of targets) await checkTarget(target.url, target.kind);

  const rows: Row[] = [];
  let baselineRps = 0;
  for (const target of targets) {
    const result = await measure(kind, target.endpoint, target.url, seconds, [baseline.child, server]);
    if (target.kind === null) baselineRps = result.requests.average;
    rows.push({ database: kind, endpoint: target.endpoint, result, ratio: baselineRps > 0 ? (result.requests.average / baselineRps) * 100 : 0 });
  }

  await stopChild(server);
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Report

const isFlagged = (r: autocannon.Result) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0;
const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

function report(rows: Row[], seconds: number, postgresRan: boolean): { markdown: string; flagged: Row[] } {
  const cpus = os.cpus();
  const cpuModel = cpus[0]?.model.trim().replace(/\s+/g, ' ') ?? 'unknown CPU';
  const lines: string[] = [];
  lines.push(`- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`);
  lines.push(`- Machine: ${cpuModel}, ${cpus.length} cores; Node ${process.version}; ${os.platform()} ${os.arch()}`);
  lines.push(
    `- Load: autocannon, ${CONNECTIONS} connections, pipelining ${PIPELINING}, ${seconds} s per endpoint after a ${WARMUP_SECONDS} s warm-up ` +
      `(not recorded); load generator, servers and database share this machine.`,
  );
  lines.push('');
  lines.push('| database | endpoint | requests/s (avg) | p50 ms | p99 ms | non-2xx | errors | % of baseline req/s |');
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    const r = row.result;
    const flag = isFlagged(r) ? ' ⚠' : '';
    lines.push(
      `| ${dbLabel[row.database]} | ${row.endpoint}${flag} | ${fmtInt(r.requests.average)} | ${fmtMs(r.latency.p50)} | ${fmtMs(r.latency.p99)} | ` +
        `${fmtInt(r.non2xx)} | ${fmtInt(r.errors)} | ${row.ratio.toFixed(0)} % |`,
    );
  }
  lines.push('');

  const flagged = rows.filter((row) => isFlagged(row.result));
  if (flagged.length) {
    const list = flagged.map((row) => `${dbLabel[row.database]} ${row.endpoint} (non-2xx ${row.result.non2xx}, errors ${row.result.errors}, timeouts ${row.result.timeouts})`);
    lines.push(`⚠ Flagged runs — they had non-2xx responses, errors or timeouts, so their figures are not valid: ${list.join('; ')}.`);
    lines.push('');
  }

  const targetText = `statistics endpoint on PostgreSQL ≥ ${TARGET_PERCENT} % of baseline requests/s`;
  if (!postgresRan) {
    lines.push(`Target — ${targetText}: not evaluated (BENCH_DATABASE_URL was not set, so PostgreSQL was not measured).`);
  } else {
    const stats = rows.find((row) => row.database === 'postgres' && row.endpoint === 'GET /api/stats');
    const base = rows.find((row) => row.database === 'postgres' && row.endpoint.startsWith('baseline'));
    if (!stats || !base) {
      lines.push(`Target — ${targetText}: not evaluated (missing measurement).`);
    } else {
      const figures = `GET /api/stats ${fmtInt(stats.result.requests.average)} req/s = ${stats.ratio.toFixed(0)} % of the baseline's ${fmtInt(base.result.requests.average)} req/s`;
      const verdict = isFlagged(stats.result) || isFlagged(base.result) ? 'not confirmed (run flagged)' : stats.ratio >= TARGET_PERCENT ? 'holds' : 'does NOT hold';
      lines.push(`Target — ${targetText}: **${verdict}** (${figures}).`);
    }
  }
  return { markdown: `${lines.join('\n')}\n`, flagged };
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<number> {
  const { out } = parseArgs(process.argv.slice(2));
  const seconds = readDuration();
  const postgresUrl = readPostgresUrl();
  if (!existsSync(serverEntry)) {
    throw new BenchError(`${path.relative(root, serverEntry)} is missing: build it first (npx tsx scripts/build-server.ts, or npm run build)`);
  }
  if (postgresUrl) await checkPostgres(postgresUrl);

  const baselinePort = await freeLoopbackPort();
  console.error(`[bench] starting the baseline Fastify server (port ${baselinePort})`);
  const baselineChild = await startChild('baseline', ['--import', 'tsx', baselineEntry, String(baselinePort)], { ...process.env }, /Baseline is running at/);
  const baseline = { child: baselineChild, url: `http://127.0.0.1:${baselinePort}/baseline` };

  const kinds: DbKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  const rows: Row[] = [];
  for (const kind of kinds) rows.push(...(await runRound(kind, baseline, seconds, postgresUrl)));
  await stopChild(baselineChild);

  const { markdown, flagged } = report(rows, seconds, Boolean(postgresUrl));
  process.stdout.write(`\n${markdown}`);
  if (out) {
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, markdown);
    console.error(`[bench] report written to ${out}`);
  }
  if (flagged.length) {
    console.error('[bench] some runs had non-2xx responses, errors or timeouts (flagged above)');
    return 1;
  }
  return 0;
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`[bench] ${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}

let exitCode: number;
try {
  exitCode = await main();
} catch (error) {
  if (!interrupted) console.error(`[bench] failed: ${error instanceof Error ? (error instanceof BenchError ? error.message : error.stack) : String(error)}`);
  exitCode = 1;
} finally {
  if (!(await cleanup())) exitCode = 1;
}
process.exit(interrupted ? 130 : exitCode);
