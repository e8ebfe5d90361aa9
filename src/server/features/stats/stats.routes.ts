import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC_STATS_TTL_SECONDS } from '#shared/constants.ts';
import { publicStatsSchema } from '#shared/schemas/stats.ts';
import { createPublicStatsCache } from './stats.service.ts';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = createPublicStatsCache(app.db, app.clock);
  app.get(
    '/api/stats',
    {
      config: { access: 'public' },
      schema: { tags: ['stats'], summary: 'Live marketplace figures for the landing page and home', response: { 200: publicStatsSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', `public, max-age=${PUBLIC_STATS_TTL_SECONDS}`);
      return cache.get();
    },
  );
};
