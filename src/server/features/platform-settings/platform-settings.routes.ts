import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSettingsSchema } from '#shared/schemas/platform-settings.ts';
import { getPublicSettings } from './platform-settings.service.ts';

/** The platform settings every visitor's app may read (the admin routes edit them). */
export const platformSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary:
          'VAT rate and whether prices include it, shipping fee and free-shipping limit, escrow days, low-stock threshold in force',
        response: { 200: publicSettingsSchema },
      },
    },
    async (_request, reply) => {
      // An admin's change applies at once: browsers must ask again every time.
      reply.header('Cache-Control', 'no-cache');
      return getPublicSettings(app.db);
    },
  );
};
