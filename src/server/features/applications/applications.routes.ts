import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicationMessages } from '#shared/messages/applications.tr.ts';
import {
  APPLICATION_FILE_MAX_BYTES,
  applicationReceiptSchema,
  createApplicationBodySchema,
} from '#shared/schemas/applications.ts';
import { contextFrom } from '../../lib/context.ts';
import { IncomingUpload, registerDocumentUploads } from '../../lib/document-upload.ts';
import { submitApplication } from './applications.service.ts';

/** Only an upload the multipart handler made counts as the document; a text field of that name does not. */
const uploadedDocumentSchema = z
  .unknown()
  .transform((value) => (value instanceof IncomingUpload ? value : undefined))
  .meta({ type: 'string', format: 'binary', description: 'Vergi levhası (PDF, JPG veya PNG, en fazla 10 MB)' });

export const applicationBodySchema = createApplicationBodySchema(uploadedDocumentSchema);

/** The public membership application (multipart: the fields and the `document` file). */
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerDocumentUploads(app, app.storage, {
    fields: ['document'],
    maxBytes: APPLICATION_FILE_MAX_BYTES,
    tooLargeMessage: applicationMessages.fileTooLargeServer,
  });

  app.post(
    '/api/applications',
    {
      config: { access: 'public', strictRateLimit: { name: 'applications', max: 5, windowMs: 60 * 60 * 1000 } },
      schema: {
        tags: ['applications'],
        summary: 'Apply for membership with the store details and the tax certificate',
        consumes: ['multipart/form-data'],
        body: applicationBodySchema,
        response: { 201: applicationReceiptSchema },
      },
    },
    async (request, reply) => {
      const { document, ...fields } = request.body;
      // The body schema has already refused a request without the file.
      const receipt = await submitApplication(
        contextFrom(request),
        { storage: app.storage, appUrl: app.env.APP_URL },
        { ...fields, document: document! },
      );
      return reply.code(201).send(receipt);
    },
  );
};
