import { authMessages } from '#shared/messages/auth.tr.ts';
import { ApiError } from '../../lib/api-client.ts';

const a = authMessages;

/** Sign-in page (/login): the spec's error table (part 1 §8). */
export function describeSignInError(error: unknown): string {
  if (!(error instanceof ApiError)) return a.unexpected;
  if (error.code === 'INVALID_CREDENTIALS') return a.invalidCredentials;
  if (error.code === 'RATE_LIMITED') return a.tooManyAttempts;
  return error.message || a.genericFailure;
}

/** Alternate sign-in page (/auth/login, /auth): its shorter toast texts. */
export function describeAltSignInError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_CREDENTIALS') return a.altInvalidCredentials;
    if (error.code === 'RATE_LIMITED') return error.message || a.tooManyAttempts;
  }
  return a.altGenericFailure;
}
