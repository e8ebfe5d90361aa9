import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '#shared/schemas/health.ts';
import { getHealth } from './health.service.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Service and database health',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await getHealth(app.db, app.databaseKind);
      return reply
        .code(health.database.reachable ? 200 : 503)
        .header('Cache-Control', 'no-store')
        .send(health);
    },
  );
};
