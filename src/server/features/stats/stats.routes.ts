import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_STATS_TTL_SECONDS } from '#shared/constants.ts';
import { publicStatsSchema, type PublicStats } from '#shared/schemas/stats.ts';
import { createPublicStatsCache } from './stats.service.ts';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createPublicStatsCache(app.db, app.clock);
  app.get(
    '/api/stats',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stats'],
        summary: 'Live marketplace figures for the landing page and home',
        response: { 200: publicStatsSchema },
      },
    },
    async (_request, reply) => {
      // The cache holds the body already checked against publicStatsSchema and serialised; Fastify
      // sends a string as is, so the typed payload is bypassed on purpose here.
      const json = (await cache.getJson()) as unknown as PublicStats;
      return reply
        .header('Cache-Control', `public, max-age=${PUBLIC_STATS_TTL_SECONDS}`)
        .type('application/json; charset=utf-8')
        .send(json);
    },
  );
};
