import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '#shared/schemas/common.ts';
import {
  adminCatalogueListQuerySchema,
  adminCatalogueListSchema,
  adminCatalogueProductSchema,
  CATALOGUE_IMPORT_MAX_BYTES,
  catalogueImportResultSchema,
  catalogueLookupQuerySchema,
  catalogueLookupSchema,
  catalogueProductInputSchema,
  catalogueProductSchema,
  catalogueProposalListSchema,
  rejectCatalogueProposalBodySchema,
} from '#shared/schemas/catalogue.ts';
import { memberContextFrom } from '../../lib/context.ts';
import {
  approveProposal,
  createCatalogueProduct,
  listAdminCatalogue,
  listMyProposals,
  lookupCatalogue,
  proposeProduct,
  rejectProposal,
  updateCatalogueProduct,
} from './catalogue.service.ts';
import { importCatalogueCsv } from './catalogue-import.service.ts';
import { readImportFile } from './catalogue.upload.ts';

const member = { access: 'member' as const };
const admin = { access: 'admin' as const };
const tags = ['catalogue'];
const adminTags = ['admin', 'catalogue'];

/** The master catalogue: the seller form's lookup, sellers' proposals, and the admin's management and CSV import. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart is parsed only where a route reads it (the CSV import).
  await app.register(multipart, {
    limits: { fileSize: CATALOGUE_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });
  const deps = { appUrl: app.env.APP_URL };

  app.get(
    '/api/catalogue/lookup',
    {
      config: member,
      schema: {
        tags,
        summary:
          'Approved products whose brand, model code or name contains q (Turkish letters folded) or whose barcode starts with it; at most 10',
        querystring: catalogueLookupQuerySchema,
        response: { 200: catalogueLookupSchema },
      },
    },
    async (request) => lookupCatalogue(await memberContextFrom(request), request.query.q),
  );

  app.post(
    '/api/catalogue/proposals',
    {
      config: member,
      schema: {
        tags,
        summary: 'Propose a missing product; it waits for an admin (at most 20 pending per member)',
        body: catalogueProductInputSchema,
        response: { 201: catalogueProductSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await proposeProduct(await memberContextFrom(request), request.body)),
  );

  app.get(
    '/api/catalogue/proposals/mine',
    {
      config: member,
      schema: {
        tags,
        summary: "The member's own proposals with their outcome, newest first",
        response: { 200: catalogueProposalListSchema },
      },
    },
    async (request) => listMyProposals(await memberContextFrom(request)),
  );

  app.get(
    '/api/admin/catalogue',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: 'Catalogue products, 50 a page, searched and filtered; pendingCount counts proposals waiting',
        querystring: adminCatalogueListQuerySchema,
        response: { 200: adminCatalogueListSchema },
      },
    },
    async (request) => listAdminCatalogue(await memberContextFrom(request), request.query),
  );

  app.post(
    '/api/admin/catalogue',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: 'Add an approved product',
        body: catalogueProductInputSchema,
        response: { 201: adminCatalogueProductSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCatalogueProduct(await memberContextFrom(request), request.body)),
  );

  app.patch(
    '/api/admin/catalogue/:id',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: "Edit a product; its listings' copied brand, model code and categories follow",
        params: idParamsSchema,
        body: catalogueProductInputSchema,
        response: { 200: adminCatalogueProductSchema },
      },
    },
    async (request) => updateCatalogueProduct(await memberContextFrom(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/catalogue/:id/approve',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: 'Approve a pending proposal; the proposer is e-mailed',
        params: idParamsSchema,
        response: { 200: adminCatalogueProductSchema },
      },
    },
    async (request) => approveProposal(await memberContextFrom(request), deps, request.params.id),
  );

  app.post(
    '/api/admin/catalogue/:id/reject',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: 'Reject a pending proposal with a reason that is e-mailed to the proposer',
        params: idParamsSchema,
        body: rejectCatalogueProposalBodySchema,
        response: { 200: adminCatalogueProductSchema },
      },
    },
    async (request) => rejectProposal(await memberContextFrom(request), deps, request.params.id, request.body.reason),
  );

  app.post(
    '/api/admin/catalogue/import',
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary:
          'Import products from a CSV file (multipart field "file", at most 5 MB); valid rows are saved, refused rows are reported',
        consumes: ['multipart/form-data'],
        response: { 200: catalogueImportResultSchema },
      },
    },
    async (request) => {
      const ctx = await memberContextFrom(request);
      return importCatalogueCsv(ctx, await readImportFile(request));
    },
  );
};
