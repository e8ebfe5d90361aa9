import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { AppError } from '../../lib/app-error.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { MAX_STREAMS_PER_MEMBER } from './events.hub.ts';

const lastEventIdSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .optional()
  .catch(undefined);

const eventsQuerySchema = z.object({
  /** The resume point when the page opens a new EventSource itself (a browser's own reconnect sends Last-Event-ID). */
  lastEventId: lastEventIdSchema,
});

/**
 * GET /api/events: the member's Server-Sent Events stream, one per browser tab. Events carry ids
 * only ('notification' {id, type} with the notification's seq as event id, 'badge' {topic},
 * 'resync'); the page refetches what it shows. Never compressed or buffered (the response is
 * written raw, outside the compression hook).
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events',
    {
      config: { access: 'member' },
      schema: {
        tags: ['notifications'],
        summary: 'Server-Sent Events: notifications and badge changes of the signed-in member',
        querystring: eventsQuerySchema,
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const ctx = await memberContextFrom(request);
      const header = request.headers['last-event-id'];
      const fromHeader = lastEventIdSchema.parse(typeof header === 'string' ? header.trim() : undefined);
      const lastEventId = fromHeader ?? request.query.lastEventId ?? null;
      if (app.eventHub.count(ctx.user.id) >= MAX_STREAMS_PER_MEMBER) {
        throw new AppError('RATE_LIMITED', tradingMessages.notifications.tooManyStreams);
      }
      // From here the response is ours: the security headers set so far go along by hand.
      reply.hijack();
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (typeof value === 'string') headers[name] = value;
      }
      try {
        await app.eventHub.open({ userId: ctx.user.id, sessionId: ctx.session.id }, reply.raw, headers, lastEventId);
      } catch (err) {
        request.log.error({ err }, 'events: could not open a stream');
        if (!reply.raw.headersSent) reply.raw.writeHead(503);
        reply.raw.end();
      }
    },
  );
};
