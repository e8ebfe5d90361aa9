/**
 * HTTP benchmark of the production server (`npm run bench`, after `npm run build`).
 *
 * For each database kind (PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set) it loads a
 * generated marketplace (scripts/generate-listings.ts: 100,000 listings by default), starts
 * `<BUILD_DIR>/server/main.js` as `npm start` does (scripts/serve.sh) in a child process on a free loopback port and loads, with
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
 * that seller, signed in once (50 connections, then 10: issue 21).
 * Then, on PostgreSQL, real time (issue 12): GET /api/notifications and a filtered page of
 * /api/notifications/page for a member with 200 notifications (50 connections), and 1,000 event
 * streams (GET /api/events, 8 tabs for each of 125 members, the per-member limit) held on the one
 * server: its RSS before and with them, and the time from the commit of one notification per
 * member (one transaction, as notify() writes them) until all 1,000 streams have their event.
 * Each baseline is measured right before the targets it is compared with, so the ratios compare
 * figures taken under the same conditions.
 * On PostgreSQL a floor follows the baseline for each compared route (issue 21): the baseline
 * server's GET /floor/:n, n sequential `select 1` over a pg Pool, n = the queries the route runs
 * (FLOOR_QUERIES); the route's row also shows its % of that floor. The server's CPU time per
 * completed purchase and its RSS at the end of each round are read from /proc.
 *
 * Then Lighthouse 13 (mobile preset, Debian's chromium at CHROME_PATH, default /usr/bin/chromium), the
 * median of 3 runs per page, on the PostgreSQL round's server (the PGlite round's without
 * BENCH_DATABASE_URL): the landing, search, category and product pages, then, signed in as a demo
 * member (its session cookie as an extra header), the cart, the checkout and /siparislerim:
 * performance score, LCP, TBT and CLS, and the landing page's scripts gzipped. `--lighthouse-only`
 * skips the load tests and the generated data and measures those pages on a server with the demo
 * data only (on a fresh PostgreSQL database with BENCH_DATABASE_URL, else PGlite).
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
 *   BENCH_ONLY=search          only the PostgreSQL round's baseline, search and search while listings
 *                              change (needs BENCH_DATABASE_URL; no PGlite round, no Lighthouse)
 *   BENCH_SERVER_NODE_ARGS=... extra node flags for the server under test, e.g.
 *                              "--cpu-prof --cpu-prof-dir=/tmp/prof" (node refuses --cpu-prof in NODE_OPTIONS)
 *
 * The Markdown report goes to stdout (and to --out); progress goes to stderr.
 *
 * This file is the runner; the parts live in scripts/bench/: settings, processes (children and
 * clean-up), load (autocannon), round (one database kind), trading and purchases, seller-orders,
 * events, lighthouse, report.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { HeapFigures } from './bench/events.ts';
import { lighthouseReport, LighthouseResult, runLighthouseOnly } from './bench/lighthouse.ts';
import { checkPostgres, cleanup, freeLoopbackPort, startChild, stopChild } from './bench/processes.ts';
import { report, runLines } from './bench/report.ts';
import { runRound } from './bench/round.ts';
import { SellerPlan } from './bench/seller-orders.ts';
import {
  baselineEntry,
  BenchError,
  DbKind,
  parseArgs,
  readBenchOnly,
  readDuration,
  readListingCount,
  readPostgresUrl,
  root,
  Row,
  serverEntry,
} from './bench/settings.ts';
import { TradingPlan } from './bench/trading.ts';

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
  if (postgresUrl) await checkPostgres(postgresUrl);
  if (lighthouseOnly) {
    const markdown = `${runLines().join('\n')}\n\n${await runLighthouseOnly(postgresUrl)}`;
    process.stdout.write(`\n${markdown}`);
    if (out) {
      await mkdir(path.dirname(out), { recursive: true });
      await writeFile(out, markdown);
    }
    return 0;
  }

  const baselinePort = await freeLoopbackPort();
  console.error(`[bench] starting the baseline Fastify server (port ${baselinePort})`);
  const baselineChild = await startChild(
    'baseline',
    ['--import', 'tsx', baselineEntry, String(baselinePort), ...(postgresUrl ? [postgresUrl.toString()] : [])],
    { ...process.env },
    /Baseline is running at/,
  );
  const baseline = { child: baselineChild, url: `http://127.0.0.1:${baselinePort}/baseline` };

  const kinds: DbKind[] = only ? ['postgres'] : postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
  const rows: Row[] = [];
  let lighthouse: LighthouseResult | null = null;
  let plan: TradingPlan | null = null;
  let sellerPlan: SellerPlan | null = null;
  let events: string | null = null;
  const residentEnd: Partial<Record<DbKind, number>> = {};
  const heapEnd: Partial<Record<DbKind, HeapFigures>> = {};
  for (const kind of kinds) {
    const round = await runRound(kind, baseline, { seconds, listings, postgresAdminUrl: postgresUrl, only });
    rows.push(...round.rows);
    lighthouse ??= round.lighthouse;
    plan ??= round.plan;
    sellerPlan ??= round.sellerPlan;
    events ??= round.events;
    residentEnd[kind] = round.residentEndMb;
    heapEnd[kind] = round.heapEnd;
  }
  await stopChild(baselineChild);

  const loadReport = report(rows, {
    seconds,
    listings,
    postgresRan: Boolean(postgresUrl),
    only,
    plan,
    sellerPlan,
    residentEnd,
    heapEnd,
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
