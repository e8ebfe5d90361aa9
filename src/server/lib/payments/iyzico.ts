import { paymentPageMessages } from '#shared/messages/payment-pages.tr.ts';
import { createHash, randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { installmentOptions, type Installments } from '#shared/pricing.ts';
import type { Clock } from '../clock.ts';
import {
  cardPageHeaders,
  parseCardForm,
  renderCardPage,
  renderMessagePage,
  type CardPageOptions,
} from './card-form.ts';
import {
  createAttemptSeal,
  failureCodeOf,
  hasValidSignature,
  initializeRequest,
  isSameHex,
  iyzicoPriceToKurus,
  iyzicoSignature,
  Iyzipay,
  IyzicoUnreachableError,
  kurusToIyzicoPrice,
  outcomeOfPayment,
  type IyzicoResponse,
  type ResourceName,
} from './iyzico-wire.ts';
import { assertCallbackOnApp, PaymentProviderError } from './provider-error.ts';
import type {
  CompletePaymentInput,
  InstallmentQuote,
  ItemActionInput,
  NotAuthorisedOutcome,
  PaymentExpectation,
  PaymentOutcome,
  PaymentProvider,
  StartPaymentInput,
  UnknownOutcome,
  UnverifiedOutcome,
} from './provider.ts';

/**
 * iyzico's marketplace API through the official `iyzipay` client (IYZWSv2-signed requests).
 *
 * iyzico's 3-D Secure initialise takes the card itself, so the buyer types it on OUR card page
 * ("Kart Bilgileri", /api/payments/iyzico/card/:conversationId): its POST sends the card to iyzico
 * (held in memory for that request only) and answers iyzico's 3-D Secure HTML, which takes the
 * buyer to the bank; the bank then posts to the callback URL and completePayment authorises.
 *
 * The attempt's data (amount, items, buyer, callback URL) travels between startPayment and the
 * card page inside the link itself, sealed with a key derived from the secret key (AES-256-GCM:
 * encrypted and authenticated, expiring), so any instance can serve the page and no table is needed.
 * Every iyzico answer that carries a signature is checked; a bad one is a provider error, never a
 * success.
 */

const m = paymentPageMessages;

export const IYZICO_CARD_PATH = '/api/payments/iyzico/card';

export interface IyzicoProviderOptions {
  apiKey: string;
  secretKey: string;
  /** iyzico's API address (https://sandbox-api.iyzipay.com or https://api.iyzipay.com). */
  baseUrl: string;
  /** Absolute public address of the app. */
  appUrl: string;
  clock: Clock;
  /** How long one call may take before we stop waiting (and, for an authorisation, ask iyzico). */
  timeoutMs?: number;
  /** How long the card page's link stays valid. */
  cardPageTtlMs?: number;
}

/** iyzico can also hold an item's money back (disapproval), which the common interface lacks. */
export interface IyzicoProvider extends PaymentProvider {
  disapproveItem(input: ItemActionInput): Promise<void>;
}

export function createIyzicoProvider(options: IyzicoProviderOptions): IyzicoProvider {
  const { apiKey, secretKey, baseUrl, clock } = options;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const cardPageTtlMs = options.cardPageTtlMs ?? 20 * 60 * 1000;
  const client = new Iyzipay({ apiKey, secretKey, uri: baseUrl });
  const { seal, unseal } = createAttemptSeal(secretKey, clock, cardPageTtlMs);
  /** What the card page's "Vazgeç" carries to the callback, so a cancellation proves its page. */
  const cancelProof = (conversationId: string) => iyzicoSignature(secretKey, ['card-page-cancel', conversationId]);

  function call(resource: ResourceName, method: 'create' | 'retrieve', request: object): Promise<IyzicoResponse> {
    return new Promise((resolve, reject) => {
      // The client has no timeout of its own: past ours we stop waiting (a late answer is dropped).
      const timer = setTimeout(() => reject(new IyzicoUnreachableError(`${resource} timed out`)), timeoutMs);
      client[resource][method]({ locale: 'tr', ...request }, (error, result) => {
        clearTimeout(timer);
        if (error) return reject(new IyzicoUnreachableError(`${resource}: ${String(error)}`));
        if (typeof result !== 'object' || result === null) {
          return reject(new IyzicoUnreachableError(`${resource}: unreadable answer`));
        }
        resolve(result as IyzicoResponse);
      });
    });
  }

  async function retrieve(
    expected: PaymentExpectation,
    paymentId?: string,
  ): Promise<PaymentOutcome | UnverifiedOutcome | NotAuthorisedOutcome> {
    const { conversationId } = expected;
    const response = await call('payment', 'retrieve', {
      conversationId,
      paymentConversationId: conversationId,
      ...(paymentId ? { paymentId } : {}),
    });
    // Not final yet (INIT_THREEDS, CALLBACK_THREEDS): 3-D Secure went through, no authorisation did.
    return outcomeOfPayment(secretKey, response, expected) ?? { status: 'not_authorised' };
  }

  async function completePayment({
    conversationId,
    callbackBody,
    expected,
  }: CompletePaymentInput): Promise<PaymentOutcome | { status: 'pending' } | UnknownOutcome | UnverifiedOutcome> {
    const { status, paymentId, mdStatus, conversationData, signature } = callbackBody;
    if (status === 'cancelled' && !paymentId) {
      // Only our card page knows the proof: a post naming just the payment cancels nothing.
      if (!isSameHex(cancelProof(conversationId), callbackBody.cancelProof ?? '')) return { status: 'pending' };
      return { status: 'failed', code: 'cancelled', providerMessage: 'Cancelled on the card page' };
    }
    // A callback that does not prove it is iyzico's (its signature, always) decides nothing: the
    // post is public and cookie-less, so failing the payment on it would let anyone who knows a
    // payment id end someone's checkout. The payment stays pending until a signed answer or expiry.
    if (
      callbackBody.conversationId !== conversationId ||
      !paymentId ||
      !signature ||
      !isSameHex(
        iyzicoSignature(secretKey, [conversationData ?? '', conversationId, mdStatus, paymentId, status]),
        signature,
      )
    ) {
      return { status: 'pending' };
    }
    if (status !== 'success' || mdStatus !== '1') {
      return { status: 'failed', code: 'three_ds_failed', providerMessage: `3-D Secure mdStatus ${mdStatus ?? '-'}` };
    }
    let response: IyzicoResponse;
    try {
      response = await call('threedsPayment', 'create', {
        conversationId,
        paymentId,
        ...(conversationData ? { conversationData } : {}),
      });
    } catch (error) {
      if (!(error instanceof IyzicoUnreachableError)) throw error;
      // The charge may or may not have happened: ask iyzico instead of guessing. No answer to that
      // either: unknown, never failed (the card may be charged; the sweep asks again, decision 038).
      // Not authorised yet is no answer either: our timed-out authorisation may still be in flight.
      const known = await retrieveSafely(expected, paymentId);
      return known && known.status !== 'not_authorised'
        ? known
        : { status: 'unknown', providerMessage: 'Authorisation and query timed out' };
    }
    const outcome = outcomeOfPayment(secretKey, response, expected) ?? {
      status: 'unverified',
      reason: 'Authorisation answered without a capture',
      voidProviderPaymentId: null,
    };
    if (outcome.status === 'failed' && outcome.code === 'provider_error' && response.status !== 'success') {
      // Not a card decline: perhaps this payment was already authorised (a repeated callback).
      const known = await retrieveSafely(expected, paymentId);
      if (known?.status === 'succeeded') return known;
    }
    return outcome;
  }

  async function retrieveSafely(expected: PaymentExpectation, paymentId?: string) {
    try {
      return await retrieve(expected, paymentId);
    } catch (error) {
      if (error instanceof IyzicoUnreachableError) return null;
      throw error;
    }
  }

  type ReportedRefund = { refundPrice?: unknown; refundStatus?: unknown };
  type ReportedItem = { paymentTxId?: unknown; paymentTransactionId?: unknown; refunds?: ReportedRefund[] };
  type ReportedPayment = { itemTransactions?: ReportedItem[]; cancels?: ReportedRefund[] };
  const isSuccessful = (r: ReportedRefund) =>
    r.refundStatus === undefined || r.refundStatus === 'SUCCESS' || r.refundStatus === 1;

  /** iyzico's transaction detail report of one payment: its item transactions with their refunds, and its cancels. */
  async function transactionReport(conversationId: string, providerPaymentId: string): Promise<ReportedPayment[]> {
    const response = await expectSuccess(
      'reportingTransactionDetails',
      { conversationId: randomUUID(), paymentConversationId: conversationId, paymentId: providerPaymentId },
      undefined,
      'retrieve',
    );
    return Array.isArray(response.payments) ? (response.payments as ReportedPayment[]) : [];
  }

  async function expectSuccess(
    resource: ResourceName,
    request: object,
    signatureFields?: string[],
    method: 'create' | 'retrieve' = 'create',
  ) {
    let response: IyzicoResponse;
    try {
      response = await call(resource, method, request);
    } catch (error) {
      if (error instanceof IyzicoUnreachableError) throw new PaymentProviderError('unreachable', error.message);
      throw error;
    }
    if (response.status !== 'success') {
      throw new PaymentProviderError(
        'rejected',
        `${resource}: ${String(response.errorCode)} ${String(response.errorMessage)}`,
      );
    }
    if (signatureFields && !hasValidSignature(secretKey, response, signatureFields)) {
      throw new PaymentProviderError('rejected', `${resource}: invalid response signature`);
    }
    return response;
  }

  function sendHtml(reply: FastifyReply, html: string, statusCode = 200) {
    return reply.code(statusCode).headers(cardPageHeaders).send(html);
  }

  function cardPage(input: StartPaymentInput, action: string, extra: Partial<CardPageOptions> = {}) {
    return renderCardPage({
      title: m.cardPageTitle,
      notice: m.cardPageNotice,
      amountKurus: input.amountKurus,
      action,
      cancel: {
        action: input.callbackUrl,
        fields: {
          conversationId: input.conversationId,
          status: 'cancelled',
          cancelProof: cancelProof(input.conversationId),
        },
      },
      ...extra,
    });
  }

  /**
   * iyzico's 3-D Secure page is the bank's HTML with an inline auto-submitting script. Our CSP
   * forbids inline script, so this one answer carries its own policy: only those exact scripts
   * (by hash), and form posts to any https address (the card's bank is not known in advance).
   */
  function threeDsPolicy(html: string): string {
    const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
      (match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`,
    );
    const iyzicoOrigin = new URL(baseUrl).origin;
    return [
      "default-src 'none'",
      `script-src ${[...hashes, iyzicoOrigin].join(' ')}`,
      "style-src 'unsafe-inline' https:",
      'img-src https: data:',
      `form-action 'self' https: ${iyzicoOrigin}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; ');
  }

  async function registerRoutes(app: FastifyInstance) {
    await app.register(async (scope) => {
      await scope.register(formbody, { bodyLimit: 4096 });
      type Route = { Params: { conversationId: string }; Querystring: { token?: string } };

      scope.get<Route>(
        `${IYZICO_CARD_PATH}/:conversationId`,
        { config: { access: 'public' } },
        async (request, reply) => {
          const input = unseal(request.query.token ?? '', request.params.conversationId);
          if (!input) return sendHtml(reply, renderMessagePage(m.pageNotFoundTitle, m.pageNotFound), 404);
          return sendHtml(reply, cardPage(input, request.url));
        },
      );

      scope.post<Route>(
        `${IYZICO_CARD_PATH}/:conversationId`,
        {
          // Card testing: each attempt reaches a real bank, so the page is throttled per client.
          config: { access: 'public', strictRateLimit: { name: 'iyzico-card', max: 10, windowMs: 10 * 60 * 1000 } },
        },
        async (request, reply) => {
          const input = unseal(request.query.token ?? '', request.params.conversationId);
          if (!input) return sendHtml(reply, renderMessagePage(m.pageNotFoundTitle, m.pageNotFound), 404);
          const form = parseCardForm(request.body, clock.now());
          if (!form.ok) {
            return sendHtml(reply, cardPage(input, request.url, { values: form.values, errors: form.errors }), 422);
          }
          const values = {
            cardHolder: form.card.holder,
            expiry: `${form.card.expireMonth}/${form.card.expireYear.slice(2)}`,
          };
          let response: IyzicoResponse;
          try {
            response = await call('threedsInitialize', 'create', initializeRequest(input, form.card));
          } catch (error) {
            if (!(error instanceof IyzicoUnreachableError)) throw error;
            request.log.warn(
              { conversationId: input.conversationId, err: error.message },
              'iyzico 3-D Secure initialise failed',
            );
            return sendHtml(reply, cardPage(input, request.url, { values, alert: m.failures.provider_error }), 502);
          }
          const isSigned = hasValidSignature(secretKey, response, ['paymentId', 'conversationId']);
          const html =
            response.status === 'success' && typeof response.threeDSHtmlContent === 'string'
              ? Buffer.from(response.threeDSHtmlContent, 'base64').toString('utf8')
              : null;
          if (!html || !isSigned || response.conversationId !== input.conversationId) {
            const code = response.status === 'success' ? 'provider_error' : failureCodeOf(response.errorCode);
            request.log.warn(
              { conversationId: input.conversationId, errorCode: response.errorCode, isSigned },
              'iyzico refused the 3-D Secure initialise',
            );
            return sendHtml(reply, cardPage(input, request.url, { values, alert: m.failures[code] }), 422);
          }
          return reply
            .code(200)
            .headers({ ...cardPageHeaders, 'content-security-policy': threeDsPolicy(html) })
            .send(html);
        },
      );
    });
  }

  return {
    name: 'iyzico',

    async startPayment(input) {
      assertCallbackOnApp(input.callbackUrl, options.appUrl);
      return {
        redirectUrl: `${IYZICO_CARD_PATH}/${encodeURIComponent(input.conversationId)}?token=${seal(input)}`,
      };
    },

    conversationIdOf(callbackBody) {
      const id = callbackBody.conversationId;
      return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null;
    },

    completePayment,

    async retrievePayment(expected) {
      try {
        return await retrieve(expected);
      } catch (error) {
        if (error instanceof IyzicoUnreachableError) return { status: 'pending' };
        throw error;
      }
    },

    async approveItem({ conversationId, providerTransactionId }) {
      await expectSuccess('approval', { conversationId, paymentTransactionId: providerTransactionId });
    },

    async disapproveItem({ conversationId, providerTransactionId }) {
      await expectSuccess('disapproval', { conversationId, paymentTransactionId: providerTransactionId });
    },

    async refundItem({ conversationId, providerTransactionId, amountKurus, ip }) {
      if (!Number.isSafeInteger(amountKurus) || amountKurus <= 0) {
        throw new PaymentProviderError('rejected', 'refund amount must be a positive number of kuruş');
      }
      await expectSuccess(
        'refund',
        {
          conversationId,
          paymentTransactionId: providerTransactionId,
          price: kurusToIyzicoPrice(amountKurus),
          currency: 'TRY',
          ip,
        },
        ['paymentId', 'price', 'currency', 'conversationId'],
      );
    },

    async listRefunds({ conversationId, providerPaymentId }) {
      // Only refunds iyzico reports as successful count (a failed refund moved no money).
      return (await transactionReport(conversationId, providerPaymentId))
        .flatMap((p) => p.itemTransactions ?? [])
        .map((item) => ({
          providerTransactionId: String(item.paymentTxId ?? item.paymentTransactionId ?? ''),
          refundedKurus: (item.refunds ?? [])
            .filter(isSuccessful)
            .reduce((sum, r) => sum + iyzicoPriceToKurus(r.refundPrice), 0),
        }))
        .filter((item) => item.providerTransactionId !== '');
    },

    async isVoided({ conversationId, providerPaymentId }) {
      // The report lists a payment's cancellations (voids) next to its item transactions.
      return (await transactionReport(conversationId, providerPaymentId)).some((p) =>
        (p.cancels ?? []).some(isSuccessful),
      );
    },

    async cancelPayment({ conversationId, providerPaymentId, ip }) {
      await expectSuccess('cancel', { conversationId, paymentId: providerPaymentId, ip });
    },

    async quoteInstallments({ bin, amountKurus }): Promise<InstallmentQuote[]> {
      const response = await expectSuccess(
        'installmentInfo',
        {
          conversationId: randomUUID(),
          binNumber: bin.replace(/\D/g, '').slice(0, 8),
          price: kurusToIyzicoPrice(amountKurus),
        },
        undefined,
        'retrieve',
      );
      const details = Array.isArray(response.installmentDetails)
        ? (response.installmentDetails as { installmentPrices?: Record<string, unknown>[] }[])
        : [];
      const prices = details[0]?.installmentPrices ?? [];
      return prices
        .map((p) => ({
          installments: Number(p.installmentNumber) as Installments,
          totalKurus: iyzicoPriceToKurus(p.totalPrice),
          monthlyKurus: iyzicoPriceToKurus(p.installmentPrice),
        }))
        .filter((quote) => (installmentOptions as readonly number[]).includes(quote.installments));
    },

    registerRoutes,
  };
}
