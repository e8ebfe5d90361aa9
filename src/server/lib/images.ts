import { Readable } from 'node:stream';
import sharp from 'sharp';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import { detectFileType, fileTypeByName } from '#shared/schemas/applications.ts';
import { LISTING_IMAGE_TYPES } from '#shared/schemas/listings.ts';
import { AppError } from './app-error.ts';
import type { Log } from './logger.ts';
import { createSemaphore } from './semaphore.ts';
import type { Storage } from './storage.ts';

const v = listingMessages.validation;

// libvips keeps up to 50 MB of recent operations' results for reuse; every upload and demo picture
// is processed once, so the cache only held memory (decision 054: what stays resident).
sharp.cache(false);

/** Storage prefix of listing images; GET /api/listing-images/:file serves this prefix and nothing else. */
export const LISTING_IMAGE_PREFIX = 'listing-images';
const IMAGE_BOX = 1200;
const THUMBNAIL_BOX = 320;
/**
 * The largest picture decoded: 4096 × 4096 (16.7 MP) holds a 12-16 MP phone photo, more than a
 * product photo needs, while a decode stays near 67 MB (RGBA). Larger ones are refused unread.
 */
export const MAX_INPUT_PIXELS = 4096 * 4096;
/** Decodes running at once in this process; more uploads wait their turn rather than add memory. */
export const IMAGE_DECODES_AT_ONCE = 2;
export const imageDecodeSlots = createSemaphore(IMAGE_DECODES_AT_ONCE);
/** Image uploads per member in ten minutes (each costs a decode); counted in the database, not per address. */
export const IMAGE_UPLOAD_LIMIT = {
  name: 'listing-image',
  max: 30,
  windowMs: 10 * 60 * 1000,
  perMember: true,
  message: v.imageRateLimited,
};

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
  // The header alone tells the size, so an oversized picture is refused before any decode.
  const { width, height } = await sharp(upload.bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (!width || !height) throw new AppError('UNSUPPORTED_MEDIA_TYPE', v.imageUnreadable);
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', v.imageTooManyPixels(Math.floor(MAX_INPUT_PIXELS / 1_000_000)));
  }
  return imageDecodeSlots.run(async () => {
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
  });
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
