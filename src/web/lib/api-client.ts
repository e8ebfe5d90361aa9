import { isErrorCode, type ApiErrorBody, type ErrorCode } from '#shared/errors.ts';
import { messages } from '#shared/messages.tr.ts';

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

export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers: init.body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError('SERVICE_UNAVAILABLE', messages.common.networkError, 0);
  }
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (body as Partial<ApiErrorBody> | null)?.error;
    const code = isErrorCode(error?.code) ? error.code : 'INTERNAL_ERROR';
    throw new ApiError(code, error?.message ?? messages.errors[code], response.status, error?.fields);
  }
  return body as T;
}
