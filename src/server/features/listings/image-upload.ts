import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import { LISTING_IMAGE_MAX_BYTES } from '#shared/schemas/listings.ts';
import { AppError } from '../../lib/app-error.ts';
import { IncomingImage } from '../../lib/images.ts';

/** The name of the multipart file field that carries the listing image. */
const IMAGE_FIELD = 'image';

const discard = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

/**
 * Multipart parsing for the routes of the calling plugin: the one file field `image` (at most
 * 2 MB) is read into memory, where sharp decodes it anyway, and put in the body as an
 * IncomingImage. A larger file is refused with the form's own message.
 */
export async function registerImageUploads(app: FastifyInstance) {
  const maxMegabytes = LISTING_IMAGE_MAX_BYTES / (1024 * 1024);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // Checked below, so the answer carries the form's message rather than the plugin's.
    throwFileSizeLimit: false,
    limits: { fileSize: LISTING_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    async onFile(part) {
      if (part.fieldname !== IMAGE_FIELD) {
        await pipeline(part.file, discard());
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      // Busboy stops at the limit and marks the stream truncated.
      if (part.file.truncated)
        throw new AppError('PAYLOAD_TOO_LARGE', listingMessages.validation.imageTooLarge(maxMegabytes));
      part.value = new IncomingImage(part.filename ?? '', Buffer.concat(chunks));
    },
  });
}
