import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forceResetUserBodySchema } from '#shared/schemas/account.ts';
import { requireAuth } from '../../plugins/access.ts';
import { forcePasswordResetOfUser } from './users.service.ts';

/** Admin user management (grows with the admin panel). */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/admin/users/:id/force-password-reset',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Force another user's password reset: temporary password e-mailed, sessions ended",
        params: z.object({ id: z.string().min(1).max(64) }),
        body: forceResetUserBodySchema,
        response: { 200: z.object({ userId: z.string(), emailQueued: z.boolean() }) },
      },
    },
    async (request) => forcePasswordResetOfUser(request, await requireAuth(request), request.params.id, request.body.reason, `${app.env.APP_URL}/login`),
  );
};
