import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '#shared/schemas/common.ts';
import {
  applicationDetailsSchema,
  applicationDocumentParamsSchema,
  applicationListQuerySchema,
  applicationListSchema,
  applicationNotesBodySchema,
  approvalResultSchema,
  approveApplicationBodySchema,
  rejectApplicationBodySchema,
  rejectionResultSchema,
} from '#shared/schemas/applications.ts';
import { memberContextFrom } from '../../lib/context.ts';
import {
  getApplication,
  listApplications,
  openApplicationDocument,
  saveApplicationNotes,
} from './applications.service.ts';
import { approveApplication, rejectApplication } from './application-decisions.service.ts';
import { sendPrivateDownload } from '../../lib/storage.ts';

const admin = { access: 'admin' as const };
const tags = ['admin', 'applications'];

/** The admin's application management: list, details, documents, notes, approve, reject. */
export const adminApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { appUrl: app.env.APP_URL };

  app.get(
    '/api/admin/applications',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Applications, newest first, with search and status filter',
        querystring: applicationListQuerySchema,
        response: { 200: applicationListSchema },
      },
    },
    async (request) => ({ applications: await listApplications(await memberContextFrom(request), request.query) }),
  );

  app.get(
    '/api/admin/applications/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One application with its documents',
        params: idParamsSchema,
        response: { 200: applicationDetailsSchema },
      },
    },
    async (request) => getApplication(await memberContextFrom(request), request.params.id),
  );

  app.get(
    '/api/admin/applications/:id/documents/:docId',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Download a document of an application (content type detected at upload)',
        params: applicationDocumentParamsSchema,
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const file = await openApplicationDocument(
        await memberContextFrom(request),
        app.storage,
        request.params.id,
        request.params.docId,
      );
      return sendPrivateDownload(reply, file);
    },
  );

  app.put(
    '/api/admin/applications/:id/notes',
    {
      config: admin,
      schema: {
        tags,
        summary: "Save the admin's notes",
        params: idParamsSchema,
        body: applicationNotesBodySchema,
        response: { 200: applicationDetailsSchema },
      },
    },
    async (request) =>
      saveApplicationNotes(await memberContextFrom(request), request.params.id, request.body.adminNotes),
  );

  app.post(
    '/api/admin/applications/:id/approve',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Approve: the store owner account is created with a temporary password (returned once, e-mailed)',
        params: idParamsSchema,
        body: approveApplicationBodySchema,
        response: { 200: approvalResultSchema },
      },
    },
    async (request) => approveApplication(await memberContextFrom(request), deps, request.params.id, request.body),
  );

  app.post(
    '/api/admin/applications/:id/reject',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Reject with a reason that is e-mailed to the applicant',
        params: idParamsSchema,
        body: rejectApplicationBodySchema,
        response: { 200: rejectionResultSchema },
      },
    },
    async (request) => rejectApplication(await memberContextFrom(request), request.params.id, request.body.reason),
  );
};
