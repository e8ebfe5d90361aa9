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
 * On PostgreSQL, trading follows (issue 10): the baseline again, POST /api/cart/quote as signed-in
 * members (a cart of 5 lines from 3 generated sellers, 50 connections), and the checkout write path,
 * one purchase at a time per worker of a closed loop written here (autocannon cannot chain the
 * steps): POST /api/checkout with a fresh Idempotency-Key, then the sandbox bank's pages as a
 * browser goes through them (start 303, card page, card form 303, 3-D Secure page, code 123456,
 * the bank's last page) and the bank's callback (303). Its figure is completed purchases/s, set
 * against the baseline's requests/s. The buyers are created in the round's database before the
 * server starts (enough of them that none reaches the 20-checkouts-per-10-minutes limit), each
 * signs in once from its own forwarded address (the sign-in limit counts per address; the server
 * trusts X-Forwarded-For from loopback only), and the cart's listings get a stock that cannot run out.
 * Then, on PostgreSQL, the seller's panel (issue 11): the baseline again and one seller with 100,000
 * orders (scripts/bench-orders.ts writes them, with their ledger journals, in bulk before the server
 * starts): GET /api/seller/orders (first page, a deep page, the completed view) and
 * GET /api/seller/account-movements (the pending tab, the paid tab's first and a deep page), each as
 * that seller, signed in once (50 connections).
 * Then, on PostgreSQL, real time (issue 12): GET /api/notifications and a filtered page of
 * /api/notifications/page for a member with 200 notifications (50 connections), and 1,000 event
 * streams (GET /api/events, 8 tabs for each of 125 members, the per-member limit) held on the one
 * server: its RSS before and with them, and the time from the commit of one notification per
 * member (one transaction, as notify() writes them) until all 1,000 streams have their event.
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
 *   BENCH_ONLY=trading         only the PostgreSQL round's baseline, cart quote and checkout rows
 *                              (needs BENCH_DATABASE_URL; no PGlite round, no Lighthouse, no web build)
 *   BENCH_ONLY=events          only the PostgreSQL round's event streams and notifications list (needs
 *                              BENCH_DATABASE_URL; no generated listings, no PGlite round, no Lighthouse)
 *   BENCH_ONLY=orders          only the PostgreSQL round's baseline and the seller rows (orders list and
 *                              account movements at 100,000 orders; needs BENCH_DATABASE_URL); 1,000
 *                              listings unless BENCH_LISTINGS says
 *   BENCH_SERVER_NODE_ARGS=... extra node flags for the server under test, e.g.
 *                              "--cpu-prof --cpu-prof-dir=/tmp/prof" (node refuses --cpu-prof in NODE_OPTIONS)
 *
 * The Markdown report goes to stdout (and to --out); progress goes to stderr.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { chromiumPath, lighthouseChromeFlags } from '../e2e/support/chromium.ts';
import { insertBenchOrders } from './bench-orders.ts';
import { completeEan13 } from '../src/shared/barcode.ts';
import { tradingMessages } from '../src/shared/messages/trading.tr.ts';
import { openDatabase, selectRows, type Db } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { listings as listingsTable } from '../src/server/db/schema/listings.ts';
import { envSchema } from '../src/server/env.ts';
import { insertUserWithPassword } from '../src/server/features/auth/auth.repo.ts';
import { CHECKOUT_LIMIT } from '../src/server/features/checkout/checkout.routes.ts';
import { MAX_STREAMS_PER_MEMBER } from '../src/server/features/events/events.hub.ts';
import { notify } from '../src/server/features/notifications/notifications.service.ts';
import { resultPath } from '../src/server/features/payments/payments.service.ts';
import { hashPassword } from '../src/server/lib/passwords.ts';
import { readPostForm } from '../src/server/lib/payments/payment-test-helpers.ts';
import { SANDBOX_THREE_DS_CODE } from '../src/server/lib/payments/sandbox.ts';

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

/**
 * What one measured run gave: the rate, the failures and our own latency percentiles (autocannon
 * has no p95). For autocannon runs the rate is requests/s; for the purchase loop, completed purchases/s.
 */
interface Measurement {
  perSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p95: number;
  p99: number;
}

interface Row extends Measurement {
  database: DbKind;
  endpoint: string;
  connections: number;
  /** What perSecond counts: HTTP requests, or whole purchases (several requests each). */
  unit: 'requests' | 'purchases';
  /** perSecond as a percentage of the baseline's requests/s measured before it in the same round. */
  ratio: number;
  /** Purchase rows: each step's median response time. */
  steps?: string;
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

function readListingCount(fallback: number): number {
  const raw = process.env.BENCH_LISTINGS?.trim();
  if (!raw) return fallback;
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

const benchOnlyValues = ['trading', 'events', 'orders'] as const;
/** A part of the PostgreSQL round measured alone, or null for the full run. */
type BenchOnly = (typeof benchOnlyValues)[number] | null;

/** BENCH_ONLY=trading, events or orders: only that part of the PostgreSQL round (and the baseline before it). */
function readBenchOnly(): BenchOnly {
  const raw = process.env.BENCH_ONLY?.trim();
  if (!raw) return null;
  const only = benchOnlyValues.find((value) => value === raw);
  if (!only) {
    const accepted = benchOnlyValues.map((value) => `"${value}"`).join(', ');
    throw new BenchError(`BENCH_ONLY accepts only ${accepted}, got "${raw}"`);
  }
  return only;
}

/** Whether a part of the PostgreSQL round runs: always in the full run, alone with BENCH_ONLY. */
const runsPart = (only: BenchOnly, part: Exclude<BenchOnly, null>) => only === null || only === part;

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
    purchasesStopped = true;
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
    // The trading buyers sign in from their own X-Forwarded-For address (the sign-in limit counts
    // per address); only a proxy on loopback, i.e. this script, is believed.
    TRUST_PROXY: '127.0.0.1',
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

/** One request of a target; GET without a body unless told. */
interface RequestSpec {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

interface Target {
  endpoint: string;
  origin: string;
  /** Requests sent in turn by every connection. */
  requests: RequestSpec[];
  connections: number;
  /** The database /api/health must report; null for other targets. */
  healthKind: DbKind | null;
  isBaseline: boolean;
  /** Keep changing listings while this target is measured (PostgreSQL only). */
  withWrites?: boolean;
  /** Checks the body of a pre-flight 200 answer; says what is wrong, or null. */
  checkBody?: (body: string) => string | null;
}

const gets = (paths: string[]): RequestSpec[] => paths.map((p) => ({ path: p }));

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
        requests: target.requests.map((r) => ({
          method: r.method ?? 'GET',
          path: r.path,
          headers: r.headers,
          body: r.body,
        })),
      },
      (error, result) => {
        clearTimeout(guard);
        currentLoad = null;
        if (error) return reject(error instanceof Error ? error : new BenchError(String(error)));
        const sorted = Float64Array.from(latencies).sort();
        resolve({
          perSecond: result.requests.average,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          p50: percentile(sorted, 0.5),
          p95: percentile(sorted, 0.95),
          p99: percentile(sorted, 0.99),
        });
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

/** Each request once before loading it: the route must answer 200, on the expected database. */
async function checkTarget(target: Target): Promise<void> {
  for (const request of target.requests) {
    const url = `${target.origin}${request.path}`;
    const method = request.method ?? 'GET';
    const res = await fetch(url, {
      method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(30_000),
    });
    const body = await res.text();
    if (res.status !== 200) throw new BenchError(`${method} ${url} answered ${res.status}: ${body.slice(0, 300)}`);
    const problem = target.checkBody?.(body);
    if (problem) throw new BenchError(`${method} ${url}: ${problem}`);
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

function logMeasurement(m: Measurement, unit: string) {
  console.error(
    `[bench]   ${Math.round(m.perSecond)} ${unit}, p50 ${fmtMs(m.p50)} ms, p95 ${fmtMs(m.p95)} ms, p99 ${fmtMs(m.p99)} ms, ` +
      `non-2xx ${m.non2xx}, errors ${m.errors}, timeouts ${m.timeouts}`,
  );
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
    logMeasurement(measurement, 'req/s');
    return measurement;
  } finally {
    if (writer) console.error(`[bench]   ${await writer.stop()} listing updates during the run`);
  }
}

// ---------------------------------------------------------------------------------------------
// Trading (PostgreSQL): the cart quote and the checkout write path

/** Closed-loop workers of the purchase run: each buys, waits for its purchase to end, buys again. */
const PURCHASE_WORKERS = 20;
/** More purchases/s than this machine serves; the buyers are counted from it so none hits the checkout limit. */
const PURCHASE_RATE_CEILING = 400;
const MIN_BUYERS = 200;
/** Members whose sessions the quote load rotates over. */
const QUOTE_BUYERS = 20;
const SIGN_IN_CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 30_000;
const QUOTE_TARGET_PERCENT = 25;
const CHECKOUT_TARGET_PERCENT = 5;
/** HTTP requests of one purchase (see purchase()). */
const REQUESTS_PER_PURCHASE = 7;
const BUYER_EMAIL_DOMAIN = 'alici.bench.optistok.local';
const BUYER_PASSWORD = 'Bench-Alici-2026!';
/** A stock the run cannot exhaust (each purchase takes one of every cart line). */
const CART_STOCK = 10_000_000;
/** The bank's pages are another site in real life: its callback post comes from there, without our cookie. */
const BANK_ORIGIN = 'https://bank.example';
const successCard = { cardHolder: 'Ayşe Yılmaz', cardNumber: '5528790000000008', expiry: '12/30', cvc: '123' };
const deliveryAddress = {
  full_name: 'Ayşe Yılmaz',
  address: 'Bağdat Caddesi No: 12 D: 3',
  city: 'İstanbul',
  district: 'Kadıköy',
  postal_code: '34710',
  phone: '0532 111 22 33',
};

interface Buyer {
  id: string;
  email: string;
  /** The address the buyer signs in from (X-Forwarded-For), so the per-address sign-in limit is not shared. */
  forwardedFor: string;
  /** The session's cookie header, once signed in. */
  cookie: string;
  /** Checkouts started so far in this run (the product allows CHECKOUT_LIMIT.max per window). */
  checkouts: number;
}

interface TradingPlan {
  buyers: Buyer[];
  lines: { listingId: string; quantity: number }[];
  sellers: number;
  /** Round-robin position of the next buyer. */
  next: number;
}

interface PurchaseTarget {
  endpoint: string;
  origin: string;
  workers: number;
  plan: TradingPlan;
  /** The checkout body, priced by a quote before the run (prices do not change during it). */
  checkoutBody: string;
}

type Step = Target | PurchaseTarget;
const isPurchaseTarget = (step: Step): step is PurchaseTarget => 'plan' in step;

/** Enough buyers that none starts more checkouts than the per-member limit allows within its window. */
function buyerCountFor(seconds: number): number {
  // The pre-flight purchase, the warm-up and the run; the quote load starts no checkout.
  const purchases = PURCHASE_RATE_CEILING * (seconds + WARMUP_SECONDS + 1);
  return Math.max(MIN_BUYERS, Math.ceil(purchases / CHECKOUT_LIMIT.max));
}

/**
 * Writes the buyers (as the generator writes sellers, but with a password, through the auth repo)
 * and picks the cart: 2 + 2 + 1 active listings of 3 generated sellers, sold by the unit, whose stock
 * is then raised so the run cannot sell out. Runs before the server starts.
 */
async function prepareTrading(databaseUrl: string, buyerCount: number): Promise<TradingPlan> {
  console.error(`[bench] creating ${buyerCount} buyers and the trading cart`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const passwordHash = await hashPassword(BUYER_PASSWORD);
    const buyers: Buyer[] = [];
    for (let i = 0; i < buyerCount; i++) {
      const n = String(i + 1).padStart(4, '0');
      const user = {
        id: `bench-buyer-${n}`,
        name: `Alıcı Optik ${n}`,
        email: `alici-${n}@${BUYER_EMAIL_DOMAIN}`,
        emailVerified: true,
        role: 'store_owner',
        createdAt: new Date(),
        updatedAt: new Date(),
      };
      await insertUserWithPassword(database.db, user, passwordHash);
      buyers.push({
        id: user.id,
        email: user.email,
        forwardedFor: `10.77.${i >> 8}.${i & 255}`,
        cookie: '',
        checkouts: 0,
      });
    }
    const candidates = await selectRows<{ id: string; seller_id: string }>(
      database.db,
      sql`with sellers as (
            select seller_id from listings
             where status = 'Aktif' and min_order_qty = 1 and stock > 0
             group by seller_id having count(*) >= 2
             order by seller_id limit 3)
          select l.id, l.seller_id from listings l join sellers s on s.seller_id = l.seller_id
           where l.status = 'Aktif' and l.min_order_qty = 1 and l.stock > 0
           order by l.seller_id, l.id`,
    );
    const bySeller = new Map<string, string[]>();
    for (const row of candidates) bySeller.set(row.seller_id, [...(bySeller.get(row.seller_id) ?? []), row.id]);
    const perSeller = [2, 2, 1];
    const sellerIds = [...bySeller.keys()];
    if (sellerIds.length < perSeller.length)
      throw new BenchError('the generated data has no 3 sellers with 2 active listings each');
    const listingIds = perSeller.flatMap((count, i) => bySeller.get(sellerIds[i])!.slice(0, count));
    await database.db.update(listingsTable).set({ stock: CART_STOCK }).where(inArray(listingsTable.id, listingIds));
    return {
      buyers,
      lines: listingIds.map((listingId) => ({ listingId, quantity: 1 })),
      sellers: perSeller.length,
      next: 0,
    };
  } finally {
    await database.close();
  }
}

/** The next buyer with a checkout left under the per-member limit; the run stops if none has one. */
function nextBuyer(plan: TradingPlan): Buyer {
  for (let tried = 0; tried < plan.buyers.length; tried++) {
    const buyer = plan.buyers[plan.next];
    plan.next = (plan.next + 1) % plan.buyers.length;
    if (buyer.checkouts < CHECKOUT_LIMIT.max) {
      buyer.checkouts++;
      return buyer;
    }
  }
  throw new BenchError(
    `all ${plan.buyers.length} buyers used their ${CHECKOUT_LIMIT.max} checkouts: more than ${PURCHASE_RATE_CEILING} purchases/s; raise PURCHASE_RATE_CEILING`,
  );
}

interface HttpAnswer {
  status: number;
  location: string | null;
  body: string;
  setCookie: string[];
}

class HttpTimeout extends Error {}

/** One HTTP/1.1 request on a keep-alive agent; redirects are not followed (each step is checked). */
function httpCall(
  agent: http.Agent,
  origin: string,
  method: 'GET' | 'POST',
  requestPath: string,
  headers: Record<string, string>,
  body?: string,
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(requestPath, origin),
      {
        method,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
            setCookie: response.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new HttpTimeout(`${method} ${requestPath} timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** A step of a purchase that did not answer as a browser needs it to. */
class StepFailed extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    detail: string,
  ) {
    super(`${step} answered ${status}: ${detail.slice(0, 300)}`);
  }
}

function expectStatus(step: string, answer: HttpAnswer, status: number): HttpAnswer {
  if (answer.status !== status) throw new StepFailed(step, answer.status, answer.body);
  return answer;
}

/** A 303 to a page of our own origin (the sandbox bank lives on it); answers its path. */
function expectRedirect(step: string, answer: HttpAnswer, origin: string): string {
  expectStatus(step, answer, 303);
  const target = new URL(answer.location ?? '', origin);
  if (target.origin !== origin) throw new StepFailed(step, answer.status, `redirect to ${answer.location}`);
  return target.pathname + target.search;
}

const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/**
 * One purchase as a browser makes it: the checkout, then the sandbox bank's pages (each page loaded
 * after its redirect, as a browser does), then the bank's last page's form posted to our callback
 * from the bank's origin without our cookie. REQUESTS_PER_PURCHASE requests.
 */
/** Each step's response times (ms) over a run, by step name, in the order a purchase takes them. */
type StepTimes = Map<string, number[]>;

async function purchase(
  agent: http.Agent,
  origin: string,
  buyer: Buyer,
  checkoutBody: string,
  times?: StepTimes,
): Promise<void> {
  const call = async (
    step: string,
    method: 'GET' | 'POST',
    requestPath: string,
    headers: Record<string, string>,
    body?: string,
  ) => {
    const begun = performance.now();
    const answer = await httpCall(agent, origin, method, requestPath, headers, body);
    if (times) times.set(step, [...(times.get(step) ?? []), performance.now() - begun]);
    return answer;
  };
  const page = { cookie: buyer.cookie };
  const post = { cookie: buyer.cookie, origin };
  const form = { ...post, 'content-type': 'application/x-www-form-urlencoded' };
  const placed = expectStatus(
    'POST /api/checkout',
    await call(
      'checkout',
      'POST',
      '/api/checkout',
      { ...post, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      checkoutBody,
    ),
    201,
  );
  const { groupId, paymentUrl } = JSON.parse(placed.body) as { groupId: string; paymentUrl: string };
  const cardPath = expectRedirect('GET payment start', await call('payment start', 'GET', paymentUrl, page), origin);
  expectStatus('GET card page', await call('card page', 'GET', cardPath, page), 200);
  const threeDsPath = expectRedirect(
    'POST card form',
    await call('card form', 'POST', cardPath, form, formBody(successCard)),
    origin,
  );
  expectStatus('GET 3-D Secure page', await call('3-D Secure page', 'GET', threeDsPath, page), 200);
  const result = expectStatus(
    'POST 3-D Secure code',
    await call('3-D Secure code', 'POST', threeDsPath, form, formBody({ code: SANDBOX_THREE_DS_CODE })),
    200,
  );
  const callback = readPostForm(result.body, tradingMessages.payment.continue);
  const back = expectRedirect(
    'POST payment callback',
    await call(
      'callback',
      'POST',
      new URL(callback.action).pathname,
      { origin: BANK_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      formBody(callback.fields),
    ),
    origin,
  );
  if (back.split('?')[0] !== resultPath(groupId)) {
    throw new StepFailed('POST payment callback', 303, `sent the buyer to ${back}, not to the result page`);
  }
}

/** "checkout 120, payment start 30, …": each step's median response time in ms. */
function stepMedians(times: StepTimes): string {
  return [...times]
    .map(([step, values]) => `${step} ${fmtMs(percentile(Float64Array.from(values).sort(), 0.5))}`)
    .join(', ');
}

/** Signs every buyer in once, each from its own forwarded address, and keeps the session cookies. */
async function signInBuyers(origin: string, buyers: Buyer[]): Promise<void> {
  console.error(`[bench] signing ${buyers.length} buyers in`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: SIGN_IN_CONCURRENCY });
  let next = 0;
  const worker = async () => {
    while (next < buyers.length) {
      const buyer = buyers[next++];
      const answer = await httpCall(
        agent,
        origin,
        'POST',
        '/api/auth/sign-in',
        { origin, 'content-type': 'application/json', 'x-forwarded-for': buyer.forwardedFor },
        JSON.stringify({ email: buyer.email, password: BUYER_PASSWORD }),
      );
      if (answer.status !== 200) {
        throw new BenchError(`sign-in of ${buyer.email} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      }
      buyer.cookie = answer.setCookie
        .map((c) => c.split(';')[0])
        .filter((pair) => pair.includes('=') && !pair.endsWith('='))
        .join('; ');
      if (!buyer.cookie) throw new BenchError(`sign-in of ${buyer.email} set no cookie`);
    }
  };
  try {
    await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
}

/** The checkout body for the plan's cart at the prices a member's quote shows now. */
async function checkoutBodyFor(origin: string, plan: TradingPlan, quoteBody: string): Promise<string> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const buyer = plan.buyers[0];
    const answer = await httpCall(
      agent,
      origin,
      'POST',
      '/api/cart/quote',
      { cookie: buyer.cookie, origin, 'content-type': 'application/json' },
      quoteBody,
    );
    const problem = answer.status === 200 ? quoteProblem(answer.body, plan) : `answered ${answer.status}`;
    if (problem) throw new BenchError(`POST /api/cart/quote: ${problem}: ${answer.body.slice(0, 300)}`);
    const quote = JSON.parse(answer.body) as {
      lines: { listingId: string; unitPriceKurus: number }[];
      price: { chargedKurus: number };
    };
    return JSON.stringify({
      lines: plan.lines.map((line) => ({
        ...line,
        seenUnitPriceKurus: quote.lines.find((q) => q.listingId === line.listingId)!.unitPriceKurus,
      })),
      shippingAddress: deliveryAddress,
      paymentMethod: 'card',
      installments: 1,
      expectedChargedKurus: quote.price.chargedKurus,
    });
  } finally {
    agent.destroy();
  }
}

/** What is wrong with a member's quote of the plan's cart (null: priced, every line buyable). */
function quoteProblem(body: string, plan: TradingPlan): string | null {
  const quote = JSON.parse(body) as {
    pricesVisible: boolean;
    isReady: boolean;
    lines: unknown[];
    price: { groups: unknown[] } | null;
  };
  if (!quote.pricesVisible) return 'prices not visible (the session was not recognised)';
  if (!quote.isReady) return 'the cart is not ready to buy';
  if (quote.lines.length !== plan.lines.length || quote.price?.groups.length !== plan.sellers) {
    return `expected ${plan.lines.length} lines from ${plan.sellers} sellers`;
  }
  return null;
}

let purchasesStopped = false;

/** The closed loop: `workers` purchases in flight at any time, for `seconds`. */
async function runPurchases(
  target: PurchaseTarget,
  seconds: number,
): Promise<{ measurement: Measurement; completed: number; failures: string[]; times: StepTimes }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: target.workers });
  const times: StepTimes = new Map();
  const latencies: number[] = [];
  const counts = { completed: 0, non2xx: 0, errors: 0, timeouts: 0 };
  const failures: string[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let abort = false;
  const worker = async () => {
    while (!purchasesStopped && !abort && performance.now() < deadline) {
      let buyer: Buyer;
      try {
        buyer = nextBuyer(target.plan);
      } catch (error) {
        abort = true;
        throw error;
      }
      const begun = performance.now();
      try {
        await purchase(agent, target.origin, buyer, target.checkoutBody, times);
        latencies.push(performance.now() - begun);
        counts.completed++;
      } catch (error) {
        if (error instanceof HttpTimeout) counts.timeouts++;
        else if (error instanceof StepFailed && (error.status < 200 || error.status >= 400)) counts.non2xx++;
        else counts.errors++;
        if (failures.length < 5) failures.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  const settled = await Promise.allSettled(Array.from({ length: target.workers }, worker));
  // Purchases under way at the deadline are finished and counted, so the rate divides by the time they took too.
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  const sorted = Float64Array.from(latencies).sort();
  return {
    measurement: {
      perSecond: counts.completed / elapsed,
      non2xx: counts.non2xx,
      // As autocannon counts them: timeouts are errors too, and also reported on their own.
      errors: counts.errors + counts.timeouts,
      timeouts: counts.timeouts,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
    },
    completed: counts.completed,
    failures,
    times,
  };
}

async function countSucceededPayments(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from payments where status = 'succeeded'`,
    );
    return rows[0].n;
  } finally {
    await client.end();
  }
}

/** One purchase before the load: every step must answer as expected. */
async function checkPurchaseTarget(target: PurchaseTarget): Promise<void> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    await purchase(agent, target.origin, nextBuyer(target.plan), target.checkoutBody);
  } catch (error) {
    if (error instanceof BenchError) throw error;
    throw new BenchError(`the pre-flight purchase failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    agent.destroy();
  }
}

/**
 * Warm-up and measured run of the purchase loop; afterwards the bank's books must show exactly one
 * succeeded payment per purchase the loop counted as completed.
 */
async function measurePurchases(
  target: PurchaseTarget,
  seconds: number,
  watch: Child[],
  databaseUrl: string,
): Promise<Measurement & { steps: string }> {
  console.error(
    `[bench] ${dbLabel.postgres}: ${target.endpoint} — ${target.workers} workers, warm-up ${WARMUP_SECONDS} s, then ${seconds} s`,
  );
  const before = await countSucceededPayments(databaseUrl);
  const warmUp = await runPurchases(target, WARMUP_SECONDS);
  const run = await runPurchases(target, seconds);
  for (const child of watch) assertAlive(child);
  logMeasurement(run.measurement, 'purchases/s');
  const steps = stepMedians(run.times);
  console.error(`[bench]   median ms per step: ${steps}`);
  for (const failure of [...warmUp.failures, ...run.failures]) console.error(`[bench]   failed purchase: ${failure}`);
  const paid = (await countSucceededPayments(databaseUrl)) - before;
  const completed = warmUp.completed + run.completed;
  if (paid !== completed) {
    throw new BenchError(`the loop completed ${completed} purchases but ${paid} payments succeeded in the database`);
  }
  console.error(`[bench]   ${paid} payments succeeded (warm-up included), as many as completed purchases`);
  return { ...run.measurement, steps };
}

// ---------------------------------------------------------------------------------------------
// The seller panel at scale (PostgreSQL): the orders list and the account movements

/** Orders of the one seller the seller rows read (issue 11: 100,000). */
const SELLER_ORDERS = 100_000;
const SELLER_ID = 'bench-seller-orders';
const SELLER_BUYER_ID = 'bench-seller-buyer';
const SELLER_IBAN = 'TR330006100519786457841326';

interface SellerPlan {
  seller: Buyer;
  orders: number;
}

/** Writes the seller (who signs in like the buyers), their one buyer and the orders; before the server starts. */
async function prepareSellerOrders(databaseUrl: string): Promise<SellerPlan> {
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  const seller = {
    id: SELLER_ID,
    name: 'Satıcı Optik Bench',
    email: `satici@${BUYER_EMAIL_DOMAIN}`,
    emailVerified: true,
    role: 'store_owner',
    publicHandle: 'benchsatici',
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  try {
    const passwordHash = await hashPassword(BUYER_PASSWORD);
    await insertUserWithPassword(database.db, seller, passwordHash);
    await insertUserWithPassword(
      database.db,
      {
        id: SELLER_BUYER_ID,
        name: 'Alıcı Optik Bench',
        email: `alici-siparis@${BUYER_EMAIL_DOMAIN}`,
        emailVerified: true,
        role: 'store_owner',
        publicHandle: 'benchalici',
        createdAt: new Date(),
        updatedAt: new Date(),
      },
      passwordHash,
    );
  } finally {
    await database.close();
  }
  console.error(`[bench] writing ${fmtInt(SELLER_ORDERS)} orders of one seller, with their ledger journals`);
  const started = Date.now();
  await insertBenchOrders(databaseUrl, {
    sellerId: SELLER_ID,
    buyerId: SELLER_BUYER_ID,
    count: SELLER_ORDERS,
    iban: SELLER_IBAN,
  });
  console.error(`[bench]   written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    // Its own address block: the buyers sign in from 10.77.x.x, the event members from 10.78.x.x.
    seller: { id: seller.id, email: seller.email, forwardedFor: '10.79.0.1', cookie: '', checkouts: 0 },
    orders: SELLER_ORDERS,
  };
}

/** The orders list must count every order of the seller and show a page of them. */
function sellerOrdersProblem(body: string, orders: number): string | null {
  const list = JSON.parse(body) as { rows?: unknown[]; allOrders?: number };
  if (list.allOrders !== orders) return `allOrders is ${list.allOrders}, expected ${orders}`;
  return list.rows?.length ? null : 'no rows';
}

/** The movements must show a page, many paid-out orders, and a summary that adds up. */
function movementsProblem(body: string): string | null {
  const m = JSON.parse(body) as {
    rows?: unknown[];
    counts?: { pending: number; paid: number };
    summary?: { count: number };
  };
  if (!m.rows?.length) return 'no rows';
  if (!m.counts || m.counts.paid < 1000 || m.summary?.count !== m.counts.pending + m.counts.paid) {
    return `unexpected counts ${JSON.stringify(m.counts)} / summary ${JSON.stringify(m.summary)}`;
  }
  return null;
}

async function runRound(
  kind: DbKind,
  baseline: { child: Child; url: string },
  options: { seconds: number; listings: number; postgresAdminUrl: URL | null; only: BenchOnly },
): Promise<{
  rows: Row[];
  lighthouse: LighthouseRow[] | null;
  plan: TradingPlan | null;
  sellerPlan: SellerPlan | null;
  events: string | null;
}> {
  const { seconds, listings, postgresAdminUrl, only } = options;
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
  if (only !== 'events') await generateListings(kind, listings, settings);
  const plan =
    databaseUrl && runsPart(only, 'trading') ? await prepareTrading(databaseUrl, buyerCountFor(seconds)) : null;
  const sellerPlan = databaseUrl && runsPart(only, 'orders') ? await prepareSellerOrders(databaseUrl) : null;
  const eventMembers = databaseUrl && runsPart(only, 'events') ? await prepareEventMembers(databaseUrl) : null;

  const port = await freeLoopbackPort();
  console.error(`[bench] starting the production server on ${dbLabel[kind]} (port ${port})`);
  const server = await startChild(
    `optistok-${kind}`,
    [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), serverEntry],
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
    requests: gets([baselineUrl.pathname]),
    connections,
    healthKind: null,
    isBaseline: true,
  });
  const steps: Step[] = [];
  if (!only) {
    steps.push(
      baselineTarget(CONNECTIONS),
      {
        ...base,
        endpoint: 'GET /api/health',
        requests: gets(['/api/health']),
        connections: CONNECTIONS,
        healthKind: kind,
      },
      { ...base, endpoint: 'GET /api/stats', requests: gets(['/api/stats']), connections: CONNECTIONS },
      baselineTarget(MARKETPLACE_CONNECTIONS),
      {
        ...base,
        endpoint: `search: ${searchPaths.length} queries in turn`,
        requests: gets(searchPaths),
        connections: MARKETPLACE_CONNECTIONS,
      },
      {
        ...base,
        endpoint: `category pages: ${categoryPages.length} in turn`,
        requests: gets(categoryPages.map((query) => `/api/marketplace/listings?${query}`)),
        connections: MARKETPLACE_CONNECTIONS,
      },
      {
        ...base,
        endpoint: 'GET /api/marketplace/categories',
        requests: gets(['/api/marketplace/categories']),
        connections: MARKETPLACE_CONNECTIONS,
      },
    );
    if (databaseUrl) {
      steps.push({
        ...base,
        endpoint: `search while ${WRITES_PER_SECOND} listings/s change`,
        requests: gets(searchPaths),
        connections: MARKETPLACE_CONNECTIONS,
        withWrites: true,
      });
    }
  }
  if (plan) {
    await signInBuyers(origin, plan.buyers);
    const quoteBody = JSON.stringify({ lines: plan.lines, installments: 1 });
    steps.push(
      baselineTarget(MARKETPLACE_CONNECTIONS),
      {
        ...base,
        endpoint: `POST /api/cart/quote: ${plan.lines.length} lines, ${plan.sellers} sellers, ${QUOTE_BUYERS} members in turn`,
        requests: plan.buyers.slice(0, QUOTE_BUYERS).map((buyer) => ({
          path: '/api/cart/quote',
          method: 'POST',
          headers: { cookie: buyer.cookie, origin, 'content-type': 'application/json' },
          body: quoteBody,
        })),
        connections: MARKETPLACE_CONNECTIONS,
        checkBody: (body) => quoteProblem(body, plan),
      },
      {
        endpoint: `purchase: checkout + sandbox payment (${REQUESTS_PER_PURCHASE} requests), ${plan.buyers.length} members`,
        origin,
        workers: PURCHASE_WORKERS,
        plan,
        checkoutBody: await checkoutBodyFor(origin, plan, quoteBody),
      },
    );
  }
  if (sellerPlan) {
    const { seller, orders } = sellerPlan;
    await signInBuyers(origin, [seller]);
    const asSeller = (paths: string[]): RequestSpec[] =>
      paths.map((p) => ({ path: p, headers: { cookie: seller.cookie } }));
    steps.push(
      baselineTarget(MARKETPLACE_CONNECTIONS),
      {
        ...base,
        endpoint: `GET /api/seller/orders: ${fmtInt(orders)} orders, page 1, page 400 and the completed view in turn`,
        requests: asSeller(['/api/seller/orders', '/api/seller/orders?page=400', '/api/seller/orders?view=completed']),
        connections: MARKETPLACE_CONNECTIONS,
        checkBody: (body) => sellerOrdersProblem(body, orders),
      },
      {
        ...base,
        endpoint: `GET /api/seller/account-movements: ${fmtInt(orders)} orders, the pending tab, the paid tab's page 1 and page 400 in turn`,
        requests: asSeller([
          '/api/seller/account-movements',
          '/api/seller/account-movements?tab=paid',
          '/api/seller/account-movements?tab=paid&page=400',
        ]),
        connections: MARKETPLACE_CONNECTIONS,
        checkBody: movementsProblem,
      },
    );
  }
  let rssIdle = 0;
  if (eventMembers) {
    await signInBuyers(origin, eventMembers);
    rssIdle = await residentMb(server);
    const reader = { cookie: eventMembers[0].cookie };
    steps.push(
      baselineTarget(MARKETPLACE_CONNECTIONS),
      {
        ...base,
        endpoint: `GET /api/notifications (${LIST_NOTIFICATIONS} stored, the newest 50)`,
        requests: [{ path: '/api/notifications', headers: reader }],
        connections: MARKETPLACE_CONNECTIONS,
      },
      {
        ...base,
        endpoint: 'GET /api/notifications/page?unread=true&type=…&page=3',
        requests: [{ path: '/api/notifications/page?unread=true&type=payment_received&page=3', headers: reader }],
        connections: MARKETPLACE_CONNECTIONS,
      },
    );
  }
  for (const step of steps) {
    if (isPurchaseTarget(step)) await checkPurchaseTarget(step);
    else await checkTarget(step);
  }

  const rows: Row[] = [];
  let baselineRps = 0;
  for (const step of steps) {
    const watch = [baseline.child, server];
    const measurement = isPurchaseTarget(step)
      ? await measurePurchases(step, seconds, watch, databaseUrl!)
      : await measure(kind, step, seconds, watch, databaseUrl);
    if (!isPurchaseTarget(step) && step.isBaseline) baselineRps = measurement.perSecond;
    rows.push({
      ...measurement,
      database: kind,
      endpoint: step.endpoint,
      connections: isPurchaseTarget(step) ? step.workers : step.connections,
      unit: isPurchaseTarget(step) ? 'purchases' : 'requests',
      ratio: baselineRps > 0 ? (measurement.perSecond / baselineRps) * 100 : 0,
    });
  }

  const events = eventMembers ? await measureEventStreams(origin, databaseUrl!, server, eventMembers, rssIdle) : null;
  // The pages as a phone sees them, on the PGlite round's server (the default deployment).
  const lighthouse = kind === 'pglite' ? await measureLighthouse(origin) : null;
  await stopChild(server);
  return { rows, lighthouse, plan, sellerPlan, events };
}

// ---------------------------------------------------------------------------------------------
// Real time (PostgreSQL): the notifications list and 1,000 event streams on one server

/** Streams held at once on the one server; each member opens the per-member limit of them. */
const EVENT_STREAMS = 1_000;
const EVENT_MEMBERS = Math.ceil(EVENT_STREAMS / MAX_STREAMS_PER_MEMBER);
/** Notifications stored for the member whose list is loaded. */
const LIST_NOTIFICATIONS = 200;
const BROADCAST_ROUNDS = 5;
const SINGLE_ROUNDS = 20;
const EVENT_TIMEOUT_MS = 30_000;

/** The stream members (signed in like buyers), the first with LIST_NOTIFICATIONS notifications. */
async function prepareEventMembers(databaseUrl: string): Promise<Buyer[]> {
  console.error(`[bench] creating ${EVENT_MEMBERS} members for the event streams`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    // With BENCH_ONLY=events no generator has migrated the fresh database yet (this is idempotent).
    await runMigrations(database, { postgresUrl: databaseUrl });
    const passwordHash = await hashPassword(BUYER_PASSWORD);
    const members: Buyer[] = [];
    for (let i = 0; i < EVENT_MEMBERS; i++) {
      const n = String(i + 1).padStart(4, '0');
      const user = {
        id: `bench-member-${n}`,
        name: `Dinleyen Optik ${n}`,
        email: `uye-${n}@${BUYER_EMAIL_DOMAIN}`,
        emailVerified: true,
        role: 'store_owner',
        createdAt: new Date(),
        updatedAt: new Date(),
      };
      await insertUserWithPassword(database.db, user, passwordHash);
      members.push({
        id: user.id,
        email: user.email,
        forwardedFor: `10.78.${i >> 8}.${i & 255}`,
        cookie: '',
        checkouts: 0,
      });
    }
    const start = Date.now() - LIST_NOTIFICATIONS * 60_000;
    await database.db.transaction((tx) =>
      notify(
        tx,
        Array.from({ length: LIST_NOTIFICATIONS }, (_, i) => benchNotification(members[0].id, i)),
        new Date(start),
      ),
    );
    return members;
  } finally {
    await database.close();
  }
}

/** A notification that mails nobody ('payment_received' is mailed by its own service), so only the streams are measured. */
function benchNotification(userId: string, i: number) {
  return {
    userId,
    type: 'payment_received' as const,
    title: tradingMessages.notifications.paymentReceivedTitle,
    message: `Bench ${i}`,
    actionUrl: '/siparislerim',
  };
}

/** The server's resident memory now, in MB (Linux /proc). */
async function residentMb(child: Child): Promise<number> {
  const status = await readFile(`/proc/${child.proc.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

interface EventStreamClient {
  memberId: string;
  /** Notification events received so far. */
  received: number;
  onNotification: (() => void) | null;
  close(): void;
}

/** Opens one stream over its own socket and waits for its ready event. */
function openEventStream(origin: string, member: Buyer): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${origin}/api/events`,
      {
        agent: false,
        headers: { cookie: member.cookie, accept: 'text/event-stream', 'x-forwarded-for': member.forwardedFor },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new BenchError(`GET /api/events answered ${res.statusCode}`));
          return;
        }
        const client: EventStreamClient = {
          memberId: member.id,
          received: 0,
          onNotification: null,
          close: () => req.destroy(),
        };
        let ready = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (!ready && chunk.includes('event: ready')) {
            ready = true;
            resolve(client);
          }
          const count = chunk.split('event: notification').length - 1;
          for (let i = 0; i < count; i++) {
            client.received++;
            client.onNotification?.();
          }
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(EVENT_TIMEOUT_MS, () => req.destroy(new BenchError('an event stream did not open in time')));
  });
}

/** Commits notifications in one transaction; resolves with the commit's time and when `streams` all had one. */
async function deliverToAll(db: Db, streams: EventStreamClient[], userIds: string[], round: number) {
  let waiting = streams.length;
  let lastAt = 0;
  const allDelivered = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new BenchError(`${waiting} of ${streams.length} streams had no event after ${EVENT_TIMEOUT_MS} ms`)),
      EVENT_TIMEOUT_MS,
    );
    for (const stream of streams) {
      stream.onNotification = () => {
        stream.onNotification = null;
        lastAt = performance.now();
        if (--waiting === 0) {
          clearTimeout(timer);
          resolve();
        }
      };
    }
  });
  await db.transaction((tx) =>
    notify(
      tx,
      userIds.map((id) => benchNotification(id, round)),
      new Date(),
    ),
  );
  const committedAt = performance.now();
  await allDelivered;
  return Math.max(0, lastAt - committedAt);
}

async function measureEventStreams(
  origin: string,
  databaseUrl: string,
  server: Child,
  members: Buyer[],
  /** RSS of the server right after start-up and the sign-ins, before any load. */
  rssIdle: number,
) {
  const rssBefore = await residentMb(server);
  console.error(
    `[bench] opening ${EVENT_STREAMS} event streams (${MAX_STREAMS_PER_MEMBER} for each of ${members.length} members)`,
  );
  const streams: EventStreamClient[] = [];
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const opened = performance.now();
    for (let i = 0; i < EVENT_STREAMS; i += 50) {
      const batch = Array.from({ length: Math.min(50, EVENT_STREAMS - i) }, (_, j) =>
        openEventStream(origin, members[Math.floor((i + j) / MAX_STREAMS_PER_MEMBER)]),
      );
      streams.push(...(await Promise.all(batch)));
    }
    const openSeconds = (performance.now() - opened) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rssWith = await residentMb(server);
    console.error(
      `[bench]   RSS ${rssBefore.toFixed(0)} MB before, ${rssWith.toFixed(0)} MB with ${streams.length} streams`,
    );

    const allIds = members.map((m) => m.id);
    const broadcast: number[] = [];
    for (let round = 0; round < BROADCAST_ROUNDS; round++) {
      broadcast.push(await deliverToAll(database.db, streams, allIds, round));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const single: number[] = [];
    const firstMember = streams.filter((s) => s.memberId === members[1].id);
    for (let round = 0; round < SINGLE_ROUNDS; round++) {
      single.push(await deliverToAll(database.db, firstMember, [members[1].id], round));
    }
    const rssAfter = await residentMb(server);
    assertAlive(server);
    const sortedBroadcast = Float64Array.from(broadcast).sort();
    const sortedSingle = Float64Array.from(single).sort();
    console.error(
      `[bench]   all ${streams.length} streams had their event ${fmtMs(percentile(sortedBroadcast, 0.5))} ms after the commit (median of ${BROADCAST_ROUNDS})`,
    );
    return [
      '## Event streams (PostgreSQL, one server)',
      '',
      `${streams.length} streams of GET /api/events held at once (${MAX_STREAMS_PER_MEMBER} tabs for each of ${members.length} members, opened in ${openSeconds.toFixed(1)} s).`,
      '',
      '| Measure | Value |',
      '| --- | ---: |',
      `| Server RSS after start-up (idle) | ${rssIdle.toFixed(0)} MB |`,
      `| Server RSS after the list loads, before the streams | ${rssBefore.toFixed(0)} MB |`,
      `| Server RSS with ${streams.length} streams open | ${rssWith.toFixed(0)} MB (${(rssWith - rssIdle).toFixed(0)} MB above idle) |`,
      `| Server RSS after ${BROADCAST_ROUNDS + SINGLE_ROUNDS} deliveries | ${rssAfter.toFixed(0)} MB |`,
      `| One notification to each of ${members.length} members (one transaction): commit → all ${streams.length} streams had it, median of ${BROADCAST_ROUNDS} | ${fmtMs(percentile(sortedBroadcast, 0.5))} ms (max ${fmtMs(sortedBroadcast[sortedBroadcast.length - 1])} ms) |`,
      `| One notification to one member: commit → its ${firstMember.length} streams, p50 / p95 of ${SINGLE_ROUNDS} | ${fmtMs(percentile(sortedSingle, 0.5))} / ${fmtMs(percentile(sortedSingle, 0.95))} ms |`,
      '',
    ].join('\n');
  } finally {
    for (const stream of streams) stream.close();
    await database.close();
  }
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

const isFlagged = (m: Measurement) => m.non2xx > 0 || m.errors > 0 || m.timeouts > 0;
const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));
/** The rate as the table shows it: whole purchases are named, requests are not. */
const fmtRate = (row: Row) => (row.unit === 'purchases' ? `${fmtInt(row.perSecond)} purchases` : fmtInt(row.perSecond));

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
  options: {
    seconds: number;
    listings: number;
    postgresRan: boolean;
    only: BenchOnly;
    plan: TradingPlan | null;
    sellerPlan: SellerPlan | null;
  },
): { markdown: string; flagged: Row[] } {
  const { seconds, listings, postgresRan, only, plan, sellerPlan } = options;
  const lines = runLines();
  /** The rows measured as signed-in members. */
  const memberRows = [
    plan ? 'trading' : null,
    sellerPlan ? 'seller' : null,
    postgresRan && runsPart(only, 'events') ? 'notification' : null,
  ].filter((part) => part !== null);
  lines.push(
    only === 'events'
      ? '- Data: the demo data only (BENCH_ONLY=events generates no listings).'
      : `- Data: ${fmtInt(listings)} generated listings of ${fmtInt(Math.max(100, Math.round(listings / 20)))} catalogue products and 500 sellers, plus the demo data.`,
  );
  lines.push(
    `- Load: autocannon, pipelining ${PIPELINING}, ${seconds} s per endpoint after a ${WARMUP_SECONDS} s warm-up ` +
      `(not recorded); load generator, servers and database share this machine. Visitors (no session)` +
      (memberRows.length
        ? `, except the ${new Intl.ListFormat('en', { type: 'conjunction' }).format(memberRows)} rows.`
        : '.'),
  );
  if (plan) {
    lines.push(
      `- Trading (PostgreSQL): ${plan.buyers.length} members created for the run, each signed in once; a cart of ` +
        `${plan.lines.length} lines (1 unit each) from ${plan.sellers} generated sellers. The quote row rotates over ` +
        `${QUOTE_BUYERS} members' sessions. The purchase row is a closed loop written in the script: ${PURCHASE_WORKERS} ` +
        `workers, each placing one purchase after the other for ${seconds} s (after a ${WARMUP_SECONDS} s warm-up), ` +
        `members in turn so none passes ${CHECKOUT_LIMIT.max} checkouts per ${CHECKOUT_LIMIT.windowMs / 60_000} minutes. ` +
        `A purchase is ${REQUESTS_PER_PURCHASE} HTTP requests: POST /api/checkout (a fresh Idempotency-Key), the ` +
        `payment start (303), the sandbox card page, the card form (303), the 3-D Secure page, the code (the bank's ` +
        `last page) and the bank's callback (303). Its rate is completed purchases/s and its latencies are whole ` +
        `purchases; its "% of baseline" sets purchases/s against the baseline's requests/s. Every completed ` +
        `purchase was checked against the database (one succeeded payment each).`,
    );
  }
  if (sellerPlan) {
    lines.push(
      `- Seller rows (PostgreSQL): one seller with ${fmtInt(sellerPlan.orders)} orders over 400 days, written in bulk ` +
        `with their balanced ledger journals (scripts/bench-orders.ts): the newest 1,500 in escrow, the 250 before ` +
        `them released and not yet paid out, the rest paid out (one payout per 1,000) or, 1 in 20, cancelled and ` +
        `refunded. The seller signs in once; each connection sends the row's requests in turn.`,
    );
  }
  lines.push('');
  lines.push(
    '| database | endpoint | connections | requests/s (avg) | p50 ms | p95 ms | p99 ms | non-2xx | errors | % of baseline req/s |',
  );
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    const flag = isFlagged(row) ? ' ⚠' : '';
    lines.push(
      `| ${dbLabel[row.database]} | ${row.endpoint}${flag} | ${row.connections} | ${fmtRate(row)} | ${fmtMs(row.p50)} | ${fmtMs(row.p95)} | ${fmtMs(row.p99)} | ` +
        `${fmtInt(row.non2xx)} | ${fmtInt(row.errors)} | ${row.ratio.toFixed(row.ratio < 10 ? 1 : 0)} % |`,
    );
  }
  lines.push('');
  for (const row of rows.filter((r) => r.steps)) {
    lines.push(`${dbLabel[row.database]} purchase steps, median response ms: ${row.steps}.`, '');
  }

  const flagged = rows.filter((row) => isFlagged(row));
  if (flagged.length) {
    const list = flagged.map(
      (row) =>
        `${dbLabel[row.database]} ${row.endpoint} (non-2xx ${row.non2xx}, errors ${row.errors}, timeouts ${row.timeouts})`,
    );
    lines.push(
      `⚠ Flagged runs — they had non-2xx responses, errors or timeouts, so their figures are not valid: ${list.join('; ')}.`,
    );
    lines.push('');
  }

  const postgresRow = (prefix: string) =>
    rows.find((row) => row.database === 'postgres' && row.endpoint.startsWith(prefix));
  /** The baseline a PostgreSQL row was compared with: the last one measured before it. */
  const baselineOf = (row: Row) =>
    rows
      .slice(0, rows.indexOf(row))
      .reverse()
      .find((r) => r.database === row.database && r.endpoint.startsWith('baseline'));
  const verdictOf = (row: Row, base: Row, holds: boolean) =>
    isFlagged(row) || isFlagged(base) ? 'not confirmed (run flagged)' : holds ? 'holds' : 'does NOT hold';
  const statsText = `statistics endpoint on PostgreSQL ≥ ${TARGET_PERCENT} % of baseline requests/s`;
  const searchText = `search on PostgreSQL p95 ≤ ${SEARCH_TARGET_P95_MS} ms at ${MARKETPLACE_CONNECTIONS} connections`;
  const quoteText = `cart quote on PostgreSQL ≥ ${QUOTE_TARGET_PERCENT} % of baseline requests/s, 0 errors`;
  const checkoutText = `checkout write path on PostgreSQL ≥ ${CHECKOUT_TARGET_PERCENT} % of baseline requests/s (completed purchases/s against the baseline's requests/s), 0 errors`;
  if (!postgresRan) {
    for (const text of [statsText, searchText, quoteText, checkoutText])
      lines.push(`Target — ${text}: not evaluated (BENCH_DATABASE_URL was not set, so PostgreSQL was not measured).`);
  } else if (only) {
    for (const text of [statsText, searchText]) lines.push(`Target — ${text}: not evaluated (BENCH_ONLY=${only}).`);
  } else {
    const stats = postgresRow('GET /api/stats');
    const base = stats && baselineOf(stats);
    if (!stats || !base) {
      lines.push(`Target — ${statsText}: not evaluated (missing measurement).`);
    } else {
      const figures = `GET /api/stats ${fmtInt(stats.perSecond)} req/s = ${stats.ratio.toFixed(0)} % of the baseline's ${fmtInt(base.perSecond)} req/s`;
      lines.push(`Target — ${statsText}: **${verdictOf(stats, base, stats.ratio >= TARGET_PERCENT)}** (${figures}).`);
    }
    const searchRow = postgresRow('search:');
    if (!searchRow) {
      lines.push(`Target — ${searchText}: not evaluated (missing measurement).`);
    } else {
      const verdict = isFlagged(searchRow)
        ? 'not confirmed (run flagged)'
        : searchRow.p95 <= SEARCH_TARGET_P95_MS
          ? 'holds'
          : 'does NOT hold';
      lines.push(
        `Target — ${searchText}: **${verdict}** (p95 ${fmtMs(searchRow.p95)} ms at ${fmtInt(searchRow.perSecond)} req/s).`,
      );
    }
  }
  if (postgresRan && !runsPart(only, 'trading')) {
    for (const text of [quoteText, checkoutText]) lines.push(`Target — ${text}: not evaluated (BENCH_ONLY=${only}).`);
  } else if (postgresRan) {
    const trading: [string, string, number, string][] = [
      [quoteText, 'POST /api/cart/quote', QUOTE_TARGET_PERCENT, 'req/s'],
      [checkoutText, 'purchase:', CHECKOUT_TARGET_PERCENT, 'purchases/s'],
    ];
    for (const [text, prefix, percent, unit] of trading) {
      const row = postgresRow(prefix);
      const base = row && baselineOf(row);
      if (!row || !base) {
        lines.push(`Target — ${text}: not evaluated (missing measurement).`);
        continue;
      }
      const figures =
        `${fmtInt(row.perSecond)} ${unit} = ${row.ratio.toFixed(1)} % of the baseline's ${fmtInt(base.perSecond)} req/s; ` +
        `p95 ${fmtMs(row.p95)} ms; non-2xx ${row.non2xx}, errors ${row.errors}, timeouts ${row.timeouts}`;
      lines.push(`Target — ${text}: **${verdictOf(row, base, row.ratio >= percent)}** (${figures}).`);
    }
  }
  return { markdown: `${lines.join('\n')}\n`, flagged };
}

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<number> {
  const { out, lighthouseOnly } = parseArgs(process.argv.slice(2));
  const seconds = readDuration();
  const only = readBenchOnly();
  // The seller rows do not read the catalogue: a small one loads in seconds.
  const listings = readListingCount(only === 'orders' ? 1000 : 100_000);
  const postgresUrl = readPostgresUrl();
  if (only && !postgresUrl)
    throw new BenchError(`BENCH_ONLY=${only} needs BENCH_DATABASE_URL (it is measured on PostgreSQL)`);
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

  const kinds: DbKind[] = only ? ['postgres'] : postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  const rows: Row[] = [];
  let lighthouse: LighthouseRow[] | null = null;
  let plan: TradingPlan | null = null;
  let sellerPlan: SellerPlan | null = null;
  let events: string | null = null;
  for (const kind of kinds) {
    const round = await runRound(kind, baseline, { seconds, listings, postgresAdminUrl: postgresUrl, only });
    rows.push(...round.rows);
    lighthouse ??= round.lighthouse;
    plan ??= round.plan;
    sellerPlan ??= round.sellerPlan;
    events ??= round.events;
  }
  await stopChild(baselineChild);

  const loadReport = report(rows, {
    seconds,
    listings,
    postgresRan: Boolean(postgresUrl),
    only,
    plan,
    sellerPlan,
  });
  const { flagged } = loadReport;
  const markdown = [loadReport.markdown, events, lighthouse ? lighthouseReport(lighthouse) : null]
    .filter(Boolean)
    .join('\n');
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
