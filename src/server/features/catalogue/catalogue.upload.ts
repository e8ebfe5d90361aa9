import type { FastifyRequest } from 'fastify';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import { AppError } from '../../lib/app-error.ts';

const v = catalogueMessages.validation;

/** The multipart field that carries the CSV file. */
const IMPORT_FILE_FIELD = 'file';

function isTooLarge(error: unknown): boolean {
  return (
    (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ||
    (error as { statusCode?: number }).statusCode === 413
  );
}

/** The client's file name as the audit row keeps it: no control characters (jsonb refuses NUL), at most 200 characters. */
function cleanFileName(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(-200);
}

/**
 * Reads the import's CSV file into memory; the multipart limit of the route's plugin
 * (CATALOGUE_IMPORT_MAX_BYTES) bounds it. Other parts are drained and ignored.
 */
export async function readImportFile(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  let file: { bytes: Buffer; fileName: string } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== IMPORT_FILE_FIELD || file) {
        part.file.resume();
        continue;
      }
      file = { bytes: await part.toBuffer(), fileName: cleanFileName(part.filename) };
    }
  } catch (error) {
    if (isTooLarge(error)) throw new AppError('PAYLOAD_TOO_LARGE', v.csvTooLarge, { file: v.csvTooLarge });
    throw error;
  }
  if (!file || file.bytes.length === 0)
    throw new AppError('VALIDATION_FAILED', v.csvFileRequired, { file: v.csvFileRequired });
  return file;
}
