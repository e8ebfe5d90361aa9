import os from 'node:os';
import { CHECKOUT_LIMIT } from '../../src/server/features/checkout/checkout.routes.ts';
import { SellerPlan } from './seller-orders.ts';
import {
  BenchOnly,
  dbLabel,
  MARKETPLACE_CONNECTIONS,
  Measurement,
  PIPELINING,
  Row,
  runsPart,
  SEARCH_TARGET_P95_MS,
  TARGET_PERCENT,
  WARMUP_SECONDS,
  fmtInt,
  fmtMs,
} from './settings.ts';
import {
  CHECKOUT_TARGET_PERCENT,
  PURCHASE_WORKERS,
  QUOTE_BUYERS,
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
