import { errorStatus, type ErrorCode } from '#shared/errors.ts';
import { messages } from '#shared/messages.tr.ts';

/** The one error type services throw; the error handler turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields?: Record<string, string>;

  constructor(code: ErrorCode, message: string = messages.errors[code], fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = errorStatus[code];
    this.fields = fields;
  }
}
