import os from 'node:os';
import { CHECKOUT_LIMIT } from '../../src/server/features/checkout/checkout.routes.ts';
import type { HeapFigures } from './events.ts';
import { SellerPlan } from './seller-orders.ts';
import {
  BenchOnly,
  DbKind,
  dbLabel,
  MARKETPLACE_CONNECTIONS,
  Measurement,
  PIPELINING,
  Row,
  runsPart,
  NOTIFICATIONS_TARGET_PERCENT,
  RESIDENT_TARGET_MB,
  SEARCH_TARGET_P95_MS,
  SEARCH_WRITES_TARGET_P95_MS,
  SELLER_TARGET_CONNECTIONS,
  SELLER_TARGET_P95_MS,
  TARGET_PERCENT,
  WRITES_PER_SECOND,
  WARMUP_SECONDS,
  fmtInt,
  fmtMs,
} from './settings.ts';
import {
  CHECKOUT_TARGET_PERCENT,
  CPU_PER_PURCHASE_TARGET_MS,
  PURCHASE_WORKERS,
  QUERIES_PER_PURCHASE,
  QUOTE_BUYERS,
  QUOTE_FLOOR_TARGET_PERCENT,
  QUOTE_TARGET_PERCENT,
  REQUESTS_PER_PURCHASE,
  TradingPlan,
} from './trading.ts';

/** The Markdown report of a run: the load table with its targets, and the notes that explain it. */
export const isFlagged = (m: Measurement) => m.non2xx > 0 || m.errors > 0 || m.timeouts > 0;
/** The rate as the table shows it: whole purchases are named, requests are not. */
export const fmtRate = (row: Row) =>
  row.unit === 'purchases' ? `${fmtInt(row.perSecond)} purchases` : fmtInt(row.perSecond);

/** When and where the figures were taken. */
export function runLines(): string[] {
  const cpus = os.cpus();
  const cpuModel = cpus[0]?.model.trim().replace(/\s+/g, ' ') ?? 'unknown CPU';
  return [
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: ${cpuModel}, ${cpus.length} cores; Node ${process.version}; ${os.platform()} ${os.arch()}`,
  ];
}

export function report(
  rows: Row[],
  options: {
    seconds: number;
    listings: number;
    postgresRan: boolean;
    only: BenchOnly;
    plan: TradingPlan | null;
    sellerPlan: SellerPlan | null;
    /** Each round's server RSS at its end, MB. */
    residentEnd: Partial<Record<DbKind, number>>;
    heapEnd: Partial<Record<DbKind, HeapFigures>>;
  },
): { markdown: string; flagged: Row[] } {
  const { seconds, listings, postgresRan, only, plan, sellerPlan, residentEnd, heapEnd } = options;
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
        `last page) and the bank's callback (303); it runs ${QUERIES_PER_PURCHASE} PostgreSQL queries (counted by ` +
        `test/bench-floors.test.ts). Its rate is completed purchases/s and its latencies are whole ` +
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
    '| database | endpoint | connections | requests/s (avg) | p50 ms | p95 ms | p99 ms | non-2xx | errors | % of baseline req/s | % of floor req/s |',
  );
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) {
    const flag = isFlagged(row) ? ' ⚠' : '';
    lines.push(
      `| ${dbLabel[row.database]} | ${row.endpoint}${flag} | ${row.connections} | ${fmtRate(row)} | ${fmtMs(row.p50)} | ${fmtMs(row.p95)} | ${fmtMs(row.p99)} | ` +
        `${fmtInt(row.non2xx)} | ${fmtInt(row.errors)} | ${row.ratio.toFixed(row.ratio < 10 ? 1 : 0)} % | ` +
        `${row.floorRatio === undefined ? '—' : `${row.floorRatio.toFixed(row.floorRatio < 10 ? 1 : 0)} %`} |`,
    );
  }
  lines.push('');
  for (const row of rows.filter((r) => r.steps)) {
    lines.push(`${dbLabel[row.database]} purchase steps, median response ms: ${row.steps}.`, '');
  }
  const serverFigures = [
    ...rows
      .filter((row) => row.cpuMsPerPurchase !== undefined)
      .map((row) => [
        row.database,
        'CPU per completed purchase (user + system, /proc/<pid>/stat)',
        `${fmtMs(row.cpuMsPerPurchase!)} ms`,
      ]),
    ...Object.entries(residentEnd).map(([kind, mb]) => [
      kind as DbKind,
      'RSS at the end of the round (/proc/<pid>/status)',
      `${fmtInt(mb)} MB`,
    ]),
    ...Object.entries(heapEnd).map(([kind, heap]) => [
      kind as DbKind,
      'of which the JavaScript heap (total / used) and external memory, from /metrics',
      `${fmtInt(heap.heapTotalMb)} / ${fmtInt(heap.heapUsedMb)} MB, ${fmtInt(heap.externalMb)} MB`,
    ]),
  ];
  if (serverFigures.length) {
    lines.push('| database | server process | value |', '| --- | --- | ---: |');
    for (const [kind, figure, value] of serverFigures)
      lines.push(`| ${dbLabel[kind as DbKind]} | ${figure} | ${value} |`);
    lines.push('');
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

  const postgresRow = (prefix: string, connections?: number) =>
    rows.find(
      (row) =>
        row.database === 'postgres' &&
        row.endpoint.startsWith(prefix) &&
        (connections === undefined || row.connections === connections),
    );
  /** The last row of a kind measured before a row in its round (its baseline, its floor). */
  const lastBefore = (row: Row, prefix: string) =>
    rows
      .slice(0, rows.indexOf(row))
      .reverse()
      .find((r) => r.database === row.database && r.endpoint.startsWith(prefix));
  /** Why a part's targets were not evaluated, or null if it ran. */
  const skipped = (part: Exclude<BenchOnly, null> | 'full') =>
    !postgresRan
      ? 'BENCH_DATABASE_URL was not set, so PostgreSQL was not measured'
      : (part === 'full' ? only !== null : !runsPart(only, part))
        ? `BENCH_ONLY=${only}`
        : null;
  /**
   * One target's line. A row's verdict counts only if neither it nor what it is compared with (its
   * baseline, its floor) had a non-2xx answer, an error or a timeout.
   */
  const judge = (
    text: string,
    part: Exclude<BenchOnly, null> | 'full',
    row: Row | undefined,
    holds: (row: Row) => boolean,
    figures: (row: Row) => string,
  ) => {
    const why = skipped(part) ?? (row ? null : 'missing measurement');
    if (why || !row) {
      lines.push(`Target — ${text}: not evaluated (${why}).`);
      return;
    }
    const compared = [lastBefore(row, 'baseline'), row.floorRatio ? lastBefore(row, 'floor:') : undefined];
    const verdict = [row, ...compared].some((r) => r && isFlagged(r))
      ? 'not confirmed (run flagged)'
      : holds(row)
        ? 'holds'
        : 'does NOT hold';
    lines.push(
      `Target — ${text}: **${verdict}** (${figures(row)}; non-2xx ${row.non2xx}, errors ${row.errors}, timeouts ${row.timeouts}).`,
    );
  };
  const ofBaseline = (row: Row) =>
    `${fmtRate(row)}/s = ${row.ratio.toFixed(1)} % of the baseline's ${fmtInt(lastBefore(row, 'baseline')?.perSecond ?? 0)} req/s`;
  const ofFloor = (row: Row) => `${(row.floorRatio ?? 0).toFixed(0)} % of its floor's req/s`;
  const p95 = (row: Row) => `p95 ${fmtMs(row.p95)} ms at ${fmtInt(row.perSecond)} req/s`;

  judge(
    `statistics endpoint on PostgreSQL ≥ ${TARGET_PERCENT} % of baseline requests/s`,
    'full',
    postgresRow('GET /api/stats'),
    (row) => row.ratio >= TARGET_PERCENT,
    ofBaseline,
  );
  judge(
    `search on PostgreSQL p95 ≤ ${SEARCH_TARGET_P95_MS} ms at ${MARKETPLACE_CONNECTIONS} connections`,
    'search',
    postgresRow('search:'),
    (row) => row.p95 <= SEARCH_TARGET_P95_MS,
    p95,
  );
  judge(
    `search while ${WRITES_PER_SECOND} listings/s change on PostgreSQL p95 ≤ ${SEARCH_WRITES_TARGET_P95_MS} ms at ${MARKETPLACE_CONNECTIONS} connections`,
    'search',
    postgresRow('search while'),
    (row) => row.p95 <= SEARCH_WRITES_TARGET_P95_MS,
    p95,
  );
  judge(
    `cart quote on PostgreSQL ≥ ${QUOTE_FLOOR_TARGET_PERCENT} % of its floor and ≥ ${QUOTE_TARGET_PERCENT} % of baseline requests/s`,
    'trading',
    postgresRow('POST /api/cart/quote'),
    (row) => (row.floorRatio ?? 0) >= QUOTE_FLOOR_TARGET_PERCENT && row.ratio >= QUOTE_TARGET_PERCENT,
    (row) => `${ofBaseline(row)}, ${ofFloor(row)}; p95 ${fmtMs(row.p95)} ms`,
  );
  judge(
    `checkout write path on PostgreSQL ≥ ${CHECKOUT_TARGET_PERCENT} % of baseline requests/s (completed purchases/s against the baseline's requests/s)`,
    'trading',
    postgresRow('purchase:'),
    (row) => row.ratio >= CHECKOUT_TARGET_PERCENT,
    (row) => `${ofBaseline(row)}; p95 ${fmtMs(row.p95)} ms`,
  );
  judge(
    `server CPU per paid checkout on PostgreSQL ≤ ${CPU_PER_PURCHASE_TARGET_MS} ms`,
    'trading',
    postgresRow('purchase:'),
    (row) => (row.cpuMsPerPurchase ?? Infinity) <= CPU_PER_PURCHASE_TARGET_MS,
    (row) => `${fmtMs(row.cpuMsPerPurchase ?? 0)} ms over ${fmtInt(row.perSecond * seconds)} purchases`,
  );
  judge(
    `GET /api/notifications as a member on PostgreSQL ≥ ${NOTIFICATIONS_TARGET_PERCENT} % of baseline requests/s`,
    'events',
    postgresRow('GET /api/notifications ('),
    (row) => row.ratio >= NOTIFICATIONS_TARGET_PERCENT,
    (row) => `${ofBaseline(row)}, ${ofFloor(row)}`,
  );
  for (const prefix of ['GET /api/seller/orders', 'GET /api/seller/account-movements']) {
    judge(
      `${prefix} at 100,000 orders on PostgreSQL p95 ≤ ${SELLER_TARGET_P95_MS} ms at ${SELLER_TARGET_CONNECTIONS} connections`,
      'orders',
      postgresRow(prefix, SELLER_TARGET_CONNECTIONS),
      (row) => row.p95 <= SELLER_TARGET_P95_MS,
      p95,
    );
  }
  for (const kind of ['postgres', 'pglite'] as const) {
    const text = `server RSS after the whole round on ${dbLabel[kind]} ≤ ${RESIDENT_TARGET_MB[kind]} MB`;
    const mb = residentEnd[kind];
    const why = only ? `BENCH_ONLY=${only}` : kind === 'postgres' ? skipped('full') : null;
    if (why || mb === undefined) lines.push(`Target — ${text}: not evaluated (${why ?? 'missing measurement'}).`);
    else
      lines.push(
        `Target — ${text}: **${mb <= RESIDENT_TARGET_MB[kind] ? 'holds' : 'does NOT hold'}** (${fmtInt(mb)} MB).`,
      );
  }
  return { markdown: `${lines.join('\n')}\n`, flagged };
}
