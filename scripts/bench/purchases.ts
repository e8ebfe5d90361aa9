import { paymentPageMessages } from '#shared/messages/payment-pages.tr.ts';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { resultPath } from '../../src/server/features/payments/payments.service.ts';
import { readPostForm } from '../../src/server/lib/payments/payment-test-helpers.ts';
import { SANDBOX_THREE_DS_CODE } from '../../src/server/lib/payments/sandbox.ts';
import { expectRedirect, expectStatus, formBody, httpCall, HttpTimeout, StepFailed } from './http.ts';
import { logMeasurement, percentile } from './load.ts';
import { assertAlive, Child, cpuMs, running } from './processes.ts';
import { BenchError, dbLabel, fmtMs, Measurement, WARMUP_SECONDS } from './settings.ts';
import {
  BANK_ORIGIN,
  Buyer,
  BUYER_PASSWORD,
  deliveryAddress,
  nextBuyer,
  PurchaseTarget,
  SIGN_IN_CONCURRENCY,
  successCard,
  TradingPlan,
} from './trading.ts';

/** The purchase loop of the trading round: one purchase as a browser makes it, run closed-loop and checked. */
/**
 * One purchase as a browser makes it: the checkout, then the sandbox bank's pages (each page loaded
 * after its redirect, as a browser does), then the bank's last page's form posted to our callback
 * from the bank's origin without our cookie. REQUESTS_PER_PURCHASE requests.
 */
/** Each step's response times (ms) over a run, by step name, in the order a purchase takes them. */
export type StepTimes = Map<string, number[]>;

export async function purchase(
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
  const callback = readPostForm(result.body, paymentPageMessages.continue);
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
export function stepMedians(times: StepTimes): string {
  return [...times]
    .map(([step, values]) => `${step} ${fmtMs(percentile(Float64Array.from(values).sort(), 0.5))}`)
    .join(', ');
}

/** Signs every buyer in once, each from its own forwarded address, and keeps the session cookies. */
export async function signInBuyers(origin: string, buyers: Buyer[]): Promise<void> {
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
export async function checkoutBodyFor(origin: string, plan: TradingPlan, quoteBody: string): Promise<string> {
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
export function quoteProblem(body: string, plan: TradingPlan): string | null {
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

/** The closed loop: `workers` purchases in flight at any time, for `seconds`. */
export async function runPurchases(
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
    while (!running.purchasesStopped && !abort && performance.now() < deadline) {
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

export async function countSucceededPayments(databaseUrl: string): Promise<number> {
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
export async function checkPurchaseTarget(target: PurchaseTarget): Promise<void> {
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
export async function measurePurchases(
  target: PurchaseTarget,
  seconds: number,
  watch: Child[],
  databaseUrl: string,
  server: Child,
): Promise<Measurement & { steps: string; cpuMsPerPurchase: number }> {
  console.error(
    `[bench] ${dbLabel.postgres}: ${target.endpoint} — ${target.workers} workers, warm-up ${WARMUP_SECONDS} s, then ${seconds} s`,
  );
  const before = await countSucceededPayments(databaseUrl);
  const warmUp = await runPurchases(target, WARMUP_SECONDS);
  const cpuBefore = await cpuMs(server);
  const run = await runPurchases(target, seconds);
  // Every purchase the run started has ended here, so all their work is in the difference.
  const cpuMsPerPurchase = run.completed ? ((await cpuMs(server)) - cpuBefore) / run.completed : 0;
  for (const child of watch) assertAlive(child);
  logMeasurement(run.measurement, 'purchases/s');
  const steps = stepMedians(run.times);
  console.error(`[bench]   median ms per step: ${steps}; server CPU ${fmtMs(cpuMsPerPurchase)} ms per purchase`);
  for (const failure of [...warmUp.failures, ...run.failures]) console.error(`[bench]   failed purchase: ${failure}`);
  const paid = (await countSucceededPayments(databaseUrl)) - before;
  const completed = warmUp.completed + run.completed;
  if (paid !== completed) {
    throw new BenchError(`the loop completed ${completed} purchases but ${paid} payments succeeded in the database`);
  }
  console.error(`[bench]   ${paid} payments succeeded (warm-up included), as many as completed purchases`);
  return { ...run.measurement, steps, cpuMsPerPurchase };
}
