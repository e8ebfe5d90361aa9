import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#shared/schemas/common.ts';
import { orderTransitionResultSchema, shipOrderBodySchema } from '#shared/schemas/orders.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { acceptOrder, confirmDelivery, shipOrder, type FulfilmentDeps } from './fulfilment.service.ts';

// 'owner': the service acts only on the caller's own order, and answers 404 for anyone else's.
const owner = { access: 'owner' as const };
const tags = ['orders'];

export function fulfilmentDeps(app: FastifyInstance): FulfilmentDeps {
  return {
    appUrl: app.env.APP_URL,
    kickProviderJobs: () => app.jobs?.kick('provider-jobs'),
  };
}

/** The order's verbs of acceptance, shipping and confirmation (spec part 2 §4, §5). */
export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders/:id/accept',
    {
      config: owner,
      schema: {
        tags,
        summary: "The order's seller accepts a paid order awaiting approval (Onayla); shipping needs it",
        params: idParamsSchema,
        response: { 200: orderTransitionResultSchema },
      },
    },
    async (request) => acceptOrder(await memberContextFrom(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/ship',
    {
      config: owner,
      schema: {
        tags,
        summary: "The order's seller ships it with a carrier and tracking number (paid_escrow → shipped)",
        params: idParamsSchema,
        body: shipOrderBodySchema,
        response: { 200: orderTransitionResultSchema },
      },
    },
    async (request) => shipOrder(await memberContextFrom(request), request.params.id, request.body),
  );

  app.post(
    '/api/orders/:id/confirm-delivery',
    {
      config: owner,
      schema: {
        tags,
        summary: "The order's buyer confirms delivery; escrow releases the money to the seller",
        params: idParamsSchema,
        response: { 200: orderTransitionResultSchema },
      },
    },
    async (request) => confirmDelivery(await memberContextFrom(request), fulfilmentDeps(app), request.params.id),
  );
};
