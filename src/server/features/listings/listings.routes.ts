import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import { idParamsSchema } from '#shared/schemas/common.ts';
import {
  LISTING_IMAGES_PATH,
  listingInputSchema,
  sellerDashboardSchema,
  sellerListingListSchema,
  sellerListingSchema,
} from '#shared/schemas/listings.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { registerImageUploads } from './image-upload.ts';
import { IMAGE_UPLOAD_LIMIT, IncomingImage } from '../../lib/images.ts';
import {
  changeListingStatus,
  createListing,
  deleteListing,
  getSellerDashboard,
  listOwnListings,
  openListingImage,
  removeListingImage,
  replaceListingImage,
  updateListing,
  type ListingFileDeps,
} from './listings.service.ts';
import { sendWebp } from '../../lib/storage.ts';

const tags = ['listings'];
const member = { access: 'member' as const };
// Routes on one listing: any member may call them, the service answers only for the owner's own.
const owner = { access: 'owner' as const };
const noContent = { 204: z.null().describe('Done') };

function fileDeps(request: FastifyRequest): ListingFileDeps {
  return { storage: request.server.storage, log: request.log };
}

/** Only an upload the multipart handler made counts as the image; a text field of that name does not. */
const uploadedImageSchema = z
  .unknown()
  .transform((value, ctx) => {
    if (value instanceof IncomingImage) return value;
    ctx.addIssue({ code: 'custom', message: listingMessages.validation.imageRequired });
    return z.NEVER;
  })
  .meta({ type: 'string', format: 'binary', description: 'Ürün görseli (PNG veya JPEG, en fazla 2 MB)' });

const imageFileParamsSchema = z.object({ file: z.string().regex(/^[0-9a-f]{32}$/) });

/** A year: the file behind a name never changes (a new image gets a new random name). */
const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** PUT /api/listings/:id/image, in a scope of its own that parses multipart bodies. */
const listingImageUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerImageUploads(app);
  app.put(
    '/api/listings/:id/image',
    {
      config: { ...owner, strictRateLimit: IMAGE_UPLOAD_LIMIT },
      schema: {
        tags,
        summary:
          'Set the image of an own listing (PNG/JPEG ≤ 2 MB, re-encoded to WebP without metadata, with a thumbnail)',
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        body: z.object({ image: uploadedImageSchema }),
        response: { 200: sellerListingSchema },
      },
    },
    async (request) =>
      replaceListingImage(await memberContextFrom(request), fileDeps(request), request.params.id, request.body.image),
  );
};

/** A seller's own listings (the seller panel), their images, and the public image files. */
export const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/listings/mine',
    {
      config: member,
      schema: {
        tags,
        summary: "The signed-in seller's listings, newest first",
        response: { 200: sellerListingListSchema },
      },
    },
    async (request) => ({ items: await listOwnListings(await memberContextFrom(request)) }),
  );

  app.get(
    '/api/listings/mine/dashboard',
    {
      config: member,
      schema: {
        tags,
        summary: 'Seller panel figures: listing and order counts, revenue, recent 5 products and orders',
        response: { 200: sellerDashboardSchema },
      },
    },
    async (request) => getSellerDashboard(await memberContextFrom(request)),
  );

  app.post(
    '/api/listings',
    {
      config: member,
      schema: {
        tags,
        summary: 'List an approved catalogue product (status Aktif)',
        body: listingInputSchema,
        response: { 201: sellerListingSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createListing(await memberContextFrom(request), request.body)),
  );

  app.patch(
    '/api/listings/:id',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Save the form over an own listing',
        params: idParamsSchema,
        body: listingInputSchema,
        response: { 200: sellerListingSchema },
      },
    },
    async (request) => updateListing(await memberContextFrom(request), request.params.id, request.body),
  );

  app.delete(
    '/api/listings/:id',
    {
      config: owner,
      schema: { tags, summary: 'Delete an own listing and its image', params: idParamsSchema, response: noContent },
    },
    async (request, reply) => {
      await deleteListing(await memberContextFrom(request), fileDeps(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  for (const verb of ['activate', 'deactivate'] as const) {
    app.post(
      `/api/listings/:id/${verb}`,
      {
        config: owner,
        schema: {
          tags,
          summary:
            verb === 'activate'
              ? 'Publish an own listing (Yayında Değil → Aktif)'
              : 'Unpublish an own listing (Aktif → Yayında Değil)',
          params: idParamsSchema,
          response: { 200: sellerListingSchema },
        },
      },
      async (request) => changeListingStatus(await memberContextFrom(request), request.params.id, verb),
    );
  }

  app.delete(
    '/api/listings/:id/image',
    {
      config: owner,
      schema: {
        tags,
        summary: 'Remove the image of an own listing',
        params: idParamsSchema,
        response: { 200: sellerListingSchema },
      },
    },
    async (request) => removeListingImage(await memberContextFrom(request), fileDeps(request), request.params.id),
  );

  // Multipart only in this scope: the other routes take JSON alone.
  await app.register(listingImageUploadRoutes);

  app.get(
    `${LISTING_IMAGES_PATH}:file`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A listing image or thumbnail (WebP); nothing else of the storage is reachable',
        params: imageFileParamsSchema,
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const file = await openListingImage(app.storage, request.params.file);
      return sendWebp(reply, file, IMAGE_CACHE_CONTROL);
    },
  );
};
