import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/schemas/common.ts';
import {
  utsNotifiedResultSchema,
  utsReportQuerySchema,
  utsReportSchema,
  utsTrackedLinesSchema,
} from '#shared/schemas/uts.ts';
import { memberContextFrom } from '../../lib/context.ts';
import type { UtsSide } from './uts.policy.ts';
import { exportUtsReportCsv, getUtsReport, getUtsTrackedLines, markUtsNotifiedByCaller } from './uts.service.ts';
import { sendCsv } from '../../lib/attachment.ts';

const member = { access: 'member' as const };
// 'owner': the service acts only on the caller's own order, and answers 404 for anyone else's.
const owner = { access: 'owner' as const };
const tags = ['uts'];

/** ÜTS transfer data (decision 044): the ship dialog's tracked lines, each side's monthly list and CSV, the tick. */
export const utsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders/:id/uts/lines',
    {
      config: owner,
      schema: {
        tags,
        summary: "The seller's order lines tracked in ÜTS (the ship dialog asks for their units)",
        params: idParamsSchema,
        response: { 200: utsTrackedLinesSchema },
      },
    },
    async (request) => getUtsTrackedLines(await memberContextFrom(request), request.params.id),
  );

  for (const side of ['verme', 'alma'] as const satisfies readonly UtsSide[]) {
    const whose = side === 'verme' ? "seller's outgoing" : "buyer's incoming";
    app.get(
      `/api/me/uts/${side}`,
      {
        config: member,
        schema: {
          tags,
          summary: `The caller's ${whose} ÜTS transfers of a Turkish calendar month (?ay=yyyy-MM)`,
          querystring: utsReportQuerySchema,
          response: { 200: utsReportSchema },
        },
      },
      async (request) => getUtsReport(await memberContextFrom(request), side, request.query),
    );
    app.get(
      `/api/me/uts/${side}.csv`,
      {
        config: member,
        schema: {
          tags,
          summary: `The ${whose} ÜTS transfers as CSV (UTF-8 with BOM, ";"-separated, Turkish headers)`,
          querystring: utsReportQuerySchema,
          response: { 200: z.string().describe('text/csv attachment') },
        },
      },
      async (request, reply) => {
        const csv = await exportUtsReportCsv(await memberContextFrom(request), side, request.query);
        return sendCsv(reply, csv);
      },
    );
  }

  app.post(
    '/api/orders/:id/uts/bildirildi',
    {
      config: owner,
      schema: {
        tags,
        summary: "The caller's side ticks that it notified ÜTS (seller: verme, buyer: alma); idempotent",
        params: idParamsSchema,
        response: { 200: utsNotifiedResultSchema },
      },
    },
    async (request) => markUtsNotifiedByCaller(await memberContextFrom(request), request.params.id),
  );
};
