import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/schemas/common.ts';
import {
  notificationListSchema,
  notificationPageQuerySchema,
  notificationPageSchema,
} from '#shared/schemas/notifications.ts';
import { memberContextFrom } from '../../lib/context.ts';
import {
  dismissOwnNotification,
  listNotificationPage,
  listNotifications,
  readAllNotifications,
  readNotification,
} from './notifications.service.ts';

const member = { access: 'member' as const };
// 'owner': the service acts only on the caller's own notification, and answers 404 for anyone else's.
const owner = { access: 'owner' as const };
const noContent = { 204: z.null().describe('Done') };
const tags = ['notifications'];

/** The header bell and /bildirimler: the member's notifications, read, read-all and dismiss. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications/page',
    {
      config: member,
      schema: {
        tags,
        summary: '/bildirimler: a page of notifications, newest first, filtered by unread and type',
        querystring: notificationPageQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => listNotificationPage(await memberContextFrom(request), request.query),
  );

  app.get(
    '/api/notifications',
    {
      config: member,
      schema: {
        tags,
        summary: 'The newest 50 notifications not dismissed, and the unread count',
        response: { 200: notificationListSchema },
      },
    },
    async (request) => listNotifications(await memberContextFrom(request)),
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: member,
      schema: { tags, summary: 'Mark every notification read', response: noContent },
    },
    async (request, reply) => {
      await readAllNotifications(await memberContextFrom(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: owner,
      schema: { tags, summary: 'Mark one notification read', params: idParamsSchema, response: noContent },
    },
    async (request, reply) => {
      await readNotification(await memberContextFrom(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/notifications/:id/dismiss',
    {
      config: owner,
      schema: { tags, summary: 'Hide one notification from the bell', params: idParamsSchema, response: noContent },
    },
    async (request, reply) => {
      await dismissOwnNotification(await memberContextFrom(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
