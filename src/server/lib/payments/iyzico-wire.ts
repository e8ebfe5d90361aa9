import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Kurus } from '#shared/money.ts';
import type { Clock } from '../clock.ts';
import type { Card } from './card-form.ts';
import { PaymentProviderError } from './provider-error.ts';
import type {
  PaymentExpectation,
  PaymentFailureCode,
  PaymentOutcome,
  StartPaymentInput,
  UnverifiedOutcome,
} from './provider.ts';

/**
 * iyzico on the wire: the client we load, its error and card codes, prices as iyzico writes them,
 * response signatures, the sealed card-page attempt and the 3-D Secure initialise request. The
 * provider (iyzico.ts) puts these together; nothing here holds state.
 */

export type IyzicoResponse = Record<string, unknown> & {
  status?: string;
  errorCode?: string | number;
  errorMessage?: string;
  signature?: string;
};
type Callback = (error: unknown, result: unknown) => void;
interface Resource {
  create(request: object, callback: Callback): void;
  retrieve(request: object, callback: Callback): void;
}
export type ResourceName =
  | 'threedsInitialize'
  | 'threedsPayment'
  | 'payment'
  | 'approval'
  | 'disapproval'
  | 'refund'
  | 'cancel'
  | 'installmentInfo'
  | 'reportingTransactionDetails';
export type IyzipayClient = Record<ResourceName, Resource>;

// iyzipay is CommonJS without types; this is the little of it we use.
export const Iyzipay = createRequire(import.meta.url)('iyzipay') as new (config: {
  apiKey: string;
  secretKey: string;
  uri: string;
}) => IyzipayClient;

export class IyzicoUnreachableError extends Error {}

/** iyzico's error codes for card declines (its documented bank response codes). */
const DECLINE_CODES: Record<string, PaymentFailureCode> = {
  '10051': 'insufficient_funds',
  '10005': 'do_not_honour',
  '10084': 'invalid_cvc',
  '10206': 'invalid_cvc',
  '10210': 'three_ds_failed',
  '10211': 'three_ds_failed',
  '10214': 'provider_error',
  '10219': 'provider_error',
  '10228': 'provider_error',
};

/** Our failure code for an iyzico error code: bank declines (10xxx), else a provider-side error. */
export function failureCodeOf(errorCode: unknown): PaymentFailureCode {
  const code = String(errorCode ?? '');
  if (code in DECLINE_CODES) return DECLINE_CODES[code]!;
  return /^10\d{3}$/.test(code) ? 'declined' : 'provider_error';
}

const CARD_BRANDS: Record<string, string> = {
  MASTER_CARD: 'Mastercard',
  VISA: 'Visa',
  TROY: 'Troy',
  AMERICAN_EXPRESS: 'Amex',
};

/** Kuruş → iyzico's decimal price ("1500.5", "1500"). */
export function kurusToIyzicoPrice(kurus: Kurus): string {
  const sign = kurus < 0 ? '-' : '';
  const abs = Math.abs(kurus);
  const lira = Math.trunc(abs / 100);
  const cents = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${lira}${cents ? `.${cents}` : ''}`;
}

/** iyzico's decimal amount → kuruş, once at the boundary (its amounts carry two decimals at most). */
export function iyzicoPriceToKurus(value: unknown): Kurus {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new PaymentProviderError('rejected', `not an amount: ${String(value)}`);
  return Math.round(n * 100);
}

/** The value as iyzico's signature text has it: numbers without trailing zeros, the rest as given. */
function signatureText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return String(value);
}

export function iyzicoSignature(secretKey: string, values: unknown[]): string {
  return createHmac('sha256', secretKey).update(values.map(signatureText).join(':')).digest('hex');
}

export function isSameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

interface SealedAttempt {
  exp: number;
  input: StartPaymentInput;
}

/**
 * The card page's sealed attempt: what startPayment hands the card page travels in its URL,
 * encrypted and authenticated (AES-256-GCM) with a key derived from the secret, and expires.
 * Nothing of it is stored, so any instance can serve the page.
 */
export function createAttemptSeal(secretKey: string, clock: Clock, ttlMs: number) {
  const sealKey = createHmac('sha256', secretKey).update('optistok:iyzico-card-page:v1').digest();
  function seal(input: StartPaymentInput): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
    const payload: SealedAttempt = { exp: clock.now().getTime() + ttlMs, input };
    const data = Buffer.concat([cipher.update(deflateRawSync(JSON.stringify(payload))), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
  }

  function unseal(token: string, conversationId: string): StartPaymentInput | null {
    try {
      const raw = Buffer.from(token, 'base64url');
      if (raw.length < 29) return null;
      const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const data = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      const sealed = JSON.parse(inflateRawSync(data).toString('utf8')) as SealedAttempt;
      if (sealed.exp < clock.now().getTime() || sealed.input.conversationId !== conversationId) return null;
      return sealed.input;
    } catch {
      return null;
    }
  }
  return { seal, unseal };
}

export function splitName(full: string): { name: string; surname: string } {
  const parts = full.trim().split(/\s+/);
  const surname = parts.length > 1 ? parts.pop()! : parts[0]!;
  return { name: parts.join(' ') || surname, surname };
}

export function initializeRequest(input: StartPaymentInput, card: Card) {
  const { buyer } = input;
  const address = { contactName: buyer.name, city: buyer.city, country: 'Turkey', address: buyer.address };
  return {
    conversationId: input.conversationId,
    price: kurusToIyzicoPrice(input.items.reduce((sum, item) => sum + item.priceKurus, 0)),
    paidPrice: kurusToIyzicoPrice(input.amountKurus),
    currency: 'TRY',
    installment: String(input.installments),
    basketId: input.conversationId,
    paymentChannel: 'WEB',
    paymentGroup: 'PRODUCT',
    callbackUrl: input.callbackUrl,
    paymentCard: {
      cardHolderName: card.holder,
      cardNumber: card.number,
      expireMonth: card.expireMonth,
      expireYear: card.expireYear,
      cvc: card.cvc,
      registerCard: '0',
    },
    buyer: {
      id: buyer.id,
      ...splitName(buyer.name),
      gsmNumber: buyer.phone,
      email: buyer.email,
      identityNumber: buyer.identityNumber,
      registrationAddress: buyer.address,
      ip: buyer.ip,
      city: buyer.city,
      country: 'Turkey',
    },
    shippingAddress: address,
    billingAddress: address,
    basketItems: input.items.map((item) => ({
      id: item.itemId,
      name: item.name,
      category1: item.category,
      itemType: 'PHYSICAL',
      price: kurusToIyzicoPrice(item.priceKurus),
      // iyzico pays the sub-merchant subMerchantPrice and the rest of the item to us: sending the
      // seller's share withholds the commission our ledger books (decision 037).
      ...(item.subMerchantKey
        ? { subMerchantKey: item.subMerchantKey, subMerchantPrice: kurusToIyzicoPrice(item.sellerShareKurus) }
        : {}),
    })),
  };
}

/** Whether the answer's signature (HMAC of these fields, in order) is iyzico's. */
export function hasValidSignature(secretKey: string, response: IyzicoResponse, fields: string[]): boolean {
  if (typeof response.signature !== 'string') return false;
  return isSameHex(
    iyzicoSignature(
      secretKey,
      fields.map((f) => response[f]),
    ),
    response.signature,
  );
}

/** A payment answer (3-D Secure auth or payment detail) → our outcome; null while not final. */
export function outcomeOfPayment(
  secretKey: string,
  response: IyzicoResponse,
  expected: PaymentExpectation,
): PaymentOutcome | UnverifiedOutcome | null {
  const { conversationId } = expected;
  if (response.status !== 'success') {
    return {
      status: 'failed',
      code: failureCodeOf(response.errorCode),
      providerMessage: typeof response.errorMessage === 'string' ? response.errorMessage : null,
    };
  }
  if (
    !hasValidSignature(secretKey, response, [
      'paymentId',
      'currency',
      'basketId',
      'conversationId',
      'paidPrice',
      'price',
    ])
  ) {
    // Not iyzico's word: neither a capture nor a failure (decision 038).
    return { status: 'unverified', reason: 'Invalid response signature', voidProviderPaymentId: null };
  }
  if (response.conversationId !== conversationId) {
    return { status: 'unverified', reason: 'Conversation id mismatch', voidProviderPaymentId: null };
  }
  const paymentStatus = response.paymentStatus;
  // iyzico echoes whatever conversation id it is sent, so the echo proves nothing: the payment
  // itself (its basket, amount, currency and items, all under its signature but the items) must
  // be ours, or a small payment's id could settle a large checkout.
  const mismatch = paymentMismatch(response, expected);
  if (mismatch) {
    // Our basket, charged otherwise than we asked: that capture must be voided. Another basket
    // (someone else's payment id) is not ours to void: ours is asked about again.
    const isOurCapture = mismatch !== 'basket' && (paymentStatus === undefined || paymentStatus === 'SUCCESS');
    return {
      status: 'unverified',
      reason: `Payment does not match ours: ${mismatch}`,
      voidProviderPaymentId: isOurCapture ? String(response.paymentId) : null,
    };
  }
  if (paymentStatus !== undefined && paymentStatus !== 'SUCCESS') {
    if (paymentStatus === 'FAILURE') {
      return { status: 'failed', code: failureCodeOf(response.errorCode), providerMessage: null };
    }
    return null;
  }
  if (Number(response.fraudStatus) === -1) {
    return { status: 'failed', code: 'declined', providerMessage: 'Refused by the fraud check' };
  }
  const transactions = Array.isArray(response.itemTransactions)
    ? (response.itemTransactions as Record<string, unknown>[])
    : [];
  return {
    status: 'succeeded',
    providerPaymentId: String(response.paymentId),
    itemTransactions: transactions.map((t) => ({
      itemId: String(t.itemId),
      providerTransactionId: String(t.paymentTransactionId),
      // What iyzico will pay the sub-merchant (its payout amount; the asked price if it sends none).
      sellerPayoutKurus: sellerPayoutOf(t),
    })),
    cardBrand: CARD_BRANDS[String(response.cardAssociation)] ?? null,
    cardLastFour: typeof response.lastFourDigits === 'string' ? response.lastFourDigits : null,
  };
}

/** Why an iyzico payment answer is not the payment we expect, or null when it is. */
function paymentMismatch(response: IyzicoResponse, expected: PaymentExpectation): string | null {
  if (response.basketId !== expected.conversationId) return 'basket';
  if (response.currency !== 'TRY') return 'currency';
  const paid = Number(response.paidPrice);
  if (!Number.isFinite(paid) || Math.round(paid * 100) !== expected.amountKurus) return 'amount';
  const items = Array.isArray(response.itemTransactions)
    ? (response.itemTransactions as Record<string, unknown>[]).map((t) => String(t.itemId))
    : [];
  const wanted = new Set(expected.itemIds);
  if (items.length !== wanted.size || !items.every((id) => wanted.has(id))) return 'items';
  return null;
}

function sellerPayoutOf(transaction: Record<string, unknown>): Kurus | null {
  const amount = transaction.subMerchantPayoutAmount ?? transaction.subMerchantPrice;
  return amount === undefined || amount === null ? null : iyzicoPriceToKurus(amount);
}
