import type { FastifyInstance } from 'fastify';
import type { Kurus } from '#shared/money.ts';
import type { Installments } from '#shared/pricing.ts';

/**
 * One interface for every card payment provider (the embedded sandbox bank, iyzico).
 *
 * The flow: `startPayment` registers the payment with the provider and answers the address of the
 * page where the buyer types the card (the sandbox bank's "Test Ödeme Sayfası", or the iyzico
 * card page). After the card and the 3-D Secure step the bank's page POSTs, cross-site and without
 * our session cookie, to `callbackUrl`; the callback route reads `conversationIdOf(body)`, finds
 * our payment attempt, and calls `completePayment`, which authorises the payment with the provider.
 * Card numbers live only in memory for the length of one request: they never reach our database
 * or logs (the results carry brand and last four digits only).
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  startPayment(input: StartPaymentInput): Promise<StartPaymentResult>;
  /** The conversation id carried by the bank's callback body, or null when it has none. */
  conversationIdOf(callbackBody: Record<string, string>): string | null;
  /**
   * Authorises the payment after the bank's callback. Idempotent by conversation id: a second
   * call for a payment already authorised answers the same success without charging again.
   */
  /**
   * Pending: the callback did not prove it came from the bank's or card page (a cancellation
   * without the page's token, posted by someone who only knows the payment id): nothing changes.
   */
  /**
   * Unknown: the authorisation and the follow-up query both timed out, so the card may or may not
   * be charged. The payment must stay pending (stock held) until retrievePayment knows (decision 038).
   */
  /**
   * Unverified: an answer we cannot book (bad signature, or not the payment we expect); see
   * UnverifiedOutcome. Never a failure: the card may be charged.
   */
  completePayment(
    input: CompletePaymentInput,
  ): Promise<PaymentOutcome | { status: 'pending' } | UnknownOutcome | UnverifiedOutcome>;
  /**
   * Asks the provider what became of a payment (after a timeout or a lost callback). The answer
   * is bound to the payment like completePayment's (basket, amount, currency, items).
   * Not authorised: the provider knows the attempt but nothing was captured (yet).
   */
  retrievePayment(
    expected: PaymentExpectation,
  ): Promise<PaymentOutcome | { status: 'pending' } | NotAuthorisedOutcome | UnverifiedOutcome>;
  /** Releases an item's money to its seller at the provider (iyzico item approval). */
  approveItem(input: ItemActionInput): Promise<void>;
  /** Returns part or all of an item's money to the buyer's card. */
  refundItem(input: RefundItemInput): Promise<void>;
  /**
   * What the provider has refunded so far of each item of a captured payment. Refunds are not
   * idempotent, so a refund whose answer was lost is looked up here before it is sent again.
   * Throws PaymentProviderError('unreachable') when the provider cannot be asked.
   */
  listRefunds(input: { conversationId: string; providerPaymentId: string }): Promise<ItemRefunds[]>;
  /** Voids a whole payment on the day it was taken (before settlement). Not idempotent at iyzico. */
  cancelPayment(input: { conversationId: string; providerPaymentId: string; ip: string }): Promise<void>;
  /**
   * Whether a captured payment has been voided: a void whose answer was lost is looked up here
   * before it is sent again. Throws PaymentProviderError('unreachable') when the provider cannot be asked.
   */
  isVoided(input: { conversationId: string; providerPaymentId: string }): Promise<boolean>;
  /** The instalment plans the card's bank offers for an amount (BIN = first 6-8 digits). */
  quoteInstallments(input: { bin: string; amountKurus: Kurus }): Promise<InstallmentQuote[]>;
  /** Routes of the provider's own pages (the sandbox bank's card and 3-D Secure pages). */
  registerRoutes?(app: FastifyInstance): Promise<void>;
}

export type PaymentProviderName = 'sandbox' | 'iyzico';

export interface PaymentBuyer {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** The store's tax number (iyzico's identityNumber accepts it for companies). */
  identityNumber: string;
  city: string;
  address: string;
  ip: string;
}

/** One order of the group: iyzico's basket item, paid out to the seller's sub-merchant. */
export interface PaymentItem {
  /** Our order id. */
  itemId: string;
  name: string;
  category: string;
  /** The order's share of the charged amount, after discount; the items add up to amountKurus. */
  priceKurus: Kurus;
  /**
   * What the seller's sub-merchant is paid for the item: priceKurus less our commission at the
   * rate fixed on the order (iyzico's subMerchantPrice), so the provider withholds what we book.
   */
  sellerShareKurus: Kurus;
  /** The seller's iyzico sub-merchant key; the sandbox ignores it. */
  subMerchantKey: string | null;
}

export interface StartPaymentInput {
  /** Our payment attempt's id; iyzico's conversationId. Unique per attempt. */
  conversationId: string;
  amountKurus: Kurus;
  installments: Installments;
  items: PaymentItem[];
  buyer: PaymentBuyer;
  /** Absolute URL the bank posts back to. */
  callbackUrl: string;
}

export interface StartPaymentResult {
  /** Where to send the buyer's browser (same site for the sandbox and for our iyzico card page). */
  redirectUrl: string;
}

/**
 * What our books say a payment is: the provider's answer must match it before anything is booked,
 * since the conversation id alone is only echoed back (a small payment's id presented with a large
 * checkout's conversation id must not pay for it). The basket id is the conversation id.
 */
export interface PaymentExpectation {
  conversationId: string;
  amountKurus: Kurus;
  /** Our order ids: the basket's items, in any order. */
  itemIds: string[];
}

export interface CompletePaymentInput {
  conversationId: string;
  callbackBody: Record<string, string>;
  expected: PaymentExpectation;
}

/**
 * Why a payment failed; 'cancelled' = the buyer pressed "Vazgeç" on the card or bank page,
 * 'abandoned' = the 15-minute reservation ran out before the bank answered.
 */
export type PaymentFailureCode =
  | 'insufficient_funds'
  | 'do_not_honour'
  | 'invalid_cvc'
  | 'three_ds_failed'
  | 'declined'
  | 'abandoned'
  | 'cancelled'
  | 'provider_error';

export type PaymentOutcome =
  | {
      status: 'succeeded';
      providerPaymentId: string;
      /**
       * The provider's transaction id for each item (needed to approve and refund it), and what the
       * provider says it will pay the item's seller (null when it does not split payouts: the sandbox).
       */
      itemTransactions: { itemId: string; providerTransactionId: string; sellerPayoutKurus: Kurus | null }[];
      cardBrand: string | null;
      cardLastFour: string | null;
    }
  | { status: 'failed'; code: PaymentFailureCode; providerMessage: string | null };

/** The provider did not answer in time, twice: the charge may or may not have happened. */
export interface UnknownOutcome {
  status: 'unknown';
  providerMessage: string | null;
}

/**
 * The provider knows the attempt but it was never authorised (iyzico INIT_THREEDS or
 * CALLBACK_THREEDS, the sandbox bank's unfinished page): no money was taken so far. Only our
 * authorisation call captures, so once it can no longer be in flight this is final (decision 038).
 */
export interface NotAuthorisedOutcome {
  status: 'not_authorised';
}

/**
 * An answer we cannot book: its signature is not the provider's, or it is not the payment we expect
 * (basket, amount, currency, items). Not a failure either: our card may be charged. When the
 * answer is signed and its basket is ours (our payment was charged, but not as we asked),
 * `voidProviderPaymentId` names the capture to void; otherwise the payment is asked about again.
 */
export interface UnverifiedOutcome {
  status: 'unverified';
  reason: string;
  voidProviderPaymentId: string | null;
}

/** The total refunded of one item (by the provider's transaction id), in kuruş. */
export interface ItemRefunds {
  providerTransactionId: string;
  refundedKurus: Kurus;
}

export interface ItemActionInput {
  conversationId: string;
  providerTransactionId: string;
  ip: string;
}

export interface RefundItemInput extends ItemActionInput {
  amountKurus: Kurus;
}

export interface InstallmentQuote {
  installments: Installments;
  totalKurus: Kurus;
  /** The bank's monthly amount; the last month may differ by the leftover kuruş (see splitInstallments). */
  monthlyKurus: Kurus;
}
