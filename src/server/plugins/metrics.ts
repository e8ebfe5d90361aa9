import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (one per app, so two apps in one process never mix figures). */
    metrics: Registry;
  }
}

/** Where a request went, by the route the router matched: never the raw URL (ids would explode the labels). */
function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Request rates and latencies per route, and the process's own figures (CPU, memory, event-loop
 * lag). Features add their gauges to `app.metrics`; GET /metrics (features/metrics) serves them.
 */
export const metricsPlugin = fp(async (app) => {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'optistok' });
  collectDefaultMetrics({ register: registry, prefix: 'optistok_' });
  const requests = new Counter({
    name: 'optistok_http_requests_total',
    help: 'HTTP requests answered, by method, route and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'optistok_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.decorate('metrics', registry);
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
});
