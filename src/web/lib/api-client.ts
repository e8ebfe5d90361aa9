import { isErrorCode, type ApiErrorBody, type ErrorCode } from '#shared/errors.ts';
import { messages } from '#shared/messages.tr.ts';
import { followServerDate } from './app-clock.ts';

/** An API error with the server's Turkish message, ready to show. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The ApiError of a failed response's status and parsed body (a body that is not ours still gets a Turkish message). */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const error = (body as Partial<ApiErrorBody> | null)?.error;
  const code = isErrorCode(error?.code) ? error.code : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'INTERNAL_ERROR';
  return new ApiError(code, error?.message ?? messages.errors[code], status, error?.fields);
}

/** The ApiError of a failed fetch response. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  return apiErrorFrom(response.status, await response.json().catch(() => null));
}

type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * Where API calls go. The browser's fetch by default; the server renderer (entry-server.tsx) sets
 * its in-process, cookie-less call once at start-up, so the pages' own query functions fetch the
 * data of a server-rendered page (the same for every visitor, hence one process-wide setting).
 */
export function setApiTransport(next: ApiTransport) {
  transport = next;
}

/** fetch with the session cookie; a network failure becomes the Turkish "connection" error. */
export async function fetchWithSession(path: string, init: RequestInit = {}): Promise<Response> {
  try {
    const response = await transport(path, { ...init, credentials: 'same-origin' });
    followServerDate(response.headers.get('date'));
    return response;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('SERVICE_UNAVAILABLE', messages.common.networkError, 0);
  }
}

/** Calls the JSON API. A FormData body is sent as multipart/form-data (uploads), anything else as JSON. */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const isForm = init.body instanceof FormData;
  const response = await fetchWithSession(path, {
    method: init.method ?? 'GET',
    headers:
      init.body === undefined || isForm
        ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
    signal: init.signal,
  });
  if (response.status === 204) return undefined as T;
  if (!response.ok) throw await apiErrorOf(response);
  return (await response.json().catch(() => null)) as T;
}

/**
 * The one text of a failed call: the server's Turkish message, the connection message for a fetch
 * that never reached the server, otherwise the screen's fallback.
 */
export function apiErrorMessage(error: unknown, fallback: string = messages.common.unexpected): string {
  if (error instanceof ApiError) return error.message || fallback;
  // fetch rejects with a TypeError when the network is down (outside fetchWithSession, e.g. XHR uploads).
  if (error instanceof TypeError) return messages.common.networkError;
  return fallback;
}
