import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { disputeMessages as dm } from '#shared/messages/disputes.tr.ts';
import { DISPUTE_PHOTO_LIMIT } from '#shared/schemas/disputes.ts';
import { LISTING_IMAGE_MAX_BYTES } from '#shared/schemas/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../lib/storage.ts';
import { IncomingImage, reencodeListingImage } from '../listings/listing-image.ts';

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
      fieldSize: 4096,
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
 * Re-encodes each photo (PNG/JPEG checked by content, EXIF dropped, WebP) and stores it privately.
 * Returns the storage keys; on a failure the photos already stored are removed again.
 */
export async function storeDisputePhotos(storage: Storage, photos: IncomingImage[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const photo of photos) {
      const { image } = await reencodeListingImage(photo);
      keys.push(await storage.commit(await storage.writeTemp(Readable.from([image])), DISPUTE_PHOTO_PREFIX));
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
