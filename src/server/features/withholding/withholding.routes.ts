import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withholdingReportQuerySchema, withholdingReportSchema } from '#shared/schemas/withholding.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { exportWithholdingReportCsv, getWithholdingReport } from './withholding.service.ts';
import { sendCsv } from '../../lib/attachment.ts';

const admin = { access: 'admin' as const };
const tags = ['withholding'];

/** The admin's monthly e-ticaret stopajı report per seller, from the ledger (decision 041). */
export const withholdingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/reports/withholding',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Withholding per seller for a Turkish calendar month: gross released, VAT-exclusive base, withheld',
        querystring: withholdingReportQuerySchema,
        response: { 200: withholdingReportSchema },
      },
    },
    async (request) => getWithholdingReport(await memberContextFrom(request), request.query),
  );

  app.get(
    '/api/admin/reports/withholding.csv',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The monthly withholding report as CSV (UTF-8 with BOM, ";"-separated, Turkish headers)',
        querystring: withholdingReportQuerySchema,
        response: { 200: z.string().describe('text/csv attachment') },
      },
    },
    async (request, reply) => {
      const csv = await exportWithholdingReportCsv(await memberContextFrom(request), request.query);
      return sendCsv(reply, csv);
    },
  );
};
