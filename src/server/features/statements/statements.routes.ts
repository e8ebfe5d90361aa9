import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statementParamsSchema, statementSchema } from '#shared/schemas/statements.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { exportStatementCsv, exportStatementPdf, getStatement } from './statements.service.ts';
import { sendAttachment, sendCsv } from '../../lib/attachment.ts';

// Every member may sell; each sees only the statement of their own store (ctx.user).
const member = { access: 'member' as const };
const tags = ['seller'];

/** The store's monthly statement (Aylık Hesap Özeti, decision 043) as JSON, CSV and PDF. */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/statements/:month',
    {
      config: member,
      schema: {
        tags,
        summary:
          "The signed-in store's statement for a Turkish calendar month: balances, sales, refunds, commission, withholding, payouts",
        params: statementParamsSchema,
        response: { 200: statementSchema },
      },
    },
    async (request) => getStatement(await memberContextFrom(request), request.params.month),
  );

  app.get(
    '/api/me/statements/:month/csv',
    {
      config: member,
      schema: {
        tags,
        summary: 'The monthly statement as CSV (UTF-8 with BOM, ";"-separated, Turkish headers)',
        params: statementParamsSchema,
        response: { 200: z.string().describe('text/csv attachment') },
      },
    },
    async (request, reply) => {
      const csv = await exportStatementCsv(await memberContextFrom(request), request.params.month);
      return sendCsv(reply, csv);
    },
  );

  app.get(
    '/api/me/statements/:month/pdf',
    {
      config: member,
      schema: {
        tags,
        summary: 'The monthly statement as a PDF for the accountant (DejaVu Sans embedded)',
        params: statementParamsSchema,
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const pdf = await exportStatementPdf(await memberContextFrom(request), request.params.month);
      return sendAttachment(reply, 'application/pdf', pdf);
    },
  );
};
