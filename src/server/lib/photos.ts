import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { disputeMessages as dm } from '#shared/messages/disputes.tr.ts';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import { DISPUTE_PHOTO_LIMIT } from '#shared/schemas/disputes.ts';
import { LISTING_IMAGE_MAX_BYTES } from '#shared/schemas/listings.ts';
import { z } from '#shared/schemas/zod-tr.ts';
import { AppError } from './app-error.ts';
import type { Storage } from './storage.ts';
import { IncomingImage, reencodeListingImage } from './images.ts';

/** Storage prefix of dispute photos (private; served only to the order's buyer, seller and admins). */
export const DISPUTE_PHOTO_PREFIX = 'dispute-photos';
/** The multipart file field carrying the photos (repeated, at most DISPUTE_PHOTO_LIMIT). */
export const PHOTO_FIELD = 'photos';

/** Photo uploads per member in ten minutes (each costs a decode); counted in the database. */
export const DISPUTE_PHOTO_UPLOAD_LIMIT = {
  name: 'dispute-photo',
  max: 20,
  windowMs: 10 * 60 * 1000,
  perMember: true,
  message: dm.photosRateLimited,
};

const discard = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

/**
 * Multipart parsing for the dispute report and answer (JSON bodies keep working next to it): the
 * repeated file field `photos`, each at most 2 MB and at most three, read into memory as
 * IncomingImage; the text fields arrive as strings.
 */
export async function registerDisputePhotoUploads(app: FastifyInstance) {
  const maxMegabytes = LISTING_IMAGE_MAX_BYTES / (1024 * 1024);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    throwFileSizeLimit: false,
    limits: {
      fileSize: LISTING_IMAGE_MAX_BYTES,
      // One more than allowed, so the extra one reaches onFile and is refused with our message.
      files: DISPUTE_PHOTO_LIMIT + 1,
      fields: 5,
      // Texts of up to 2,000 characters (dispute statements, messages) take up to 3 bytes each in
      // UTF-8; a longer value would be cut silently rather than refused.
      fieldSize: 16 * 1024,
      parts: DISPUTE_PHOTO_LIMIT + 6,
      headerPairs: 50,
    },
    async onFile(part) {
      if (part.fieldname !== PHOTO_FIELD) {
        await pipeline(part.file, discard());
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', dm.photoTooLarge(maxMegabytes));
      part.value = new IncomingImage(part.filename ?? '', Buffer.concat(chunks));
    },
  });
}

/**
 * The photos of a multipart body (the `photos` field): none, one, or a repeated field (at most
 * `limit`); anything but an uploaded file is refused. Also used by message attachments.
 */
export function uploadedPhotosSchema(limit: number, tooMany: string) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
      if (list.length > limit) {
        ctx.addIssue({ code: 'custom', message: tooMany });
        return z.NEVER;
      }
      if (!list.every((item) => item instanceof IncomingImage)) {
        ctx.addIssue({ code: 'custom', message: listingMessages.validation.imageType });
        return z.NEVER;
      }
      return list as IncomingImage[];
    })
    .meta({
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description: `En fazla ${limit} fotoğraf (PNG/JPEG, 2 MB)`,
    });
}

/**
 * Re-encodes each photo (PNG/JPEG checked by content, EXIF dropped, WebP) and stores it privately
 * under `prefix` (dispute photos by default; message attachments pass theirs).
 * Returns the storage keys; on a failure the photos already stored are removed again.
 */
export async function storeDisputePhotos(
  storage: Storage,
  photos: IncomingImage[],
  prefix: string = DISPUTE_PHOTO_PREFIX,
): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const photo of photos) {
      const { image } = await reencodeListingImage(photo);
      keys.push(await storage.commit(await storage.writeTemp(Readable.from([image])), prefix));
    }
  } catch (error) {
    await removeDisputePhotos(storage, keys);
    throw error;
  }
  return keys;
}

export async function removeDisputePhotos(storage: Storage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.remove(key).catch(() => undefined);
}

/** The storage key of a served file name (32 hex digits, checked by the route). */
export function disputePhotoKey(file: string): string {
  return `${DISPUTE_PHOTO_PREFIX}/${file}`;
}
