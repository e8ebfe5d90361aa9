import { errorStatus, type ErrorCode } from '#shared/errors.ts';
import { messages } from '#shared/messages.tr.ts';

/** The one error type services throw; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields?: Record<string, string>;
  /** Data answered next to `error` (a refused checkout carries the new `quote`). */
  readonly extra?: Record<string, unknown>;

  constructor(
    code: ErrorCode,
    message: string = messages.errors[code],
    fields?: Record<string, string>,
    extra?: Record<string, unknown>,
  ) {
    super(message);
    this.extra = extra;
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorStatus[code];
    this.fields = fields;
  }
}
