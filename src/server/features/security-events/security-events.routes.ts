import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cspReportBodySchema } from '#shared/schemas/csp-report.ts';
import { contextFrom } from '../../lib/context.ts';
import { recordCspReport } from './security-events.service.ts';

export const securityEventRoutes: FastifyPluginAsyncZod = async (app) => {
  // Browsers send violation reports with their own JSON media types.
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(Object.assign(new Error('invalid report JSON'), { statusCode: 400 }), undefined);
      }
    },
  );

  app.post(
    '/api/csp-report',
    {
      config: { access: 'public', strictRateLimit: { name: 'csp-report', max: 100, windowMs: 60 * 1000 } },
      schema: {
        tags: ['security'],
        summary: 'Receive Content-Security-Policy violation reports from browsers',
        body: cspReportBodySchema,
        response: { 204: z.null().describe('Stored') },
      },
    },
    async (request, reply) => {
      await recordCspReport(contextFrom(request), request.body);
      return reply.code(204).send(null);
    },
  );
};
