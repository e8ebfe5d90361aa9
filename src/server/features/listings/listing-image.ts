import { Readable } from 'node:stream';
import sharp from 'sharp';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import { detectFileType, fileTypeByName } from '#shared/schemas/applications.ts';
import { LISTING_IMAGE_TYPES } from '#shared/schemas/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Log } from '../../lib/logger.ts';
import type { Storage } from '../../lib/storage.ts';

const v = listingMessages.validation;

/** Storage prefix of listing images; GET /api/listing-images/:file serves this prefix and nothing else. */
export const LISTING_IMAGE_PREFIX = 'listing-images';
const IMAGE_BOX = 1200;
const THUMBNAIL_BOX = 320;
/** Refuse decompression bombs before decoding: far above any product photo (e.g. 8000 × 6000). */
const MAX_INPUT_PIXELS = 50_000_000;

/** An uploaded image as the multipart handler read it (≤ 2 MB, held in memory); only the server creates these. */
export class IncomingImage {
  constructor(
    /** As the client named it; only its extension is used. */
    readonly originalName: string,
    readonly bytes: Buffer,
  ) {}
}

export interface StoredImage {
  imageKey: string;
  thumbnailKey: string;
}

/**
 * Checks the upload by its content (PNG or JPEG, agreeing with the file name), then decodes and
 * re-encodes it: turned upright from its EXIF orientation, fitted inside 1200 × 1200 (never
 * enlarged) and written as WebP without any metadata, plus a 320 × 320 thumbnail. Re-encoding
 * means nothing of the uploaded file (EXIF, GPS, embedded payloads) is ever served.
 */
export async function reencodeListingImage(upload: IncomingImage): Promise<{ image: Buffer; thumbnail: Buffer }> {
  const detected = detectFileType(upload.bytes.subarray(0, 16));
  const allowed: readonly string[] = LISTING_IMAGE_TYPES;
  if (!detected || !allowed.includes(detected) || detected !== fileTypeByName(upload.originalName)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', v.imageType);
  }
  try {
    const image = await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: IMAGE_BOX, height: IMAGE_BOX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const thumbnail = await sharp(image)
      .resize({ width: THUMBNAIL_BOX, height: THUMBNAIL_BOX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { image, thumbnail };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', v.imageUnreadable);
  }
}

async function storeBuffer(storage: Storage, bytes: Buffer): Promise<string> {
  return storage.commit(await storage.writeTemp(Readable.from([bytes])), LISTING_IMAGE_PREFIX);
}

/** Writes the re-encoded image and thumbnail to storage (both or neither). */
export async function storeListingImage(
  storage: Storage,
  encoded: { image: Buffer; thumbnail: Buffer },
): Promise<StoredImage> {
  const imageKey = await storeBuffer(storage, encoded.image);
  try {
    return { imageKey, thumbnailKey: await storeBuffer(storage, encoded.thumbnail) };
  } catch (error) {
    await storage.remove(imageKey);
    throw error;
  }
}

/**
 * Removes image files no row points to any more. Runs after the change committed, so a failure
 * must not fail the request: it is logged and the orphan file stays (keys are unguessable).
 */
export async function removeListingImageFiles(storage: Storage, log: Log, keys: (string | null)[]): Promise<void> {
  for (const key of keys) {
    if (key)
      await storage
        .remove(key)
        .catch((err: unknown) => log.warn({ err, key }, 'could not remove a listing image file'));
  }
}

/** The storage key of a served file name (32 hex digits, checked by the route). */
export function listingImageKey(file: string): string {
  return `${LISTING_IMAGE_PREFIX}/${file}`;
}
