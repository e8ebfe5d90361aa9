import autocannon from 'autocannon';
import pg from 'pg';
import { assertAlive, Child, running } from './processes.ts';
import {
  BenchError,
  DbKind,
  dbLabel,
  fmtMs,
  Measurement,
  PIPELINING,
  WARMUP_SECONDS,
  WRITES_PER_SECOND,
} from './settings.ts';

/** Load with autocannon: targets, checks and measurements. */
/** One request of a target; GET without a body unless told. */
export interface RequestSpec {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface Target {
  endpoint: string;
  origin: string;
  /** Requests sent in turn by every connection. */
  requests: RequestSpec[];
  connections: number;
  /** The database /api/health must report; null for other targets. */
  healthKind: DbKind | null;
  isBaseline: boolean;
  /** A floor row of the baseline server (GET /floor/:n, n = floorQueries). */
  isFloor?: boolean;
  /** A floor row's query count, or the floor a compared row is set against. */
  floorQueries?: number;
  /**
   * Keep changing listings while this target is measured (PostgreSQL only), all but the spared ones:
   * the trading cart's, whose prices the purchase rows after it must still find as the cart saw them.
   */
  withWrites?: { sparedListingIds: string[] };
  /** Checks the body of a pre-flight 200 answer; says what is wrong, or null. */
  checkBody?: (body: string) => string | null;
}

export const gets = (paths: string[]): RequestSpec[] => paths.map((p) => ({ path: p }));

/** The value below which `fraction` of the sorted values lie (nearest rank). */
export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

export function load(target: Target, seconds: number): Promise<Measurement> {
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
        running.load = null;
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
    running.load = instance;
    // autocannon stops by itself after `duration`; this only bounds a run that would not.
    const guard = setTimeout(() => instance.stop(), (seconds + 30) * 1000);
  });
}

/** Each request once before loading it: the route must answer 200, on the expected database. */
export async function checkTarget(target: Target): Promise<void> {
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
 * Updates listings one after another, WRITES_PER_SECOND a second, until stopped, as sellers do:
 * every other write sells one off the stock (restocking at the last one), the others move the
 * price by 1 TL either way. Both are shown on the buying side (total stock, lowest price), so
 * every write must reach the servers' result caches.
 */
export function startWriter(databaseUrl: string, sparedListingIds: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  let running = true;
  let writes = 0;
  const done = (async () => {
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>(
        `select id from listings where status = 'Aktif' and not (id = any($1::uuid[])) order by id limit 1000`,
        [sparedListingIds],
      );
      const started = performance.now();
      while (running) {
        const id = rows[writes % rows.length].id;
        await client.query(
          writes % 2 === 0
            ? `update listings set stock = case when stock > 1 then stock - 1 else stock + 20 end, updated_at = now() where id = $1`
            : `update listings set price_kurus = price_kurus + case when (price_kurus / 100) % 2 = 0 then 100 else -100 end, updated_at = now() where id = $1`,
          [id],
        );
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

export function logMeasurement(m: Measurement, unit: string) {
  console.error(
    `[bench]   ${Math.round(m.perSecond)} ${unit}, p50 ${fmtMs(m.p50)} ms, p95 ${fmtMs(m.p95)} ms, p99 ${fmtMs(m.p99)} ms, ` +
      `non-2xx ${m.non2xx}, errors ${m.errors}, timeouts ${m.timeouts}`,
  );
}

export async function measure(
  database: DbKind,
  target: Target,
  seconds: number,
  watch: Child[],
  databaseUrl: string | undefined,
): Promise<Measurement> {
  console.error(
    `[bench] ${dbLabel[database]}: ${target.endpoint} — ${target.connections} connections, warm-up ${WARMUP_SECONDS} s, then ${seconds} s`,
  );
  const writer = target.withWrites && databaseUrl ? startWriter(databaseUrl, target.withWrites.sparedListingIds) : null;
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
