/** The closed set of API error codes, with the HTTP status each one maps to. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  INVALID_TOKEN: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  ACCOUNT_DISABLED: 403,
  PASSWORD_RESET_REQUIRED: 403,
  CROSS_ORIGIN_REJECTED: 403,
  NOT_FOUND: 404,
  LISTING_NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  INVALID_STATUS_TRANSITION: 409,
  LIMIT_REACHED: 409,
  CART_EMPTY: 422,
  CART_CHANGED: 409,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_REUSED: 422,
  REQUEST_IN_PROGRESS: 409,
  PAYMENT_NOT_PENDING: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in errorStatus;
}

/** The one JSON shape of every API error. */
export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
}
