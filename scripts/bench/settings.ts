import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bench's settings: paths, targets, command-line arguments and environment variables. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const buildDir = path.resolve(root, process.env.BUILD_DIR?.trim() || 'dist');
export const serverEntry = path.join(buildDir, 'server', 'main.js');
/** How the production server is started (npm start too): allocator settings, then node. */
export const serveScript = path.join(root, 'scripts', 'serve.sh');
export const baselineEntry = path.join(root, 'scripts', 'bench-baseline.ts');
export const generatorEntry = path.join(root, 'scripts', 'generate-listings.ts');

export const CONNECTIONS = 100;
export const MARKETPLACE_CONNECTIONS = 50;
export const PIPELINING = 1;
export const WARMUP_SECONDS = 1;
export const STARTUP_TIMEOUT_MS = 60_000;
export const GENERATE_TIMEOUT_MS = 15 * 60_000;
export const STOP_GRACE_MS = 10_000;
export const TARGET_PERCENT = 25;
export const SEARCH_TARGET_P95_MS = 50;
/** Search while listings change (issue 21): p95 at MARKETPLACE_CONNECTIONS. */
export const SEARCH_WRITES_TARGET_P95_MS = 20;
/** One seller's orders and account movements at 100,000 orders (issue 21): p95 at 10 connections. */
export const SELLER_TARGET_P95_MS = 50;
export const SELLER_TARGET_CONNECTIONS = 10;
/** GET /api/notifications as a member (issue 21), % of baseline requests/s. */
export const NOTIFICATIONS_TARGET_PERCENT = 5;
/** The server's RSS at the end of a whole round (issue 21). */
export const RESIDENT_TARGET_MB: Record<DbKind, number> = { postgres: 250, pglite: 350 };
/**
 * Queries one call of a compared route runs, so its floor runs as many; test/bench-floors.test.ts
 * counts them on PostgreSQL (pg's Client.query around one warm call) and fails when a route changes.
 * A cached session (decision 046) runs none. What is left: the quote's one listings join; the
 * notifications page and its unread count; the seller's counters row and page (decision 047); the
 * movements' counters row, page, platform settings and payment account.
 */
export const FLOOR_QUERIES = { quote: 1, notifications: 1, sellerOrders: 2, accountMovements: 4 } as const;
/** Listing updates per second while "search while listings change" is measured (PostgreSQL). */
export const WRITES_PER_SECOND = 100;

/**
 * The search mix: brand, brand + model, model family, Turkish category words, a typo; a barcode of
 * the generated catalogue (its first product's) is added to it.
 */
export const searchQueries = [
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
export const categoryPages = [
  'category=gozluk',
  'category=gunes-gozlugu&sub=kadin',
  'category=lens&sub=kontakt',
  'category=aksesuar&page=2',
];
/** At most this many output lines of a child are echoed; the rest is only kept for error reports. */
export const ECHO_LINES_PER_CHILD = 30;

export type DbKind = 'pglite' | 'postgres';
export const dbLabel: Record<DbKind, string> = { pglite: 'PGlite (embedded)', postgres: 'PostgreSQL' };

/**
 * What one measured run gave: the rate, the failures and our own latency percentiles (autocannon
 * has no p95). For autocannon runs the rate is requests/s; for the purchase loop, completed purchases/s.
 */
export interface Measurement {
  perSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface Row extends Measurement {
  database: DbKind;
  endpoint: string;
  connections: number;
  /** What perSecond counts: HTTP requests, or whole purchases (several requests each). */
  unit: 'requests' | 'purchases';
  /** perSecond as a percentage of the baseline's requests/s measured before it in the same round. */
  ratio: number;
  /** Purchase rows: each step's median response time. */
  steps?: string;
  /** Purchase rows: the server process's CPU time (user + system) per completed purchase. */
  cpuMsPerPurchase?: number;
  /** Rows compared with a floor: perSecond as a percentage of that floor's requests/s. */
  floorRatio?: number;
}

export class BenchError extends Error {}

// ---------------------------------------------------------------------------------------------
// Settings

export function parseArgs(argv: string[]): { out: string | null; lighthouseOnly: boolean } {
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

export function readListingCount(fallback: number): number {
  const raw = process.env.BENCH_LISTINGS?.trim();
  if (!raw) return fallback;
  const listings = Number(raw);
  if (!Number.isInteger(listings) || listings < 1000 || listings > 2_000_000) {
    throw new BenchError(`BENCH_LISTINGS must be a whole number between 1000 and 2000000, got "${raw}"`);
  }
  return listings;
}

export function readDuration(): number {
  const raw = process.env.BENCH_DURATION?.trim();
  if (!raw) return 10;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 1 || seconds > 600) {
    throw new BenchError(`BENCH_DURATION must be a number of seconds between 1 and 600, got "${raw}"`);
  }
  return seconds;
}

export const benchOnlyValues = ['trading', 'events', 'orders', 'search'] as const;
/** A part of the PostgreSQL round measured alone, or null for the full run. */
export type BenchOnly = (typeof benchOnlyValues)[number] | null;

/** BENCH_ONLY=trading, events, orders or search: only that part of the PostgreSQL round (and the baseline before it). */
export function readBenchOnly(): BenchOnly {
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
export const runsPart = (only: BenchOnly, part: Exclude<BenchOnly, null>) => only === null || only === part;

export const isLoopbackHost = (host: string) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/** The PostgreSQL server of the second round; only a loopback one (or a local socket) is accepted. */
export function readPostgresUrl(): URL | null {
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

/** Figures as the progress lines and the report write them. */
export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const fmtMs = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(1));
