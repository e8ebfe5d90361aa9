/**
 * A payment provider refused or could not do an operation (refund above what is left, unknown
 * transaction, provider unreachable). Services catch it and answer their own AppError: the
 * provider's wording is for our logs, never for the buyer.
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly reason: 'not_found' | 'not_captured' | 'refund_exceeds_item' | 'rejected' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/**
 * The bank pages post to the callback URL under our CSP (form-action 'self'), so it must be on the
 * app's own origin; anything else would be blocked in the browser, or worse, post elsewhere.
 */
export function assertCallbackOnApp(callbackUrl: string, appUrl: string): void {
  if (!URL.canParse(callbackUrl) || new URL(callbackUrl).origin !== new URL(appUrl).origin) {
    throw new PaymentProviderError('rejected', `callback URL ${callbackUrl} is not on ${appUrl}`);
  }
}
