import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { disputeMessages as dm } from '#shared/messages/disputes.tr.ts';
import { idParamsSchema } from '#shared/schemas/common.ts';
import {
  adminDisputeDetailSchema,
  adminDisputeListSchema,
  answerDisputeBodySchema,
  createDisputeBodySchema,
  decideDisputeBodySchema,
  DISPUTE_PHOTO_LIMIT,
  disputeSchema,
} from '#shared/schemas/disputes.ts';
import { z } from '#shared/schemas/zod-tr.ts';
import { memberContextFrom } from '../../lib/context.ts';
import { DISPUTE_PHOTO_UPLOAD_LIMIT, registerDisputePhotoUploads, uploadedPhotosSchema } from '../../lib/photos.ts';
import {
  acceptDisputeOffer,
  answerDispute,
  createDispute,
  getOrderDispute,
  openDisputePhoto,
} from './disputes.service.ts';
import { decideDispute, getAdminDispute, listAdminDisputes } from './disputes-admin.service.ts';
import { sendWebp } from '../../lib/storage.ts';

// 'owner': the service answers only for the caller's own order (buyer or seller), 404 otherwise.
const owner = { access: 'owner' as const };
const admin = { access: 'admin' as const };
// Buyer, seller or admin: the service decides (404 for anyone else).
const member = { access: 'member' as const };
const tags = ['disputes'];

const photosSchema = uploadedPhotosSchema(DISPUTE_PHOTO_LIMIT, dm.tooManyPhotos);

const photoParamsSchema = z.object({ id: z.uuid(), file: z.string().regex(/^[0-9a-f]{32}$/) });

/** The report and the answer, in a scope of their own that also parses multipart bodies (photos). */
const disputeUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerDisputePhotoUploads(app);
  app.post(
    '/api/orders/:id/dispute',
    {
      config: { ...owner, strictRateLimit: DISPUTE_PHOTO_UPLOAD_LIMIT },
      schema: {
        tags,
        summary: 'The buyer reports a problem with an order (paid_escrow or shipped): the order becomes disputed',
        params: idParamsSchema,
        consumes: ['application/json', 'multipart/form-data'],
        body: createDisputeBodySchema.extend({ photos: photosSchema }),
        response: { 201: disputeSchema },
      },
    },
    async (request, reply) => {
      const dispute = await createDispute(
        await memberContextFrom(request),
        { storage: app.storage, photos: request.body.photos },
        request.params.id,
        request.body,
      );
      return reply.code(201).send(dispute);
    },
  );

  app.post(
    '/api/orders/:id/dispute/answer',
    {
      config: { ...owner, strictRateLimit: DISPUTE_PHOTO_UPLOAD_LIMIT },
      schema: {
        tags,
        summary: "The seller's statement and optional refund offer (once, while the dispute is open)",
        params: idParamsSchema,
        consumes: ['application/json', 'multipart/form-data'],
        body: answerDisputeBodySchema.extend({ photos: photosSchema }),
        response: { 200: disputeSchema },
      },
    },
    async (request) =>
      answerDispute(
        await memberContextFrom(request),
        { storage: app.storage, photos: request.body.photos },
        request.params.id,
        request.body,
      ),
  );
};

/** Problem reports on orders: the buyer's report, the seller's answer, agreement, and the admin desk. */
export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(disputeUploadRoutes);

  app.get(
    '/api/orders/:id/dispute/photos/:file',
    {
      config: member,
      schema: {
        tags,
        summary: "A dispute photo (WebP), for the order's buyer, its seller and admins",
        params: photoParamsSchema,
        response: { 200: z.any().meta({ type: 'string', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const file = await openDisputePhoto(
        await memberContextFrom(request),
        app.storage,
        request.params.id,
        request.params.file,
      );
      return sendWebp(reply, file, 'private, no-store');
    },
  );

  app.get(
    '/api/orders/:id/dispute',
    {
      config: owner,
      schema: {
        tags,
        summary: "An order's dispute, for its buyer or its seller",
        params: idParamsSchema,
        response: { 200: disputeSchema },
      },
    },
    async (request) => getOrderDispute(await memberContextFrom(request), request.params.id),
  );

  app.post(
    '/api/orders/:id/dispute/accept-offer',
    {
      config: owner,
      schema: {
        tags,
        summary: "The buyer accepts the seller's refund offer: the dispute is resolved by agreement",
        params: idParamsSchema,
        response: { 200: disputeSchema },
      },
    },
    async (request) => {
      const dispute = await acceptDisputeOffer(await memberContextFrom(request), request.params.id);
      // The refund job it queued runs now, not at the next sweep.
      app.jobs?.kick('provider-jobs');
      return dispute;
    },
  );

  app.get(
    '/api/admin/disputes',
    {
      config: admin,
      schema: {
        tags,
        summary: 'The dispute desk: undecided disputes first, with the count waiting for an admin',
        response: { 200: adminDisputeListSchema },
      },
    },
    async (request) => listAdminDisputes(await memberContextFrom(request)),
  );

  app.get(
    '/api/admin/disputes/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: "One dispute by its order's id, with the order's lines, shipment and timeline",
        params: idParamsSchema,
        response: { 200: adminDisputeDetailSchema },
      },
    },
    async (request) => getAdminDispute(await memberContextFrom(request), request.params.id),
  );

  app.post(
    '/api/admin/disputes/:id/decide',
    {
      config: admin,
      schema: {
        tags,
        summary: "An admin decides a dispute (by its order's id): full refund, partial refund, or release",
        params: idParamsSchema,
        body: decideDisputeBodySchema,
        response: { 200: disputeSchema },
      },
    },
    async (request) => {
      const dispute = await decideDispute(await memberContextFrom(request), request.params.id, request.body);
      // The refund or release job it queued runs now, not at the next sweep.
      app.jobs?.kick('provider-jobs');
      return dispute;
    },
  );
};
