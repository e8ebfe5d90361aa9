import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import {
  cartQuoteBodySchema,
  cartQuoteSchema,
  checkoutBodySchema,
  checkoutGroupStatusSchema,
  checkoutProfileSchema,
  checkoutResultSchema,
} from '#shared/schemas/checkout.ts';
import { errorBodySchema, idParamsSchema } from '#shared/schemas/common.ts';
import { memberContextFrom, viewerContextFrom } from '../../lib/context.ts';
import { checkout, getCheckoutGroupStatus, getCheckoutProfile } from './checkout.service.ts';
import { quoteCart } from './checkout.quote.ts';

const tags = ['checkout'];

/** A member may start this many checkouts per 10 minutes: each one holds stock for 15 minutes. */
export const CHECKOUT_LIMIT = {
  name: 'checkout',
  max: 20,
  windowMs: 10 * 60 * 1000,
  perMember: true,
  message: tm.checkout.tooManyCheckouts,
};

/** The cart's server price, the checkout page's prefill, placing the orders, and the result page's status. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/cart/quote',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Price a cart now and report what changed (prices for members only)',
        body: cartQuoteBodySchema,
        response: { 200: cartQuoteSchema },
      },
    },
    async (request) => quoteCart(await viewerContextFrom(request), request.body),
  );

  app.get(
    '/api/checkout/profile',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "The buying store's address prefill and billing party",
        response: { 200: checkoutProfileSchema },
      },
    },
    async (request) => getCheckoutProfile(await memberContextFrom(request)),
  );

  app.post(
    '/api/checkout',
    {
      config: { access: 'member', strictRateLimit: CHECKOUT_LIMIT },
      schema: {
        tags,
        summary: 'Place one order per seller and reserve the stock (Idempotency-Key header required)',
        headers: z.object({ 'idempotency-key': z.string().optional() }),
        body: checkoutBodySchema,
        response: {
          200: checkoutResultSchema,
          201: checkoutResultSchema,
          409: errorBodySchema.extend({ quote: cartQuoteSchema.optional() }),
        },
      },
    },
    async (request, reply) => {
      const ctx = await memberContextFrom(request);
      const result = await checkout(ctx, request.headers['idempotency-key'], request.body, app.payments.name);
      return reply.code(result.status === 200 ? 200 : 201).send(result.body);
    },
  );

  app.get(
    '/api/checkout/groups/:id',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "A checkout's payment status (the result page after the bank)",
        params: idParamsSchema,
        response: { 200: checkoutGroupStatusSchema },
      },
    },
    async (request) => getCheckoutGroupStatus(await memberContextFrom(request), request.params.id),
  );
};
