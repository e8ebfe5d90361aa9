import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyReply } from 'fastify';

/** A file streamed into the private temp folder, not yet given a storage key. */
export interface TempFile {
  tempPath: string;
  sizeBytes: number;
  sha256: string;
  /** The first bytes of the content, for type detection. */
  head: Buffer;
}

export interface Storage {
  readonly root: string;
  /** Streams `source` into a new private temp file (removed again if the stream fails). */
  writeTemp(source: Readable): Promise<TempFile>;
  /** Moves a temp file to a new random key under `prefix` and returns the key. */
  commit(temp: TempFile, prefix: string): Promise<string>;
  /** Removes a temp file that was not committed (no error if it is gone). */
  discardTemp(temp: TempFile): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** A read stream of the stored file with its size; null when the file is missing. */
  open(key: string): Promise<{ stream: ReadStream; sizeBytes: number } | null>;
  remove(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Private file storage (application documents); never served directly. */
    storage: Storage;
  }
}

const HEAD_BYTES = 16;
const PREFIX = /^[a-z][a-z0-9-]{0,40}$/;
/** Keys are ours alone: a prefix and 32 random hex digits, so no caller can steer a path. */
const KEY = /^[a-z][a-z0-9-]{0,40}\/[0-9a-f]{32}$/;

function ignoreMissing(error: unknown) {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}

/**
 * Files under `root` (DATA_DIR/uploads by default). Uploads are written to `root/.tmp` first and
 * renamed into place (same file system, so the stored file appears whole or not at all).
 */
export function createStorage(root: string): Storage {
  const absoluteRoot = path.resolve(root);
  const tempDir = path.join(absoluteRoot, '.tmp');

  function pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`invalid storage key: ${key}`);
    return path.join(absoluteRoot, key);
  }

  return {
    root: absoluteRoot,

    async writeTemp(source) {
      await mkdir(tempDir, { recursive: true, mode: 0o700 });
      const tempPath = path.join(tempDir, randomBytes(16).toString('hex'));
      const hash = createHash('sha256');
      let sizeBytes = 0;
      let head = Buffer.alloc(0);
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          sizeBytes += chunk.length;
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          callback(null, chunk);
        },
      });
      try {
        await pipeline(source, meter, createWriteStream(tempPath, { mode: 0o600, flags: 'wx' }));
      } catch (error) {
        await unlink(tempPath).catch(ignoreMissing);
        throw error;
      }
      return { tempPath, sizeBytes, sha256: hash.digest('hex'), head };
    },

    async commit(temp, prefix) {
      if (!PREFIX.test(prefix)) throw new Error(`invalid storage prefix: ${prefix}`);
      const key = `${prefix}/${randomBytes(16).toString('hex')}`;
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await rename(temp.tempPath, target);
      return key;
    },

    async discardTemp(temp) {
      await unlink(temp.tempPath).catch(ignoreMissing);
    },

    read: (key) => readFile(pathOf(key)),

    async open(key) {
      const file = pathOf(key);
      try {
        const info = await stat(file);
        return { stream: createReadStream(file), sizeBytes: info.size };
      } catch (error) {
        ignoreMissing(error);
        return null;
      }
    },

    async remove(key) {
      await unlink(pathOf(key)).catch(ignoreMissing);
    },
  };
}

/** Sends a stored WebP image; `cacheControl` says who may keep it (private pictures: 'private, no-store'). */
export function sendWebp(
  reply: FastifyReply,
  file: { stream: ReadStream; sizeBytes: number },
  cacheControl: string,
): FastifyReply {
  return reply
    .header('content-type', 'image/webp')
    .header('content-length', String(file.sizeBytes))
    .header('cache-control', cacheControl)
    .send(file.stream);
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Sends a private stored document as a download that no shared cache keeps. */
export function sendPrivateDownload(
  reply: FastifyReply,
  file: { stream: ReadStream; sizeBytes: number; contentType: string; fileName: string },
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
