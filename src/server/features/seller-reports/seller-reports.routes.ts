import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sellerReportQuerySchema, sellerReportSchema } from '#shared/schemas/seller-reports.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { exportSellerReportCsv, getSellerReport } from './seller-reports.service.ts';
import { sendCsv } from '../../lib/attachment.ts';

// Every member may sell; each sees only the orders where they are the seller.
const member = { access: 'member' as const };
const tags = ['seller'];

/** The seller's reports (issue 12): figures from their own paid orders, as JSON and as CSV. */
export const sellerReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/seller/reports',
    {
      config: member,
      schema: {
        tags,
        summary: "The signed-in seller's sales per month, best sellers, average order value and refund rate",
        querystring: sellerReportQuerySchema,
        response: { 200: sellerReportSchema },
      },
    },
    async (request) => getSellerReport(await memberContextFrom(request), request.query),
  );

  app.get(
    '/api/seller/reports.csv',
    {
      config: member,
      schema: {
        tags,
        summary: 'The report per month as CSV (UTF-8 with BOM, ";"-separated, Turkish headers)',
        querystring: sellerReportQuerySchema,
        response: { 200: z.string().describe('text/csv attachment') },
      },
    },
    async (request, reply) => {
      const csv = await exportSellerReportCsv(await memberContextFrom(request), request.query);
      return sendCsv(reply, csv);
    },
  );
};
