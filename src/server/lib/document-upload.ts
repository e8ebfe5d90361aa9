import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { Storage, TempFile } from './storage.ts';

/** An uploaded file already streamed to private temp storage; only the server creates these. */
export class IncomingUpload {
  constructor(
    /** As the client named it (path parts and control characters removed). */
    readonly originalName: string,
    readonly temp: TempFile,
  ) {}
}

const uploadsOf = new WeakMap<FastifyRequest, IncomingUpload[]>();

function cleanFileName(name: string | undefined): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return base.length > 200 ? base.slice(base.length - 200) : base;
}

const discard = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

/** Which file fields a plugin takes, how large each may be and what a too-large file is told. */
export interface DocumentUploadOptions {
  fields: readonly string[];
  maxBytes: number;
  tooLargeMessage: string;
}

/**
 * Multipart parsing for the routes of the calling plugin: text fields become the body, and each
 * file field of `options.fields` (the application's `document`, an invoice's `pdf` and `xml`) is streamed to a private temp file (never held in memory) and put in
 * the body as an IncomingUpload. Whatever happens to the request, a temp file that was not
 * committed to storage is removed before the response is sent.
 */
export async function registerDocumentUploads(app: FastifyInstance, storage: Storage, options: DocumentUploadOptions) {
  const removeTemps = async (request: FastifyRequest) => {
    const uploads = uploadsOf.get(request);
    uploadsOf.delete(request);
    for (const upload of uploads ?? []) await storage.discardTemp(upload.temp);
  };

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: {
      fileSize: options.maxBytes,
      files: options.fields.length,
      fields: 20,
      fieldSize: 8 * 1024,
      parts: 21,
      headerPairs: 100,
    },
    async onFile(part) {
      if (!options.fields.includes(part.fieldname)) {
        await pipeline(part.file, discard());
        return;
      }
      const temp = await storage.writeTemp(part.file);
      const upload = new IncomingUpload(cleanFileName(part.filename), temp);
      uploadsOf.set(this, [...(uploadsOf.get(this) ?? []), upload]);
      // Busboy stops writing at the limit and marks the stream truncated: the stored copy is incomplete.
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', options.tooLargeMessage);
      part.value = upload;
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    // A client that disconnects early never gets onResponse; the socket's close still fires.
    reply.raw.once(
      'close',
      () => void removeTemps(request).catch((err) => request.log.warn({ err }, 'could not remove upload temp file')),
    );
  });
  // Before the answer leaves, so a client that gets its error finds nothing of its upload left.
  app.addHook('onSend', async (request, _reply, payload) => {
    await removeTemps(request);
    return payload;
  });
}
