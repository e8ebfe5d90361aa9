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
