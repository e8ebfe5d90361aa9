import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderDetailSchema,
  adminOrderListSchema,
  adminOrdersQuerySchema,
  adminWaitingMoneySchema,
  waitingActionResultSchema,
  waitingPaymentParamsSchema,
  waitingProviderJobParamsSchema,
} from '#shared/schemas/admin-orders.ts';
import { idParamsSchema } from '#shared/schemas/common.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { getAdminOrder, listAdminOrders } from './admin-orders.service.ts';
import {
  checkPaymentNow,
  getWaitingMoney,
  retryPaymentVoid,
  retryProviderJob,
  reviewPayoutMismatch,
} from './admin-waiting.service.ts';

const admin = { access: 'admin' as const };
const tags = ['admin-orders'];

/**
 * The admin orders desk (Siparişler): search every order and open one with its ledger and timeline;
 * what waits on the payment provider, with the admin's actions on it (decisions 038 and 040).
 */
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

  app.post(
    '/api/admin/payments/:id/check',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Ask the provider about a payment with an unknown outcome at the next reconciliation run',
        params: waitingPaymentParamsSchema,
        response: { 200: waitingActionResultSchema },
      },
    },
    async (request) => checkPaymentNow(await memberContextFrom(request), request.params.id),
  );

  app.post(
    '/api/admin/payments/:id/void/retry',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Retry a pending or failed void of a late capture now (attempts kept; the provider's record is asked first)",
        params: waitingPaymentParamsSchema,
        response: { 200: waitingActionResultSchema },
      },
    },
    async (request) => retryPaymentVoid(await memberContextFrom(request), request.params.id),
  );

  app.post(
    '/api/admin/provider-jobs/:id/retry',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Retry a failed refund or release now (attempts and sent_at kept: a sent refund is looked up first)',
        params: waitingProviderJobParamsSchema,
        response: { 200: waitingActionResultSchema },
      },
    },
    async (request) => retryProviderJob(await memberContextFrom(request), request.params.id),
  );

  app.post(
    '/api/admin/payments/:id/payout-mismatch/review',
    {
      config: admin,
      schema: {
        tags,
        summary: "Mark a payment's seller payout mismatch as reviewed: it leaves the waiting list, the audit keeps it",
        params: waitingPaymentParamsSchema,
        response: { 200: waitingActionResultSchema },
      },
    },
    async (request) => reviewPayoutMismatch(await memberContextFrom(request), request.params.id),
  );
};
