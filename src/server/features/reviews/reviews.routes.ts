import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#shared/schemas/common.ts';
import { orderReviewSchema, replyBodySchema, reviewBodySchema, reviewSchema } from '#shared/schemas/reviews.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { createReview, editReview, getOrderReview, replyToReview } from './reviews.service.ts';

// 'owner': the service answers only for the caller's own order (buyer or seller), 404 otherwise.
const owner = { access: 'owner' as const };
// The service decides: only the review's buyer edits it, only its seller answers (403 otherwise).
const member = { access: 'member' as const };
const tags = ['reviews'];

/** The buyer rates an order's seller; the buyer edits it for 14 days; the seller answers once. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders/:id/review',
    {
      config: owner,
      schema: {
        tags,
        summary: "The order's review and what the caller (its buyer or seller) may do with it",
        params: idParamsSchema,
        response: { 200: orderReviewSchema },
      },
    },
    async (request) => getOrderReview(await memberContextFrom(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/review',
    {
      config: owner,
      schema: {
        tags,
        summary: "The buyer rates the order's seller (once; after delivery confirmation or release)",
        params: idParamsSchema,
        body: reviewBodySchema,
        response: { 201: reviewSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createReview(await memberContextFrom(request), request.params.id, request.body)),
  );

  app.patch(
    '/api/reviews/:id',
    {
      config: member,
      schema: {
        tags,
        summary: 'The buyer edits their review within 14 days of writing it',
        params: idParamsSchema,
        body: reviewBodySchema,
        response: { 200: reviewSchema },
      },
    },
    async (request) => editReview(await memberContextFrom(request), request.params.id, request.body),
  );

  app.post(
    '/api/reviews/:id/reply',
    {
      config: member,
      schema: {
        tags,
        summary: 'The reviewed seller answers a review (once)',
        params: idParamsSchema,
        body: replyBodySchema,
        response: { 200: reviewSchema },
      },
    },
    async (request) => replyToReview(await memberContextFrom(request), request.params.id, request.body),
  );
};
