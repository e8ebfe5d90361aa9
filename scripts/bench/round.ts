import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { completeEan13 } from '../../src/shared/barcode.ts';
import {
  heapFigures,
  LIST_NOTIFICATIONS,
  measureEventStreams,
  prepareEventMembers,
  residentMb,
  type HeapFigures,
} from './events.ts';
import { LighthouseResult, measureLighthouse } from './lighthouse.ts';
import { checkTarget, gets, measure, RequestSpec, Target } from './load.ts';
import {
  createBenchDatabase,
  Child,
  DataSettings,
  freeLoopbackPort,
  generateListings,
  serverEnv,
  startServer,
  stopChild,
  tempDirs,
} from './processes.ts';
import { movementsProblem, prepareSellerOrders, sellerOrdersProblem, SellerPlan } from './seller-orders.ts';
import {
  BenchError,
  BenchOnly,
  categoryPages,
  CONNECTIONS,
  DbKind,
  dbLabel,
  FLOOR_QUERIES,
  fmtInt,
  MARKETPLACE_CONNECTIONS,
  Row,
  runsPart,
  searchQueries,
  SELLER_TARGET_CONNECTIONS,
  serverEntry,
  WRITES_PER_SECOND,
} from './settings.ts';
import { checkoutBodyFor, checkPurchaseTarget, measurePurchases, quoteProblem, signInBuyers } from './purchases.ts';
import {
  buyerCountFor,
  isPurchaseTarget,
  prepareTrading,
  PURCHASE_WORKERS,
  QUOTE_BUYERS,
  REQUESTS_PER_PURCHASE,
  Step,
  TradingPlan,
} from './trading.ts';

/** One round of the bench on one database kind. */
export async function runRound(
  kind: DbKind,
  baseline: { child: Child; url: string },
  options: { seconds: number; listings: number; postgresAdminUrl: URL | null; only: BenchOnly },
): Promise<{
  rows: Row[];
  lighthouse: LighthouseResult | null;
  plan: TradingPlan | null;
  sellerPlan: SellerPlan | null;
  events: string | null;
  /** The server's RSS at the end of the round, MB. */
  residentEndMb: number;
  /** The JavaScript heap at the same moment: how much of the RSS it is. */
  heapEnd: HeapFigures;
}> {
  const { seconds, listings, postgresAdminUrl, only } = options;
  const dataParent = await mkdtemp(path.join(os.tmpdir(), 'optistok-bench-'));
  tempDirs.add(dataParent);
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    if (!postgresAdminUrl) throw new BenchError('the PostgreSQL round needs BENCH_DATABASE_URL');
    databaseUrl = await createBenchDatabase(postgresAdminUrl);
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
  const server = await startServer(
    `optistok-${kind}`,
    [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), serverEntry],
    serverEnv(port, settings),
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
  /** The least a server answering after n sequential queries can do (the baseline server's GET /floor/:n). */
  const floorTarget = (n: number): Target => ({
    endpoint: `floor: ${n} sequential select 1 (bare Fastify, pg Pool)`,
    origin: baselineUrl.origin,
    requests: gets([`/floor/${n}`]),
    connections: MARKETPLACE_CONNECTIONS,
    healthKind: null,
    isBaseline: false,
    isFloor: true,
    floorQueries: n,
  });
  const searchTarget: Target = {
    ...base,
    endpoint: `search: ${searchPaths.length} queries in turn`,
    requests: gets(searchPaths),
    connections: MARKETPLACE_CONNECTIONS,
  };
  const searchWhileWritesTarget: Target = {
    ...base,
    endpoint: `search while ${WRITES_PER_SECOND} listings/s change`,
    requests: gets(searchPaths),
    connections: MARKETPLACE_CONNECTIONS,
    withWrites: { sparedListingIds: plan?.lines.map((l) => l.listingId) ?? [] },
  };
  const steps: Step[] = [];
  if (only === 'search') steps.push(baselineTarget(MARKETPLACE_CONNECTIONS), searchTarget, searchWhileWritesTarget);
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
      searchTarget,
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
    if (databaseUrl) steps.push(searchWhileWritesTarget);
  }
  if (plan) {
    await signInBuyers(origin, plan.buyers);
    const quoteBody = JSON.stringify({ lines: plan.lines, installments: 1 });
    steps.push(
      baselineTarget(MARKETPLACE_CONNECTIONS),
      floorTarget(FLOOR_QUERIES.quote),
      {
        ...base,
        floorQueries: FLOOR_QUERIES.quote,
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
      floorTarget(FLOOR_QUERIES.sellerOrders),
      floorTarget(FLOOR_QUERIES.accountMovements),
      ...[MARKETPLACE_CONNECTIONS, SELLER_TARGET_CONNECTIONS].flatMap((connections) => [
        {
          ...base,
          floorQueries: FLOOR_QUERIES.sellerOrders,
          endpoint: `GET /api/seller/orders: ${fmtInt(orders)} orders, page 1, page 400 and the completed view in turn`,
          requests: asSeller([
            '/api/seller/orders',
            '/api/seller/orders?page=400',
            '/api/seller/orders?view=completed',
          ]),
          connections,
          checkBody: (body: string) => sellerOrdersProblem(body, orders),
        },
        {
          ...base,
          floorQueries: FLOOR_QUERIES.accountMovements,
          endpoint: `GET /api/seller/account-movements: ${fmtInt(orders)} orders, the pending tab, the paid tab's page 1 and page 400 in turn`,
          requests: asSeller([
            '/api/seller/account-movements',
            '/api/seller/account-movements?tab=paid',
            '/api/seller/account-movements?tab=paid&page=400',
          ]),
          connections,
          checkBody: movementsProblem,
        },
      ]),
    );
  }
  let rssIdle = 0;
  if (eventMembers) {
    await signInBuyers(origin, eventMembers);
    rssIdle = await residentMb(server);
    const reader = { cookie: eventMembers[0].cookie };
    steps.push(
      baselineTarget(MARKETPLACE_CONNECTIONS),
      floorTarget(FLOOR_QUERIES.notifications),
      {
        ...base,
        floorQueries: FLOOR_QUERIES.notifications,
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
  /** Each floor's requests/s by its query count, as last measured. */
  const floorRps = new Map<number, number>();
  for (const step of steps) {
    const watch = [baseline.child, server];
    const measurement = isPurchaseTarget(step)
      ? await measurePurchases(step, seconds, watch, databaseUrl!, server)
      : await measure(kind, step, seconds, watch, databaseUrl);
    if (!isPurchaseTarget(step) && step.isBaseline) baselineRps = measurement.perSecond;
    const floorQueries = isPurchaseTarget(step) ? undefined : step.floorQueries;
    if (!isPurchaseTarget(step) && step.isFloor && floorQueries) floorRps.set(floorQueries, measurement.perSecond);
    const floor = !isPurchaseTarget(step) && !step.isFloor && floorQueries ? floorRps.get(floorQueries) : undefined;
    rows.push({
      ...measurement,
      database: kind,
      endpoint: step.endpoint,
      connections: isPurchaseTarget(step) ? step.workers : step.connections,
      unit: isPurchaseTarget(step) ? 'purchases' : 'requests',
      ratio: baselineRps > 0 ? (measurement.perSecond / baselineRps) * 100 : 0,
      ...(floor ? { floorRatio: (measurement.perSecond / floor) * 100 } : {}),
    });
  }

  const events = eventMembers ? await measureEventStreams(origin, databaseUrl!, server, eventMembers, rssIdle) : null;
  // The pages as a phone sees them: on PostgreSQL (production's database) when the run has it.
  const lighthouse =
    !only && kind === (postgresAdminUrl ? 'postgres' : 'pglite') ? await measureLighthouse(origin) : null;
  // After everything the round measured, Lighthouse included: what the server kept (issue 21's target).
  const residentEndMb = await residentMb(server);
  const heapEnd = await heapFigures(origin);
  await stopChild(server);
  return { rows, lighthouse, plan, sellerPlan, events, residentEndMb, heapEnd };
}
