import formbody from '@fastify/formbody';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/schemas/common.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import { cancelCheckoutResultSchema } from '#shared/schemas/checkout.ts';
import { cancelUnpaidCheckout, handlePaymentCallback, startPayment, type PaymentDeps } from './payments.service.ts';

const tags = ['payments'];

export function paymentDeps(request: FastifyRequest): PaymentDeps {
  const app = request.server;
  return {
    db: app.db,
    clock: app.clock,
    provider: app.payments,
    appUrl: app.env.APP_URL,
    log: request.log,
  };
}

/** Sending the buyer to the provider's card page, and the bank's way back. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payments/:id/start',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Go to the provider's card page for a pending payment (303)",
        params: idParamsSchema,
        response: { 303: z.null() },
      },
    },
    async (request, reply) => {
      const target = await startPayment(await memberContextFrom(request), paymentDeps(request), request.params.id);
      return reply.redirect(target, 303);
    },
  );

  app.post(
    '/api/checkout/groups/:id/cancel',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Give up an unpaid checkout: its payment is cancelled and the stock goes back now',
        params: idParamsSchema,
        response: { 200: cancelCheckoutResultSchema },
      },
    },
    async (request) => {
      await cancelUnpaidCheckout(await memberContextFrom(request), request.params.id);
      return { message: tm.checkout.cancelled };
    },
  );

  // The bank posts a form, cross-site and without our cookie; its own scope parses forms.
  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 64 * 1024 });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/callback/:provider',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: "The bank's 3-D Secure callback: settles the payment, then sends the buyer to the result page",
          params: z.object({ provider: z.string().max(20) }),
          body: z.record(z.string(), z.string()),
          response: { 303: z.null() },
        },
      },
      async (request, reply) => {
        const target = await handlePaymentCallback(paymentDeps(request), request.params.provider, request.body);
        return reply.redirect(target, 303);
      },
    );
  });

  await app.payments.registerRoutes?.(app);
};
