import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EMAIL_TEST_ATTACHMENT_MAX_BYTES,
  emailTestBodySchema,
  emailTestResultSchema,
  emailTestResultsSchema,
  outboxListSchema,
} from '#shared/schemas/admin.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { listOutboxEmails } from './admin.service.ts';
import { readAttachmentTestForm } from './email-debug.upload.ts';
import { listEmailTests, sendTestEmail } from './email-debug.service.ts';

const admin = { access: 'admin' as const };
const tags = ['admin'];

/** The internal e-mail test page (/email-debug): test mails, attachment tests and the outbox. */
export const emailDebugRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed only where a route reads it; register it here unless the app already has.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, {
      limits: { fileSize: EMAIL_TEST_ATTACHMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
  }

  app.get(
    '/api/admin/email-debug/results',
    {
      config: admin,
      schema: { tags, summary: 'The latest 10 e-mail tests, newest first', response: { 200: emailTestResultsSchema } },
    },
    async (request) => ({ results: await listEmailTests(await memberContextFrom(request)) }),
  );

  app.post(
    '/api/admin/email-debug/test',
    {
      config: { ...admin, strictRateLimit: { name: 'email-test', max: 20, windowMs: 10 * 60 * 1000 } },
      schema: {
        tags,
        summary: 'Queue a Turkish test e-mail (its commit wakes the mail-delivery job)',
        body: emailTestBodySchema,
        response: { 200: emailTestResultSchema },
      },
    },
    async (request) => sendTestEmail(await memberContextFrom(request), app.jobs !== null, { to: request.body.email }),
  );

  app.post(
    '/api/admin/email-debug/attachment-test',
    {
      config: { ...admin, strictRateLimit: { name: 'email-test', max: 20, windowMs: 10 * 60 * 1000 } },
      schema: {
        tags,
        summary: 'Queue a test e-mail carrying the uploaded file (multipart/form-data: email, file)',
        consumes: ['multipart/form-data'],
        response: { 200: emailTestResultSchema },
      },
    },
    async (request) => {
      const ctx = await memberContextFrom(request);
      const form = await readAttachmentTestForm(request, app.storage);
      return sendTestEmail(ctx, app.jobs !== null, {
        to: form.email,
        attachment: form.attachment,
        attachmentBytes: form.sizeBytes,
      });
    },
  );

  app.get(
    '/api/admin/outbox',
    { config: admin, schema: { tags, summary: 'The latest 50 outbox e-mails', response: { 200: outboxListSchema } } },
    async (request) => ({ emails: await listOutboxEmails(await memberContextFrom(request)) }),
  );
};
