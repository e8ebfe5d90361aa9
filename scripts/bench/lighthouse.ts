import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { paths } from '../../src/shared/site-paths.ts';
import { chromiumPath, lighthouseChromeFlags } from '../../e2e/support/chromium.ts';
import {
  BENCH_DEMO_PASSWORD,
  createBenchDatabase,
  freeLoopbackPort,
  serverEnv,
  startServer,
  stopChild,
  tempDirs,
} from './processes.ts';
import { BenchError, buildDir, fmtInt, root, serverEntry } from './settings.ts';

/** Lighthouse (mobile preset) on the public pages a phone visitor lands on. */
export const lighthouseBin = path.join(root, 'node_modules', '.bin', 'lighthouse');
export const LIGHTHOUSE_TIMEOUT_MS = 180_000;
/** Issue 21: each page's figures are the median of this many Lighthouse runs. */
export const LIGHTHOUSE_RUNS = 3;
/** Issue 21's targets: public pages ≥ 95, a member's pages ≥ 90; LCP, CLS and the landing's script on every run's median. */
export const PUBLIC_TARGET_SCORE = 95;
export const MEMBER_TARGET_SCORE = 90;
export const LCP_TARGET_MS = 2000;
export const CLS_TARGET = 0.05;
export const LANDING_JS_TARGET_BYTES = 120 * 1024;
/** The demo member the signed-in pages are measured as (its password is BENCH_DEMO_PASSWORD). */
export const DEMO_MEMBER_EMAIL = 'kadikoy@demo.optistok.local';

export interface LighthouseRow {
  page: string;
  path: string;
  /** Signed in as the demo member (the session cookie sent as an extra header). */
  isMember: boolean;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's own measure of the machine's speed during the runs (median): TBT scales with it. */
  benchmarkIndex: number;
}

export interface LighthouseJson {
  categories: { performance: { score: number } };
  environment?: { benchmarkIndex?: number };
  audits: Record<string, { numericValue: number; details?: { items?: { url?: string; resourceType?: string }[] } }>;
}

export function runLighthouse(url: string, cookie: string | null): Promise<LighthouseJson> {
  return new Promise((resolve, reject) => {
    const args = [
      url,
      `--chrome-flags=${lighthouseChromeFlags}`,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Signs the demo member in through the API and answers its session cookie. */
async function signInDemoMember(origin: string): Promise<string> {
  const answer = await fetch(`${origin}/api/auth/sign-in`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_MEMBER_EMAIL, password: BENCH_DEMO_PASSWORD }),
  });
  if (answer.status !== 200) throw new BenchError(`sign-in of ${DEMO_MEMBER_EMAIL} answered ${answer.status}`);
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
  if (!cookie) throw new BenchError(`sign-in of ${DEMO_MEMBER_EMAIL} set no cookie`);
  return cookie;
}

/** The gzipped size of the scripts a report's page loaded from our origin, read from the build. */
async function scriptBytesGzipped(report: LighthouseJson, origin: string): Promise<number> {
  const scripts = (report.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script' && item.url?.startsWith(origin),
  );
  let bytes = 0;
  for (const item of scripts) {
    const file = path.join(buildDir, 'web', new URL(item.url!).pathname);
    bytes += gzipSync(await readFile(file)).length;
  }
  return bytes;
}

export interface LighthouseResult {
  rows: LighthouseRow[];
  /** The landing page's scripts (from our origin), gzipped, as its first run loaded them. */
  landingJsBytes: number;
}

/**
 * The public pages a phone visitor lands on, then a demo member's cart, checkout and orders, each
 * LIGHTHOUSE_RUNS times, one after the other (never in parallel: they would slow each other).
 */
export async function measureLighthouse(origin: string): Promise<LighthouseResult> {
  const search = (await (await fetch(`${origin}/api/marketplace/listings?q=rayban`)).json()) as {
    items: { productId: string }[];
  };
  const productId = search.items[0]?.productId;
  if (!productId) throw new BenchError('no listing for "rayban" to open a product page with');
  const cookie = await signInDemoMember(origin);
  const pages: [string, string, boolean][] = [
    ['landing', paths.home, false],
    ['search', `${paths.search}?q=rayban`, false],
    ['category', '/kategori/gunes-gozlugu', false],
    ['product', `/urun/${productId}`, false],
    // The cart lives in the browser's storage (src/web/lib/cart-store.ts), which Lighthouse starts
    // empty: these two are measured with an empty cart.
    ['cart', paths.cart, true],
    ['checkout', paths.checkout, true],
    ['orders', '/siparislerim', true],
  ];
  const rows: LighthouseRow[] = [];
  let landingJsBytes = 0;
  for (const [page, pagePath, isMember] of pages) {
    const reports: LighthouseJson[] = [];
    for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
      console.error(`[bench] Lighthouse (mobile): ${page} ${pagePath}, run ${run} of ${LIGHTHOUSE_RUNS}`);
      const url = origin + pagePath;
      const sent = isMember ? cookie : null;
      // Lighthouse sometimes loses the trace of a load (NO_NAVSTART) on a busy machine: one more try.
      reports.push(
        await runLighthouse(url, sent).catch((error: unknown) => {
          console.error(
            `[bench]   ${error instanceof Error ? error.message.split('\n')[0] : String(error)}; trying again`,
          );
          return runLighthouse(url, sent);
        }),
      );
    }
    if (page === 'landing') landingJsBytes = await scriptBytesGzipped(reports[0], origin);
    const row = {
      page,
      path: pagePath.replace(productId, ':id'),
      isMember,
      score: median(reports.map((r) => Math.round(r.categories.performance.score * 100))),
      lcpMs: median(reports.map((r) => r.audits['largest-contentful-paint'].numericValue)),
      tbtMs: median(reports.map((r) => r.audits['total-blocking-time'].numericValue)),
      cls: median(reports.map((r) => r.audits['cumulative-layout-shift'].numericValue)),
      benchmarkIndex: median(reports.map((r) => r.environment?.benchmarkIndex ?? NaN)),
    };
    console.error(
      `[bench]   median: performance ${row.score}, LCP ${fmtInt(row.lcpMs)} ms, TBT ${fmtInt(row.tbtMs)} ms, CLS ${row.cls.toFixed(3)}`,
    );
    rows.push(row);
  }
  return { rows, landingJsBytes };
}

export function lighthouseReport({ rows, landingJsBytes }: LighthouseResult): string {
  const lines = [
    `Lighthouse 13, mobile preset (simulated throttling), Debian chromium; median of ${LIGHTHOUSE_RUNS} runs per page; ` +
      `the member pages signed in as ${DEMO_MEMBER_EMAIL} (its session cookie as an extra header), the cart empty. ` +
      `"machine" is Lighthouse's benchmarkIndex for the runs (median): simulated throttling multiplies the tasks it observes, ` +
      `so on a shared host whose speed varies between runs the scores vary with it.`,
    '',
    '| page | path | signed in | performance | LCP ms | TBT ms | CLS | machine |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.page} | \`${r.path}\` | ${r.isMember ? 'yes' : 'no'} | ${r.score} | ${fmtInt(r.lcpMs)} | ${fmtInt(r.tbtMs)} | ${r.cls.toFixed(3)} | ${fmtInt(r.benchmarkIndex)} |`,
    ),
    '',
  ];
  const verdict = (failing: string[]) =>
    `**${failing.length ? 'does NOT hold' : 'holds'}**${failing.length ? ` (${failing.join(', ')})` : ''}.`;
  const scoreTarget = (r: LighthouseRow) => (r.isMember ? MEMBER_TARGET_SCORE : PUBLIC_TARGET_SCORE);
  lines.push(
    `Target — performance ≥ ${PUBLIC_TARGET_SCORE} on the public pages and ≥ ${MEMBER_TARGET_SCORE} on the member's: ` +
      verdict(rows.filter((r) => r.score < scoreTarget(r)).map((r) => `${r.page} ${r.score}`)),
    `Target — LCP ≤ ${fmtInt(LCP_TARGET_MS)} ms on every page: ` +
      verdict(rows.filter((r) => r.lcpMs > LCP_TARGET_MS).map((r) => `${r.page} ${fmtInt(r.lcpMs)} ms`)),
    `Target — CLS ≤ ${CLS_TARGET} on every page: ` +
      verdict(rows.filter((r) => r.cls > CLS_TARGET).map((r) => `${r.page} ${r.cls.toFixed(3)}`)),
    `Target — the landing page's JavaScript ≤ ${fmtInt(LANDING_JS_TARGET_BYTES / 1024)} KB gzipped: ` +
      `**${landingJsBytes > LANDING_JS_TARGET_BYTES ? 'does NOT hold' : 'holds'}** (${(landingJsBytes / 1024).toFixed(1)} KB).`,
  );
  return `${lines.join('\n')}\n`;
}

/** Lighthouse only: the production server with the demo data, on a fresh PostgreSQL database if given, else PGlite. */
export async function runLighthouseOnly(postgresAdminUrl: URL | null): Promise<string> {
  const dataParent = await mkdtemp(path.join(os.tmpdir(), 'optistok-bench-'));
  tempDirs.add(dataParent);
  const databaseUrl = postgresAdminUrl ? await createBenchDatabase(postgresAdminUrl) : null;
  const port = await freeLoopbackPort();
  console.error(`[bench] starting the production server with the demo data (port ${port})`);
  const server = await startServer(
    'optistok-lighthouse',
    [serverEntry],
    serverEnv(port, { DATA_DIR: path.join(dataParent, 'data'), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }),
  );
  const result = await measureLighthouse(`http://127.0.0.1:${port}`);
  await stopChild(server);
  return lighthouseReport(result);
}
