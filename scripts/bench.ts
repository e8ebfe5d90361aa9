/**
 * HTTP benchmark of the production server (`npm run bench`, after `npm run build`).
 *
 * For each database kind (PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set) it loads a
 * generated marketplace (scripts/generate-listings.ts: 100,000 listings by default), starts
 * `node <BUILD_DIR>/server/main.js` in a child process on a free loopback port and loads, with
 * autocannon, first a bare Fastify server (scripts/bench-baseline.ts, also a child process), then
 * GET /api/health and GET /api/stats (100 connections), then the baseline again and the
 * marketplace: search with a mix of queries, category pages and category counts (50 connections);
 * on PostgreSQL also the search mix while listings keep changing, which defeats the result caches.
 * Each baseline is measured right before the targets it is compared with, so the ratios compare
 * figures taken under the same conditions.
 *
 * Then Lighthouse 13 (mobile preset, Debian's chromium at CHROME_PATH, default /usr/bin/chromium) on the
 * landing, search, category and product pages of the PGlite round's server: performance score, LCP,
 * TBT and CLS. `--lighthouse-only` skips the load tests and the generated data and measures those
 * pages on a server with the demo data only (a minute instead of half an hour).
 *
 * Usage: tsx scripts/bench.ts [--out <file.md>] [--lighthouse-only]
 *   BUILD_DIR=<folder>         the build to run (default dist), as built by `BUILD_DIR=<folder> npm run build`
 *   BENCH_DURATION=<seconds>   seconds per measured run (default 10; each run has a 1 s warm-up)
 *   BENCH_LISTINGS=<n>         listings to generate (default 100000; products are a twentieth of it)
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
import { chromiumPath, lighthouseChromeFlags } from '../e2e/support/chromium.ts';
import { completeEan13 } from '../src/shared/barcode.ts';
import { envSchema } from '../src/server/env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.resolve(root, process.env.BUILD_DIR?.trim() || 'dist');
const serverEntry = path.join(buildDir, 'server', 'main.js');
const baselineEntry = path.join(root, 'scripts', 'bench-baseline.ts');
const generatorEntry = path.join(root, 'scripts', 'generate-listings.ts');

const CONNECTIONS = 100;
const MARKETPLACE_CONNECTIONS = 50;
const PIPELINING = 1;
const WARMUP_SECONDS = 1;
const STARTUP_TIMEOUT_MS = 60_000;
const GENERATE_TIMEOUT_MS = 15 * 60_000;
const STOP_GRACE_MS = 10_000;
const TARGET_PERCENT = 25;
const SEARCH_TARGET_P95_MS = 50;
/** Listing updates per second while "search while listings change" is measured (PostgreSQL). */
const WRITES_PER_SECOND = 100;

/**
 * The search mix: brand, brand + model, model family, Turkish category words, a typo; a barcode of
 * the generated catalogue (its first product's) is added to it.
 */
const searchQueries = [
  'rayban',
  'ray-ban rb2140',
  'oakley holbrook',
  'akuvue',
  'varilux',
  'güneş gözlüğü kadın',
  'biofinity',
  'silhouette titan',
  'gozluk zinciri',
];
const categoryPages = [
  'category=gozluk',
  'category=gunes-gozlugu&sub=kadin',
  'category=lens&sub=kontakt',
  'category=aksesuar&page=2',
];
/** At most this many output lines of a child are echoed; the rest is only kept for error reports. */
const ECHO_LINES_PER_CHILD = 30;

type DbKind = 'pglite' | 'postgres';
const dbLabel: Record<DbKind, string> = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' };

/** What one measured run gave: autocannon's summary and our own latency percentiles (autocannon has no p95). */
interface Measurement {
  result: autocannon.Result;
  p50: number;
  p95: number;
  p99: number;
}

interface Row extends Measurement {
  database: DbKind;
  endpoint: string;
  connections: number;
  /** Requests/s as a percentage of the baseline's measured before it in the same round. */
  ratio: number;
}

class BenchError extends Error {}

// ---------------------------------------------------------------------------------------------
// Settings

function parseArgs(argv: string[]): { out: string | null; lighthouseOnly: boolean } {
  let out: string | null = null;
  let lighthouseOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--lighthouse-only') {
      lighthouseOnly = true;
    } else if (arg === '--out') {
      const value = argv[i + 1];
      if (!value) throw new BenchError('--out needs a file path');
      out = value;
      i++;
    } else if (arg.startsWith('--out=')) {
      out = arg.slice('--out='.length);
      if (!out) throw new BenchError('--out needs a file path');
    } else {
      throw new BenchError(
        `unknown argument: ${arg} (usage: tsx scripts/bench.ts [--out <file.md>] [--lighthouse-only])`,
      );
    }
  }
  return { out: out ? path.resolve(out) : null, lighthouseOnly };
}

function readListingCount(): number {
  const raw = process.env.BENCH_LISTINGS?.trim();
  if (!raw) return 100_000;
  const listings = Number(raw);
  if (!Number.isInteger(listings) || listings < 1000 || listings > 2_000_000) {
    throw new BenchError(`BENCH_LISTINGS must be a whole number between 1000 and 2000000, got "${raw}"`);
  }
  return listings;
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
async function stopChild(child: Child): Promise<void> {
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

function assertAlive(child: Child) {
  if (child.exit) {
    throw new BenchError(
      `${child.name} exited during the benchmark (code ${child.exit.code}, signal ${child.exit.signal})\n${child.tail.join('\n')}`,
    );
  }
}

/** The caller's environment less every OptiStok setting, so only what we pass reaches a child. */
function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(envSchema.shape)) delete env[key];
  return { ...env, ...settings };
}

interface DataSettings {
  DATA_DIR: string;
  DATABASE_URL?: string;
}

/** The environment of the production server. */
function serverEnv(port: number, settings: DataSettings): NodeJS.ProcessEnv {
  return childEnv({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    // The global per-address flood guard would answer 429 to a load test from one address.
    RATE_LIMIT_MAX: '100000000',
    SEED_DEMO_DATA: 'true',
    WEB_DIST_DIR: path.join(buildDir, 'web'),
    ...settings,
  });
}

/** Loads the generated marketplace into the round's database (before the server opens it). */
function generateListings(kind: DbKind, listings: number, settings: DataSettings): Promise<void> {
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

// ---------------------------------------------------------------------------------------------
// Load

interface Target {
  endpoint: string;
  origin: string;
  /** Paths requested in turn by every connection. */
  paths: string[];
  connections: number;
  /** The database /api/health must report; null for other targets. */
  healthKind: DbKind | null;
  isBaseline: boolean;
  /** Keep changing listings while this target is measured (PostgreSQL only). */
  withWrites?: boolean;
}

/** The value below which `fraction` of the sorted values lie (nearest rank). */
function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

function load(target: Target, seconds: number): Promise<Measurement> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: target.origin,
        connections: target.connections,
        pipelining: PIPELINING,
        duration: seconds,
        requests: target.paths.map((p) => ({ method: 'GET', path: p })),
      },
      (error, result) => {
        clearTimeout(guard);
        currentLoad = null;
        if (error) return reject(error instanceof Error ? error : new BenchError(String(error)));
        const sorted = Float64Array.from(latencies).sort();
        resolve({ result, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), p99: percentile(sorted, 0.99) });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
    currentLoad = instance;
    // autocannon stops by itself after `duration`; this only bounds a run that would not.
    const guard = setTimeout(() => instance.stop(), (seconds + 30) * 1000);
  });
}

/** One request per path before loading it: the route must answer 200, on the expected database. */
async function checkTarget(target: Target): Promise<void> {
  for (const p of target.paths) {
    const url = `${target.origin}${p}`;
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    const body = await res.text();
    if (res.status !== 200) throw new BenchError(`GET ${url} answered ${res.status}: ${body.slice(0, 300)}`);
    if (target.healthKind) {
      const health = JSON.parse(body) as { status?: string; database?: { kind?: string } };
      if (health.database?.kind !== target.healthKind || health.status !== 'ok') {
        throw new BenchError(`GET ${url} reports ${body.slice(0, 300)}; expected status ok on ${target.healthKind}`);
      }
    }
  }
}

/**
 * Updates listings one after another, WRITES_PER_SECOND a second, until stopped: each update moves
 * the marketplace version, so the servers' result caches keep missing.
 */
function startWriter(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  let running = true;
  let writes = 0;
  const done = (async () => {
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        `select id from listings where status = 'Aktif' order by id limit 1000`,
      );
      const started = performance.now();
      while (running) {
        await client.query(`update listings set updated_at = now() where id = $1`, [rows[writes % rows.length].id]);
        writes++;
        const due = started + (writes * 1000) / WRITES_PER_SECOND;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    } finally {
      await client.end();
    }
  })();
  return {
    async stop(): Promise<number> {
      running = false;
      await done;
      return writes;
    },
  };
}

async function measure(
  database: DbKind,
  target: Target,
  seconds: number,
  watch: Child[],
  databaseUrl: string | undefined,
): Promise<Measurement> {
  console.error(
    `[bench] ${dbLabel[database]}: ${target.endpoint} — ${target.connections} connections, warm-up ${WARMUP_SECONDS} s, then ${seconds} s`,
  );
  const writer = target.withWrites && databaseUrl ? startWriter(databaseUrl) : null;
  try {
    await load(target, WARMUP_SECONDS);
    const measurement = await load(target, seconds);
    for (const child of watch) assertAlive(child);
    const { result } = measurement;
    console.error(
      `[bench]   ${Math.round(result.requests.average)} req/s, p50 ${fmtMs(measurement.p50)} ms, p95 ${fmtMs(measurement.p95)} ms, p99 ${fmtMs(measurement.p99)} ms, ` +
        `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    return measurement;
  } finally {
    if (writer) console.error(`[bench]   ${await writer.stop()} listing updates during the run`);
  }
}

async function runRound(
  kind: DbKind,
  baseline: { child: Child; url: string },
  options: { seconds: number; listings: number; postgresAdminUrl: URL | null },
): Promise<{ rows: Row[]; lighthouse: LighthouseRow[] | null }> {
  const { seconds, listings, postgresAdminUrl } = options;
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
  const settings: DataSettings = {
    DATA_DIR: path.join(dataParent, 'data'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  await generateListings(kind, listings, settings);

  const port = await freeLoopbackPort();
  console.error(`[bench] starting the production server on ${dbLabel[kind]} (port ${port})`);
  const server = await startChild(
    `optistok-${kind}`,
    [serverEntry],
    serverEnv(port, settings),
    /OptiStok is running at/,
  );
  const origin = `http://127.0.0.1:${port}`;
  const baselineUrl = new URL(baseline.url);
  const search = (query: string) => `/api/marketplace/listings?q=${encodeURIComponent(query)}`;
  const searchPaths = [...searchQueries, completeEan13(`29${'1'.padStart(10, '0')}`)].map(search);
  const base = { origin, healthKind: null, isBaseline: false };
  const baselineTarget = (connections: number): Target => ({
    endpoint: 'baseline GET /baseline',
    origin: baselineUrl.origin,
    paths: [baselineUrl.pathname],
    connections,
    healthKind: null,
    isBaseline: true,
  });
  const targets: Target[] = [
    baselineTarget(CONNECTIONS),
    { ...base, endpoint: 'GET /api/health', paths: ['/api/health'], connections: CONNECTIONS, healthKind: kind },
    { ...base, endpoint: 'GET /api/stats', paths: ['/api/stats'], connections: CONNECTIONS },
    baselineTarget(MARKETPLACE_CONNECTIONS),
    {
      ...base,
      endpoint: `search: ${searchPaths.length} queries in turn`,
      paths: searchPaths,
      connections: MARKETPLACE_CONNECTIONS,
    },
    {
      ...base,
      endpoint: `category pages: ${categoryPages.length} in turn`,
      paths: categoryPages.map((query) => `/api/marketplace/listings?${query}`),
      connections: MARKETPLACE_CONNECTIONS,
    },
    {
      ...base,
      endpoint: 'GET /api/marketplace/categories',
      paths: ['/api/marketplace/categories'],
      connections: MARKETPLACE_CONNECTIONS,
    },
  ];
  if (databaseUrl) {
    targets.push({
      ...base,
      endpoint: `search while ${WRITES_PER_SECOND} listings/s change`,
      paths: searchPaths,
      connections: MARKETPLACE_CONNECTIONS,
      withWrites: true,
    });
  }
  for (const target of targets) await checkTarget(target);

  const rows: Row[] = [];
  let baselineRps = 0;
  for (const target of targets) {
    const measurement = await measure(kind, target, seconds, [baseline.child, server], databaseUrl);
    if (target.isBaseline) baselineRps = measurement.result.requests.average;
    rows.push({
      ...measurement,
      database: kind,
      endpoint: target.endpoint,
      connections: target.connections,
      ratio: baselineRps > 0 ? (measurement.result.requests.average / baselineRps) * 100 : 0,
    });
  }

  // The pages as a phone sees them, on the PGlite round's server (the default deployment).
  const lighthouse = kind === 'pglite' ? await measureLighthouse(origin) : null;
  await stopChild(server);
  return { rows, lighthouse };
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

const lighthouseBin = path.join(root, 'node_modules', '.bin', 'lighthouse');
const LIGHTHOUSE_TIMEOUT_MS = 180_000;
const LIGHTHOUSE_TARGET_SCORE = 90;

interface LighthouseRow {
  page: string;
  path: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

interface LighthouseJson {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
}

function runLighthouse(url: string): Promise<LighthouseJson> {
  return new Promise((resolve, reject) => {
    const args = [
      url,
      `--chrome-flags=${lighthouseChromeFlags}`,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
    ];
    const proc = spawn(lighthouseBin, args, {
      cwd: root,
      env: { ...process.env, CHROME_PATH: chromiumPath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const timer = setTimeout(() => proc.kill('SIGKILL'), LIGHTHOUSE_TIMEOUT_MS);
    proc.once('error', (error) => reject(new BenchError(`lighthouse could not be started: ${error.message}`)));
    proc.once('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new BenchError(`lighthouse failed on ${url} (code ${code})\n${err.slice(-2000)}`));
      try {
        resolve(JSON.parse(out) as LighthouseJson);
      } catch {
        reject(new BenchError(`lighthouse printed no report for ${url}\n${err.slice(-2000)}`));
      }
    });
  });
}

/** The four public pages a phone visitor lands on, one after the other (never in parallel: they would slow each other). */
async function measureLighthouse(origin: string): Promise<LighthouseRow[]> {
  const search = (await (await fetch(`${origin}/api/marketplace/listings?q=rayban`)).json()) as {
    items: { productId: string }[];
  };
  const productId = search.items[0]?.productId;
  if (!productId) throw new BenchError('no listing for "rayban" to open a product page with');
  const pages: [string, string][] = [
    ['landing', '/'],
    ['search', '/arama?q=rayban'],
    ['category', '/kategori/gunes-gozlugu'],
    ['product', `/urun/${productId}`],
  ];
  const rows: LighthouseRow[] = [];
  for (const [page, pagePath] of pages) {
    console.error(`[bench] Lighthouse (mobile): ${page} ${pagePath}`);
    // Lighthouse sometimes loses the trace of a load (NO_NAVSTART) on a busy machine: one more try.
    const report = await runLighthouse(origin + pagePath).catch((error: unknown) => {
      console.error(`[bench]   ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; trying again`);
      return runLighthouse(origin + pagePath);
    });
    const row = {
      page,
      path: pagePath.replace(productId, ':id'),
      score: Math.round(report.categories.performance.score * 100),
      lcpMs: report.audits['largest-contentful-paint'].numericValue,
      tbtMs: report.audits['total-blocking-time'].numericValue,
      cls: report.audits['cumulative-layout-shift'].numericValue,
    };
    console.error(
      `[bench]   performance ${row.score}, LCP ${fmtInt(row.lcpMs)} ms, TBT ${fmtInt(row.tbtMs)} ms, CLS ${row.cls.toFixed(3)}`,
    );
    rows.push(row);
  }
  return rows;
}

function lighthouseReport(rows: LighthouseRow[]): string {
  const lines = [
    'Lighthouse 13, mobile preset (simulated throttling), Debian chromium; demo data plus any generated listings.',
    '',
    '| page | path | performance | LCP ms | TBT ms | CLS |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.page} | \`${r.path}\` | ${r.score} | ${fmtInt(r.lcpMs)} | ${fmtInt(r.tbtMs)} | ${r.cls.toFixed(3)} |`,
    ),
    '',
  ];
  const below = rows.filter((r) => r.score < LIGHTHOUSE_TARGET_SCORE);
  lines.push(
    `Target — performance ≥ ${LIGHTHOUSE_TARGET_SCORE} on every page: **${below.length ? 'does NOT hold' : 'holds'}**` +
      (below.length ? ` (${below.map((r) => `${r.page} ${r.score}`).join(', ')}).` : '.'),
  );
  return `${lines.join('\n')}\n`;
}

/** Lighthouse only: the production server on a fresh PGlite folder with the demo data. */
async function runLighthouseOnly(): Promise<string> {
  const dataParent = await mkdtemp(path.join(os.tmpdir(), 'optistok-bench-'));
  tempDirs.add(dataParent);
  const port = await freeLoopbackPort();
  console.error(`[bench] starting the production server with the demo data (port ${port})`);
  const server = await startChild(
    'optistok-lighthouse',
    [serverEntry],
    serverEnv(port, { DATA_DIR: path.join(dataParent, 'data') }),
    /OptiStok is running at/,
  );
  const rows = await measureLighthouse(`http://127.0.0.1:${port}`);
  await stopChild(server);
  return lighthouseReport(rows);
}

// ---------------------------------------------------------------------------------------------
// Report

const isFlagged = (r: autocannon.Result) => r.non2xx > 0 || r.errors > 0 || r.timeouts > 0;
const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));

/** When and where the figures were taken. */
function runLines(): string[] {
  const cpus = os.cpus();
  const cpuModel = cpus[0]?.model.trim().replace(/\s+/g, ' ') ?? 'unknown CPU';
  return [
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: ${cpuModel}, ${cpus.length} cores; Node ${process.version}; ${os.platform()} ${os.arch()}`,
  ];
}

function report(
  rows: Row[],
  options: { seconds: number; listings: number; postgresRan: boolean },
): { markdown: string; flagged: Row[] } {
  const { seconds, listings, postgresRan } = options;
  const lines = runLines();
  lines.push(
    `- Data: ${fmtInt(listings)} generated listings of ${fmtInt(Math.max(100, Math.round(listings / 20)))} catalogue products and 500 sellers, plus the demo data.`,
  );
  lines.push(
    `- Load: autocannon, pipelining ${PIPELINING}, ${seconds} s per endpoint after a ${WARMUP_SECONDS} s warm-up ` +
      `(not recorded); load generator, servers and database share this machine. Visitors (no session).`,
  );
  lines.push('');
  lines.push(
    '| database | endpoint | connections | requests/s (avg) | p50 ms | p95 ms | p99 ms | non-2xx | errors | % of baseline req/s |',
  );
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    const r = row.result;
    const flag = isFlagged(r) ? ' ⚠' : '';
    lines.push(
      `| ${dbLabel[row.database]} | ${row.endpoint}${flag} | ${row.connections} | ${fmtInt(r.requests.average)} | ${fmtMs(row.p50)} | ${fmtMs(row.p95)} | ${fmtMs(row.p99)} | ` +
        `${fmtInt(r.non2xx)} | ${fmtInt(r.errors)} | ${row.ratio.toFixed(0)} % |`,
    );
  }
  lines.push('');

  const flagged = rows.filter((row) => isFlagged(row.result));
  if (flagged.length) {
    const list = flagged.map(
      (row) =>
        `${dbLabel[row.database]} ${row.endpoint} (non-2xx ${row.result.non2xx}, errors ${row.result.errors}, timeouts ${row.result.timeouts})`,
    );
    lines.push(
      `⚠ Flagged runs — they had non-2xx responses, errors or timeouts, so their figures are not valid: ${list.join('; ')}.`,
    );
    lines.push('');
  }

  const postgresRow = (prefix: string) =>
    rows.find((row) => row.database === 'postgres' && row.endpoint.startsWith(prefix));
  const statsText = `statistics endpoint on PostgreSQL ≥ ${TARGET_PERCENT} % of baseline requests/s`;
  const searchText = `search on PostgreSQL p95 ≤ ${SEARCH_TARGET_P95_MS} ms at ${MARKETPLACE_CONNECTIONS} connections`;
  if (!postgresRan) {
    for (const text of [statsText, searchText])
      lines.push(`Target — ${text}: not evaluated (BENCH_DATABASE_URL was not set, so PostgreSQL was not measured).`);
  } else {
    const stats = postgresRow('GET /api/stats');
    const base = postgresRow('baseline');
    if (!stats || !base) {
      lines.push(`Target — ${statsText}: not evaluated (missing measurement).`);
    } else {
      const figures = `GET /api/stats ${fmtInt(stats.result.requests.average)} req/s = ${stats.ratio.toFixed(0)} % of the baseline's ${fmtInt(base.result.requests.average)} req/s`;
      const verdict =
        isFlagged(stats.result) || isFlagged(base.result)
          ? 'not confirmed (run flagged)'
          : stats.ratio >= TARGET_PERCENT
            ? 'holds'
            : 'does NOT hold';
      lines.push(`Target — ${statsText}: **${verdict}** (${figures}).`);
    }
    const searchRow = postgresRow('search:');
    if (!searchRow) {
      lines.push(`Target — ${searchText}: not evaluated (missing measurement).`);
    } else {
      const verdict = isFlagged(searchRow.result)
        ? 'not confirmed (run flagged)'
        : searchRow.p95 <= SEARCH_TARGET_P95_MS
          ? 'holds'
          : 'does NOT hold';
      lines.push(
        `Target — ${searchText}: **${verdict}** (p95 ${fmtMs(searchRow.p95)} ms at ${fmtInt(searchRow.result.requests.average)} req/s).`,
      );
    }
  }
  return { markdown: `${lines.join('\n')}\n`, flagged };
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<number> {
  const { out, lighthouseOnly } = parseArgs(process.argv.slice(2));
  const seconds = readDuration();
  const listings = readListingCount();
  const postgresUrl = readPostgresUrl();
  if (!existsSync(serverEntry)) {
    throw new BenchError(
      `${path.relative(root, serverEntry)} is missing: build it first (npx tsx scripts/build-server.ts, or npm run build, with the same BUILD_DIR)`,
    );
  }
  if (lighthouseOnly) {
    const markdown = `${runLines().join('\n')}\n\n${await runLighthouseOnly()}`;
    process.stdout.write(`\n${markdown}`);
    if (out) {
      await mkdir(path.dirname(out), { recursive: true });
      await writeFile(out, markdown);
    }
    return 0;
  }
  if (postgresUrl) await checkPostgres(postgresUrl);

  const baselinePort = await freeLoopbackPort();
  console.error(`[bench] starting the baseline Fastify server (port ${baselinePort})`);
  const baselineChild = await startChild(
    'baseline',
    ['--import', 'tsx', baselineEntry, String(baselinePort)],
    { ...process.env },
    /Baseline is running at/,
  );
  const baseline = { child: baselineChild, url: `http://127.0.0.1:${baselinePort}/baseline` };

  const kinds: DbKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  const rows: Row[] = [];
  let lighthouse: LighthouseRow[] | null = null;
  for (const kind of kinds) {
    const round = await runRound(kind, baseline, { seconds, listings, postgresAdminUrl: postgresUrl });
    rows.push(...round.rows);
    lighthouse ??= round.lighthouse;
  }
  await stopChild(baselineChild);

  const loadReport = report(rows, { seconds, listings, postgresRan: Boolean(postgresUrl) });
  const { flagged } = loadReport;
  const markdown = lighthouse ? `${loadReport.markdown}\n${lighthouseReport(lighthouse)}` : loadReport.markdown;
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
  if (!interrupted)
    console.error(
      `[bench] failed: ${error instanceof Error ? (error instanceof BenchError ? error.message : error.stack) : String(error)}`,
    );
  exitCode = 1;
} finally {
  if (!(await cleanup())) exitCode = 1;
}
process.exit(interrupted ? 130 : exitCode);
