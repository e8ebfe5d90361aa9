import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath, lighthouseChromeFlags } from '../../e2e/support/chromium.ts';
import { freeLoopbackPort, serverEnv, startChild, stopChild, tempDirs } from './processes.ts';
import { BenchError, fmtInt, root, serverEntry } from './settings.ts';

/** Lighthouse (mobile preset) on the public pages a phone visitor lands on. */
export const lighthouseBin = path.join(root, 'node_modules', '.bin', 'lighthouse');
export const LIGHTHOUSE_TIMEOUT_MS = 180_000;
export const LIGHTHOUSE_TARGET_SCORE = 90;

export interface LighthouseRow {
  page: string;
  path: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface LighthouseJson {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue: number }>;
}

export function runLighthouse(url: string): Promise<LighthouseJson> {
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
export async function measureLighthouse(origin: string): Promise<LighthouseRow[]> {
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

export function lighthouseReport(rows: LighthouseRow[]): string {
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
export async function runLighthouseOnly(): Promise<string> {
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
