import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#shared/schemas/common.ts';
import {
  buyerOrderDetailSchema,
  buyerOrderListSchema,
  buyerOrderQuerySchema,
  sellerOrderDetailSchema,
  sellerOrderListSchema,
  sellerOrderQuerySchema,
} from '#shared/schemas/orders.ts';
import { z } from 'zod';
import { sendAttachment } from '../../lib/attachment.ts';
import { memberContextFrom } from '../../lib/context.ts';
import {
  exportPackingSlipPdf,
  getBuyerOrder,
  getSellerOrder,
  listBuyerOrders,
  listSellerOrders,
} from './orders.service.ts';

const member = { access: 'member' as const };
// 'owner': the service answers only for the caller's own order, and 404 for anyone else's.
const owner = { access: 'owner' as const };
const tags = ['orders'];

/** The buyer's orders (/siparislerim) and the seller's (the seller panel's orders tab). */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders',
    {
      config: member,
      schema: {
        tags,
        summary: "The member's own orders as buyer, newest first; q searches number, seller and products",
        querystring: buyerOrderQuerySchema,
        response: { 200: buyerOrderListSchema },
      },
    },
    async (request) => listBuyerOrders(await memberContextFrom(request), request.query),
  );

  app.get(
    '/api/orders/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: "One of the member's own orders with address, payment card and timeline",
        params: idParamsSchema,
        response: { 200: buyerOrderDetailSchema },
      },
    },
    async (request) => getBuyerOrder(await memberContextFrom(request), request.params.id),
  );

  app.get(
    '/api/seller/orders',
    {
      config: member,
      schema: {
        tags,
        summary: "The seller's paid orders, one row per line, filtered and paginated by order",
        querystring: sellerOrderQuerySchema,
        response: { 200: sellerOrderListSchema },
      },
    },
    async (request) => listSellerOrders(await memberContextFrom(request), request.query),
  );

  app.get(
    '/api/seller/orders/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: "One of the seller's orders with its lines, the buyer's @handle and the delivery address",
        params: idParamsSchema,
        response: { 200: sellerOrderDetailSchema },
      },
    },
    async (request) => getSellerOrder(await memberContextFrom(request), request.params.id),
  );

  app.get(
    '/api/seller/orders/:id/packing-slip',
    {
      config: owner,
      schema: {
        tags,
        summary: "The packing slip of one of the seller's orders as a PDF: delivery address and lines, no prices",
        params: idParamsSchema,
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const pdf = await exportPackingSlipPdf(await memberContextFrom(request), request.params.id);
      return sendAttachment(reply, 'application/pdf', pdf);
    },
  );
};
