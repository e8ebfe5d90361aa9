import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badgeCountsSchema } from '#shared/schemas/notifications.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { getBadgeCounts } from './badges.service.ts';

/** GET /api/badges: the header's counts, combining notifications and messages. */
export const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/badges',
    {
      config: { access: 'member' },
      schema: {
        tags: ['notifications'],
        summary: 'The menu badges: unread notifications and unread messages',
        response: { 200: badgeCountsSchema },
      },
    },
    async (request) => getBadgeCounts(await memberContextFrom(request)),
  );
};
