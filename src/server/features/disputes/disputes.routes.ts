import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#shared/schemas/common.ts';
import {
  adminDisputeDetailSchema,
  adminDisputeListSchema,
  answerDisputeBodySchema,
  createDisputeBodySchema,
  decideDisputeBodySchema,
  disputeSchema,
} from '#shared/schemas/disputes.ts';
import { memberContextFrom } from '../../lib/context.ts';
import {
  acceptDisputeOffer,
  answerDispute,
  createDispute,
  decideDispute,
  getAdminDispute,
  getOrderDispute,
  listAdminDisputes,
} from './disputes.service.ts';

// 'owner': the service answers only for the caller's own order (buyer or seller), 404 otherwise.
const owner = { access: 'owner' as const };
const admin = { access: 'admin' as const };
const tags = ['disputes'];

/** Problem reports on orders: the buyer's report, the seller's answer, agreement, and the admin desk. */
export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/orders/:id/dispute',
    {
      config: owner,
      schema: {
        tags,
        summary: 'The buyer reports a problem with an order (paid_escrow or shipped): the order becomes disputed',
        params: idParamsSchema,
        body: createDisputeBodySchema,
        response: { 201: disputeSchema },
      },
    },
    async (request, reply) => {
      const dispute = await createDispute(await memberContextFrom(request), request.params.id, request.body);
      return reply.code(201).send(dispute);
    },
  );

  app.get(
    '/api/orders/:id/dispute',
    {
      config: owner,
      schema: {
        tags,
        summary: "An order's dispute, for its buyer or its seller",
        params: idParamsSchema,
        response: { 200: disputeSchema },
      },
    },
    async (request) => getOrderDispute(await memberContextFrom(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/dispute/answer',
    {
      config: owner,
      schema: {
        tags,
        summary: "The seller's statement and optional refund offer (once, while the dispute is open)",
        params: idParamsSchema,
        body: answerDisputeBodySchema,
        response: { 200: disputeSchema },
      },
    },
    async (request) => answerDispute(await memberContextFrom(request), request.params.id, request.body),
  );

  app.post(
    '/api/orders/:id/dispute/accept-offer',
    {
      config: owner,
      schema: {
        tags,
        summary: "The buyer accepts the seller's refund offer: the dispute is resolved by agreement",
        params: idParamsSchema,
        response: { 200: disputeSchema },
      },
    },
    async (request) => acceptDisputeOffer(await memberContextFrom(request), request.params.id),
  );

  app.get(
    '/api/admin/disputes',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The dispute desk: undecided disputes first, with the count waiting for an admin',
        response: { 200: adminDisputeListSchema },
      },
    },
    async (request) => listAdminDisputes(await memberContextFrom(request)),
  );

  app.get(
    '/api/admin/disputes/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: "One dispute by its order's id, with the order's lines, shipment and timeline",
        params: idParamsSchema,
        response: { 200: adminDisputeDetailSchema },
      },
    },
    async (request) => getAdminDispute(await memberContextFrom(request), request.params.id),
  );

  app.post(
    '/api/admin/disputes/:id/decide',
    {
      config: admin,
      schema: {
        tags,
        summary: "An admin decides a dispute (by its order's id): full refund, partial refund, or release",
        params: idParamsSchema,
        body: decideDisputeBodySchema,
        response: { 200: disputeSchema },
      },
    },
    async (request) => decideDispute(await memberContextFrom(request), request.params.id, request.body),
  );
};
