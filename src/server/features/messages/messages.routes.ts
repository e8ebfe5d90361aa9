import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messagingMessages as m } from '#shared/messages/messages.tr.ts';
import {
  attachmentParamsSchema,
  MESSAGE_ATTACHMENT_LIMIT,
  messageSchema,
  openedThreadSchema,
  openThreadBodySchema,
  orderThreadParamsSchema,
  orderThreadSchema,
  sendMessageBodySchema,
  threadDetailSchema,
  threadListSchema,
  threadParamsSchema,
  unreadCountSchema,
} from '#shared/schemas/messages.ts';
import { z } from '#shared/schemas/zod-tr.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { registerDisputePhotoUploads, uploadedPhotosSchema } from '../../lib/photos.ts';
import {
  getOrderThread,
  getThread,
  getUnreadCount,
  listThreads,
  openMessageAttachment,
  openThread,
  readThread,
  sendMessage,
} from './messages.service.ts';
import { sendWebp } from '../../lib/storage.ts';

// The service answers only for a thread's own stores (and admins for a disputed order's thread), 404 otherwise.
const owner = { access: 'owner' as const };
const member = { access: 'member' as const };
const tags = ['messages'];
const noContent = { 204: z.null().describe('Done') };

/** Messages per member in ten minutes: a conversation never needs more; a flood is refused. Counted in the database. */
export const MESSAGE_SEND_LIMIT = {
  name: 'message-send',
  max: 30,
  windowMs: 10 * 60 * 1000,
  perMember: true,
  message: m.errors.rateLimited,
};

/** New threads per member in ten minutes (each "Satıcıya Sor" on a new listing opens one). */
export const THREAD_OPEN_LIMIT = {
  name: 'message-thread',
  max: 60,
  windowMs: 10 * 60 * 1000,
  perMember: true,
  message: m.errors.threadsRateLimited,
};

/** Sending, in a scope of its own that also parses multipart bodies (image attachments). */
const sendRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerDisputePhotoUploads(app);
  app.post(
    '/api/messages/threads/:id/messages',
    {
      config: { ...owner, strictRateLimit: MESSAGE_SEND_LIMIT },
      schema: {
        tags,
        summary: 'Send a message (1–2,000 characters, up to 3 images) to the other store of a thread',
        params: threadParamsSchema,
        consumes: ['application/json', 'multipart/form-data'],
        body: sendMessageBodySchema.extend({
          photos: uploadedPhotosSchema(MESSAGE_ATTACHMENT_LIMIT, m.validation.tooManyAttachments),
        }),
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      const message = await sendMessage(
        await memberContextFrom(request),
        { storage: app.storage, photos: request.body.photos },
        request.params.id,
        request.body,
      );
      return reply.code(201).send(message);
    },
  );
};

/** Messages between stores (/mesajlar): threads about a listing or an order, read receipts and the unread badge. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sendRoutes);

  app.get(
    '/api/messages/threads',
    {
      config: member,
      schema: {
        tags,
        summary: "The member's threads, newest first, with the other store, the last message and unread counts",
        response: { 200: threadListSchema },
      },
    },
    async (request) => listThreads(await memberContextFrom(request)),
  );

  app.post(
    '/api/messages/threads',
    {
      config: { ...member, strictRateLimit: THREAD_OPEN_LIMIT },
      schema: {
        tags,
        summary:
          'Open the thread about a listing (with its seller) or an order (with the other side); reopens an existing one',
        body: openThreadBodySchema,
        response: { 200: openedThreadSchema },
      },
    },
    async (request) => openThread(await memberContextFrom(request), request.body),
  );

  app.get(
    '/api/messages/threads/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'One thread with its messages and read receipts',
        params: threadParamsSchema,
        response: { 200: threadDetailSchema },
      },
    },
    async (request) => getThread(await memberContextFrom(request), request.params.id),
  );

  app.post(
    '/api/messages/threads/:id/read',
    {
      config: owner,
      schema: {
        tags,
        summary: "Mark the other store's messages of a thread read",
        params: threadParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await readThread(await memberContextFrom(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/messages/threads/:id/attachments/:file',
    {
      config: owner,
      schema: {
        tags,
        summary: 'An attached image (WebP), for whoever may read the thread',
        params: attachmentParamsSchema,
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const file = await openMessageAttachment(
        await memberContextFrom(request),
        app.storage,
        request.params.id,
        request.params.file,
      );
      return sendWebp(reply, file, 'private, no-store');
    },
  );

  app.get(
    '/api/messages/orders/:orderId',
    {
      config: owner,
      schema: {
        tags,
        summary:
          "An order's thread, for its buyer and seller and, once disputed, for admins (null before anyone wrote)",
        params: orderThreadParamsSchema,
        response: { 200: orderThreadSchema },
      },
    },
    async (request) => getOrderThread(await memberContextFrom(request), request.params.orderId),
  );

  app.get(
    '/api/messages/unread-count',
    {
      config: member,
      schema: {
        tags,
        summary: 'How many messages from other stores the member has not read (the "Mesajlar" badge)',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => getUnreadCount(await memberContextFrom(request)),
  );
};
