import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorStatus, type ApiErrorBody, type ErrorCode } from '#shared/errors.ts';
import { messages } from '#shared/messages.tr.ts';
import { AppError } from '../lib/app-error.ts';
import { isApiPath, routedPath } from '../lib/routed-path.ts';

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large ...) by status. */
const codeByStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message?: string,
  fields?: Record<string, string>,
  extra?: Record<string, unknown>,
) {
  const body: ApiErrorBody & Record<string, unknown> = {
    ...extra,
    error: { code, message: message ?? messages.errors[code], ...(fields ? { fields } : {}) },
  };
  return reply.code(errorStatus[code]).type('application/json; charset=utf-8').send(body);
}

/**
 * PostgreSQL refuses text it cannot store: a NUL character (22021) or a NUL escape in JSON (22P05).
 * That is the client's input, not our failure, so it answers 400 wherever a schema let it through.
 */
const unstorableTextCodes = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  // Drizzle wraps the driver's error; the SQLSTATE sits on the error or its cause.
  for (
    let current: unknown = error, depth = 0;
    current && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (unstorableTextCodes.has((current as { code?: unknown }).code as string)) return true;
  }
  return false;
}

/**
 * A body that is not valid multipart (no boundary, cut off, a boundary the body never uses, a
 * boundary too long to search for): busboy throws plain Errors known only by their message, and
 * @fastify/multipart raises these two codes. The client's fault, so 400 and never a stack trace.
 */
const MALFORMED_MULTIPART_MESSAGE =
  /^(Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot .*)$/;
const MALFORMED_MULTIPART_CODES = new Set(['FST_MP_PREMATURE_CLOSE', 'FST_INVALID_MULTIPART_CONTENT_TYPE']);

function isMalformedMultipart(error: FastifyError, request: FastifyRequest): boolean {
  if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return false;
  return (
    MALFORMED_MULTIPART_CODES.has(error.code) ||
    (error.statusCode === undefined && MALFORMED_MULTIPART_MESSAGE.test(error.message))
  );
}

function validationFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fields;
  for (const issue of error.validation) {
    const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
    fields[key] ??= issue.message ?? messages.errors.VALIDATION_FAILED;
  }
  return fields;
}

/**
 * The one error path: AppError → its code; schema validation → 400 with the schema's Turkish
 * messages; Fastify's own client errors → their status; anything else → 500 without internals.
 */
export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'service error');
      return sendError(reply, error.code, error.message, error.fields, error.extra);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const first = Object.values(fields)[0];
      return sendError(reply, 'VALIDATION_FAILED', first ?? messages.errors.VALIDATION_FAILED, fields);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return sendError(reply, 'INTERNAL_ERROR');
    }
    if (isUnstorableText(error)) {
      request.log.info({ code: 'UNSTORABLE_TEXT' }, 'client error');
      return sendError(reply, 'VALIDATION_FAILED', messages.common.invalidCharacters);
    }
    if (isMalformedMultipart(error, request)) {
      request.log.warn({ code: 'MALFORMED_MULTIPART', reason: error.message }, 'malformed multipart body');
      return sendError(reply, 'BAD_REQUEST', messages.common.malformedUpload);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      request.log.info({ code: error.code, status }, 'client error');
      return sendError(reply, codeByStatus[status] ?? 'BAD_REQUEST');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR');
  });
});

/**
 * Unknown /api paths get the JSON 404; every other path gets the web app, whose router decides.
 * Judged on the decoded path, so '/%61pi/x' is an API path too.
 */
export function createNotFoundHandler() {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = routedPath(request);
    if (path === null || isApiPath(path) || !request.server.hasDecorator('sendSpa')) {
      return sendError(reply, 'NOT_FOUND');
    }
    return request.server.sendSpa(request, reply);
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    sendSpa(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
  }
}
