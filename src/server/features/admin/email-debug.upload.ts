import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { emailTestBodySchema } from '#shared/schemas/admin.ts';
import type { OutboxAttachment } from '../../db/schema/email-outbox.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage, TempFile } from '../../lib/storage.ts';

const d = adminMessages.emailDebug;
const STORAGE_PREFIX = 'email-debug';

/** A file name safe for a mail header: no folders, no control characters, at most 100 characters. */
function safeFileName(name: string | undefined): string {
  const base = path
    .basename((name ?? '').replace(/\\/g, '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  return base.slice(-100) || 'ek';
}

function safeContentType(type: string | undefined): string {
  return type && /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type.toLowerCase() : 'application/octet-stream';
}

function isTooLarge(error: unknown): boolean {
  return (
    (error as { code?: string; statusCode?: number }).code === 'FST_REQ_FILE_TOO_LARGE' ||
    (error as { statusCode?: number }).statusCode === 413
  );
}

/**
 * Reads the attachment test's form (fields `email` and `file`). The file is streamed into private
 * storage (the outbox reads it from there at send time), so it is never held whole in memory.
 */
export async function readAttachmentTestForm(request: FastifyRequest, storage: Storage) {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let email: unknown;
  let temp: TempFile | null = null;
  let filename = '';
  let contentType = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || temp) {
          part.file.resume();
          continue;
        }
        temp = await storage.writeTemp(part.file);
        if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE', d.fileTooLarge, { file: d.fileTooLarge });
        filename = safeFileName(part.filename);
        contentType = safeContentType(part.mimetype);
      } else if (part.fieldname === 'email') {
        email = part.value;
      }
    }
  } catch (error) {
    if (temp) await storage.discardTemp(temp);
    if (error instanceof AppError) throw error;
    if (isTooLarge(error)) throw new AppError('PAYLOAD_TOO_LARGE', d.fileTooLarge, { file: d.fileTooLarge });
    throw error;
  }

  const fields: Record<string, string> = {};
  const parsed = emailTestBodySchema.safeParse({ email: typeof email === 'string' ? email : '' });
  if (!parsed.success) fields.email = parsed.error.issues[0]?.message ?? d.emailRequired;
  if (!temp || temp.sizeBytes === 0) fields.file = d.fileRequired;
  if (!parsed.success || !temp || temp.sizeBytes === 0) {
    if (temp) await storage.discardTemp(temp);
    throw new AppError('VALIDATION_FAILED', Object.values(fields)[0], fields);
  }
  const storageKey = await storage.commit(temp, STORAGE_PREFIX);
  const attachment: OutboxAttachment = { filename, contentType, storageKey };
  return { email: parsed.data.email, attachment, sizeBytes: temp.sizeBytes };
}
