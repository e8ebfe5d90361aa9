import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderDetailSchema,
  adminOrderListSchema,
  adminOrdersQuerySchema,
  adminWaitingMoneySchema,
} from '#shared/schemas/admin-orders.ts';
import { idParamsSchema } from '#shared/schemas/common.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { getAdminOrder, listAdminOrders } from './admin-orders.service.ts';
import { getWaitingMoney } from './admin-waiting.service.ts';

const admin = { access: 'admin' as const };
const tags = ['admin-orders'];

/** The admin orders desk (Siparişler): search every order and open one with its ledger and timeline. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/orders',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Orders by number, store, status and created date (Istanbul days), 25 a page, newest first',
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrderListSchema },
      },
    },
    async (request) => listAdminOrders(await memberContextFrom(request), request.query),
  );

  app.get(
    '/api/admin/orders/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One order with lines, payment, shipment, timeline, ledger lines, provider jobs and dispute',
        params: idParamsSchema,
        response: { 200: adminOrderDetailSchema },
      },
    },
    async (request) => getAdminOrder(await memberContextFrom(request), request.params.id),
  );

  app.get(
    '/api/admin/payments/waiting',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Payments with a lost bank answer, refunds not known to be made, and voids of late captures',
        response: { 200: adminWaitingMoneySchema },
      },
    },
    async (request) => getWaitingMoney(await memberContextFrom(request)),
  );
};
