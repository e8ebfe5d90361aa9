import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceMessages } from '#shared/messages/invoices.tr.ts';
import { idParamsSchema } from '#shared/schemas/common.ts';
import {
  billingProfileBodySchema,
  billingProfileSchema,
  INVOICE_FILE_MAX_BYTES,
  invoiceFieldsSchema,
  orderInvoiceSchema,
} from '#shared/schemas/invoices.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { IncomingUpload, registerDocumentUploads } from '../../lib/document-upload.ts';
import { sendPrivateDownload } from '../../lib/storage.ts';
import {
  getOwnBillingProfile,
  openOrderInvoiceFile,
  saveOwnBillingProfile,
  uploadOrderInvoice,
} from './invoices.service.ts';

const member = { access: 'member' as const };
// 'owner': the service answers only the order's stores (and admins for files), 404 for anyone else.
const owner = { access: 'owner' as const };
const tags = ['invoices'];

/** Only an upload the multipart handler made counts as a file; a text field of that name does not. */
const uploadedFile = (description: string) =>
  z
    .unknown()
    .transform((value) => (value instanceof IncomingUpload ? value : undefined))
    .optional()
    .meta({ type: 'string', format: 'binary', description });

const invoiceUploadBodySchema = invoiceFieldsSchema.extend({
  pdf: uploadedFile('Fatura PDF (en fazla 10 MB)'),
  xml: uploadedFile('UBL XML (isteğe bağlı, en fazla 10 MB)'),
});

const fileKindParamsSchema = idParamsSchema.extend({ kind: z.enum(['pdf', 'xml']) });

/** The store's billing profile, and the invoice of an order (upload by its seller, download by both stores). */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerDocumentUploads(app, app.storage, {
    fields: ['pdf', 'xml'],
    maxBytes: INVOICE_FILE_MAX_BYTES,
    tooLargeMessage: invoiceMessages.tooLarge,
  });

  app.get(
    '/api/me/billing-profile',
    { config: member, schema: { tags, response: { 200: billingProfileSchema } } },
    async (request) => getOwnBillingProfile(await memberContextFrom(request)),
  );

  app.put(
    '/api/me/billing-profile',
    { config: member, schema: { tags, body: billingProfileBodySchema, response: { 200: billingProfileSchema } } },
    async (request) => saveOwnBillingProfile(await memberContextFrom(request), request.body),
  );

  app.post(
    '/api/orders/:id/invoice',
    {
      config: owner,
      schema: {
        tags,
        summary: "The seller uploads the order's invoice (PDF, optional UBL XML, number, date, ETTN)",
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        body: invoiceUploadBodySchema,
        response: { 200: orderInvoiceSchema },
      },
    },
    async (request) => {
      const { pdf, xml, ...fields } = request.body;
      return uploadOrderInvoice(await memberContextFrom(request), app.storage, request.params.id, {
        fields,
        pdf,
        xml,
      });
    },
  );

  app.get(
    '/api/orders/:id/invoice/:kind',
    {
      config: owner,
      schema: {
        tags,
        summary: "Download the order's invoice (pdf or xml): its two stores and admins only",
        params: fileKindParamsSchema,
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const file = await openOrderInvoiceFile(
        await memberContextFrom(request),
        app.storage,
        request.params.id,
        request.params.kind,
      );
      return sendPrivateDownload(reply, file);
    },
  );
};
