import type { FastifyPluginAsync } from 'fastify';
import { assertMayReadMetrics, registerTradingGauges, type TradingGaugeSources } from './metrics.service.ts';

/** GET /metrics: Prometheus text for a scraper, outside /api (it is no part of the app's API). */
export const metricsRoutes: FastifyPluginAsync<Pick<TradingGaugeSources, 'poolStats'>> = async (app, options) => {
  registerTradingGauges(app.metrics, {
    db: app.db,
    openStreams: () => app.eventHub.count(),
    poolStats: options.poolStats,
    ...(app.jobs ? { jobQueues: () => app.jobs!.queue.overview() } : {}),
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    assertMayReadMetrics({
      ip: request.ip,
      authorization: request.headers.authorization,
      token: app.env.METRICS_TOKEN,
    });
    const body = await app.metrics.metrics();
    return reply.header('Content-Type', app.metrics.contentType).header('Cache-Control', 'no-store').send(body);
  });
};
