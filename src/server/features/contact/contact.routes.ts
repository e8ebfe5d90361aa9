import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageReceiptSchema, createContactMessageBodySchema } from '#shared/schemas/contact.ts';
import { contextFrom } from '../../lib/context.ts';
import { submitContactMessage } from './contact.service.ts';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/contact-messages',
    {
      config: { access: 'public', strictRateLimit: { name: 'contact', max: 5, windowMs: 10 * 60 * 1000 } },
      schema: {
        tags: ['contact'],
        summary: 'Send a message through the public contact form',
        body: createContactMessageBodySchema,
        response: { 201: contactMessageReceiptSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await submitContactMessage(contextFrom(request), request.body)),
  );
};
