import type { FastifyReply } from 'fastify';

/** A download built for one member (their own figures): saved under fileName, never cached. */
export interface Attachment {
  fileName: string;
  body: string | Buffer;
}

export function sendAttachment(reply: FastifyReply, contentType: string, file: Attachment) {
  // With a non-JSON content type Fastify sends the body as is (a CSV's BOM included), unserialised.
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(file.body);
}

export const sendCsv = (reply: FastifyReply, file: Attachment) =>
  sendAttachment(reply, 'text/csv; charset=utf-8', file);
