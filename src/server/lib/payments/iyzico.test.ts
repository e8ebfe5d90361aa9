import { paymentPageMessages } from '#shared/messages/payment-pages.tr.ts';
import { createHmac, randomInt } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatKurus } from '#shared/money.ts';
import { createManualClock } from '../clock.ts';
import { loggerOptions } from '../logger.ts';
import { failureCodeOf, kurusToIyzicoPrice } from './iyzico-wire.ts';
import { createIyzicoProvider, type IyzicoProvider } from './iyzico.ts';
import type { PaymentExpectation } from './provider.ts';
import { expectationOf, formBody, formHeaders, readPostForm, testPaymentInput } from './payment-test-helpers.ts';

const m = paymentPageMessages;
const API_KEY = 'sandbox-api-key';
const SECRET_KEY = 'sandbox-secret-key';

type Json = Record<string, unknown>;

function sign(values: unknown[]): string {
  return createHmac('sha256', SECRET_KEY).update(values.map(String).join(':')).digest('hex');
}

/** iyzico's decline answers for its test cards (documented error codes). */
const DECLINES: Record<string, { errorCode: string; errorMessage: string; errorGroup: string }> = {
  '4111111111111129': {
    errorCode: '10051',
    errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
    errorGroup: 'NOT_SUFFICIENT_FUNDS',
  },
  '4129111111111111': { errorCode: '10005', errorMessage: 'İşlem onaylanmadı', errorGroup: 'DO_NOT_HONOUR' },
  '4124111111111116': { errorCode: '10084', errorMessage: 'CVC2 bilgisi hatalı', errorGroup: 'INVALID_CVC2' },
};

interface FakePayment {
  paymentId: string;
  request: Json;
  cardNumber: string;
  authorised: boolean;
  cancelled?: boolean;
}

/**
 * A local stand-in for iyzico's API: checks every request's IYZWSv2 authorization header the way
 * iyzico does (HMAC-SHA256 of random key + path + body with the secret key) and answers in the
 * documented shapes, signatures included.
 */
function createFakeIyzico() {
  const requests: { path: string; body: Json }[] = [];
  /** By iyzico's own paymentId, as iyzico keeps them; never by our conversation id. */
  const payments = new Map<string, FakePayment>();
  /** iyzico can also look a payment up by the conversation id it was initialised with (paymentConversationId). */
  const byConversation = new Map<string, string>();
  /** Refunds made, in lira as iyzico writes them, by item transaction (paymentTransactionId). */
  const refunds = new Map<string, number[]>();
  const state = {
    tamperAuthSignature: false,
    hangNextAuth: false,
    /** The authorisation never reaches iyzico (lost on the way): nothing is charged, no answer comes. */
    dropNextAuth: false,
    hangNextDetail: false,
    rejectedAuthHeaders: 0,
    /** When set, iyzico splits this much of every item to its sub-merchant, whatever was asked. */
    subMerchantPayoutKurus: null as number | null,
  };
  const hanging: http.ServerResponse[] = [];

  function checkAuthorization(req: http.IncomingMessage, path: string, raw: string): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('IYZWSv2 ')) return false;
    const decoded = Buffer.from(header.slice(8), 'base64').toString('utf8');
    const params = Object.fromEntries(
      decoded.split('&').map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)]),
    );
    const expected = createHmac('sha256', SECRET_KEY).update(`${params.randomKey}${path}${raw}`).digest('hex');
    return params.apiKey === API_KEY && params.randomKey === req.headers['x-iyzi-rnd'] && params.signature === expected;
  }

  /** A payment answer: the conversation id is whatever the request carried (iyzico echoes it). */
  function paymentDetail(payment: FakePayment, echoedConversationId: unknown, extra: Json = {}): Json {
    const request = payment.request;
    const basket = request.basketItems as Json[];
    const body: Json = {
      status: 'success',
      locale: 'tr',
      systemTime: Date.now(),
      conversationId: echoedConversationId,
      price: Number(request.price),
      paidPrice: Number(request.paidPrice),
      installment: Number(request.installment),
      paymentId: payment.paymentId,
      fraudStatus: 1,
      cardType: 'CREDIT_CARD',
      cardAssociation: payment.cardNumber.startsWith('4') ? 'VISA' : 'MASTER_CARD',
      cardFamily: 'Bonus',
      binNumber: payment.cardNumber.slice(0, 8),
      lastFourDigits: payment.cardNumber.slice(-4),
      basketId: request.basketId,
      currency: 'TRY',
      itemTransactions: basket.map((item, i) => ({
        itemId: item.id,
        paymentTransactionId: `${payment.paymentId}${i + 1}`,
        transactionStatus: 2,
        price: Number(item.price),
        paidPrice: Number(item.price),
        subMerchantKey: item.subMerchantKey,
        subMerchantPrice: Number(item.subMerchantPrice),
        // What iyzico pays the sub-merchant: the asked price, unless the test makes it differ.
        subMerchantPayoutAmount:
          state.subMerchantPayoutKurus === null ? Number(item.subMerchantPrice) : state.subMerchantPayoutKurus / 100,
      })),
      authCode: '123456',
      phase: 'AUTH',
      mdStatus: 1,
      ...extra,
    };
    body.signature = sign([
      body.paymentId,
      body.currency,
      body.basketId,
      body.conversationId,
      body.paidPrice,
      body.price,
    ]);
    return body;
  }

  function failure(conversationId: unknown, errorCode: string, errorMessage: string, extra: Json = {}): Json {
    return {
      status: 'failure',
      locale: 'tr',
      systemTime: Date.now(),
      conversationId,
      errorCode,
      errorMessage,
      ...extra,
    };
  }

  function answer(path: string, body: Json): Json | null {
    switch (path) {
      case '/payment/3dsecure/initialize': {
        const card = body.paymentCard as Json;
        const paymentId = String(randomInt(10_000_000, 99_999_999));
        byConversation.set(String(body.conversationId), paymentId);
        payments.set(paymentId, {
          paymentId,
          request: body,
          cardNumber: String(card.cardNumber),
          authorised: false,
        });
        const html = `<!doctype html><html><head><title>3D</title></head><body><form id="iyzico-3ds-form" action="https://bank.example/acs" method="post"><input type="hidden" name="paymentId" value="${paymentId}"></form><script type="text/javascript">document.getElementById('iyzico-3ds-form').submit();</script></body></html>`;
        return {
          status: 'success',
          locale: 'tr',
          systemTime: Date.now(),
          conversationId: body.conversationId,
          threeDSHtmlContent: Buffer.from(html).toString('base64'),
          paymentId,
          signature: sign([paymentId, body.conversationId]),
        };
      }
      case '/payment/3dsecure/auth': {
        // iyzico finds the payment by its paymentId alone; the conversation id is only echoed.
        const payment = payments.get(String(body.paymentId));
        if (!payment) return failure(body.conversationId, '5115', 'Ödeme bulunamadı');
        const decline = DECLINES[payment.cardNumber];
        if (decline)
          return failure(body.conversationId, decline.errorCode, decline.errorMessage, {
            errorGroup: decline.errorGroup,
          });
        // A repeated authorisation is refused; the payment itself stays taken (iyzico never charges twice).
        if (payment.authorised) return failure(body.conversationId, '5097', 'Ödeme zaten tamamlanmış');
        payment.authorised = true;
        const detail = paymentDetail(payment, body.conversationId);
        if (state.tamperAuthSignature) detail.paidPrice = 1;
        return detail;
      }
      case '/payment/detail': {
        // By paymentId when given, else by the conversation id the payment was initialised with.
        const id = body.paymentId ?? byConversation.get(String(body.paymentConversationId));
        const payment = payments.get(String(id));
        if (!payment) return failure(body.conversationId, '5115', 'Ödeme bulunamadı');
        return paymentDetail(payment, body.conversationId, {
          paymentStatus: payment.authorised ? 'SUCCESS' : 'INIT_THREEDS',
        });
      }
      case '/payment/iyzipos/item/approve':
      case '/payment/iyzipos/item/disapprove':
        return {
          status: 'success',
          locale: 'tr',
          systemTime: Date.now(),
          conversationId: body.conversationId,
          paymentTransactionId: body.paymentTransactionId,
        };
      case '/payment/refund': {
        const paymentId = String(body.paymentTransactionId).slice(0, 8);
        const price = Number(body.price);
        refunds.set(String(body.paymentTransactionId), [
          ...(refunds.get(String(body.paymentTransactionId)) ?? []),
          price,
        ]);
        return {
          status: 'success',
          locale: 'tr',
          systemTime: Date.now(),
          conversationId: body.conversationId,
          paymentId,
          paymentTransactionId: body.paymentTransactionId,
          price,
          currency: 'TRY',
          signature: sign([paymentId, price, 'TRY', body.conversationId]),
        };
      }
      case '/v2/reporting/payment/details': {
        // The transaction detail report (a GET): each item transaction with its refunds.
        const payment = payments.get(String(byConversation.get(String(body.paymentConversationId))));
        if (!payment) return failure(body.conversationId, '5115', 'Ödeme bulunamadı');
        const basket = payment.request.basketItems as Json[];
        return {
          status: 'success',
          locale: 'tr',
          systemTime: Date.now(),
          conversationId: body.conversationId,
          payments: [
            {
              paymentId: payment.paymentId,
              paymentStatus: payment.authorised ? 1 : 0,
              cancels: payment.cancelled
                ? [
                    {
                      refundTxId: `${payment.paymentId}-c1`,
                      refundPrice: Number(payment.request.paidPrice),
                      refundStatus: 'SUCCESS',
                    },
                  ]
                : [],
              itemTransactions: basket.map((item, i) => {
                const paymentTxId = `${payment.paymentId}${i + 1}`;
                return {
                  paymentTxId,
                  itemId: item.id,
                  price: Number(item.price),
                  refunds: (refunds.get(paymentTxId) ?? []).map((refundPrice, n) => ({
                    refundTxId: `${paymentTxId}-r${n + 1}`,
                    refundPrice,
                    refundStatus: 'SUCCESS',
                    currency: 'TRY',
                  })),
                };
              }),
            },
          ],
        };
      }
      case '/payment/cancel': {
        const payment = payments.get(String(body.paymentId));
        // iyzico cancels once: a second cancel of the same payment is refused.
        if (payment?.cancelled) return failure(body.conversationId, '5093', 'Ödeme zaten iptal edilmiş');
        if (payment) payment.cancelled = true;
        return {
          status: 'success',
          locale: 'tr',
          systemTime: Date.now(),
          conversationId: body.conversationId,
          paymentId: body.paymentId,
          price: payment ? Number(payment.request.paidPrice) : 1500.5,
          currency: 'TRY',
        };
      }
      case '/payment/iyzipos/installment': {
        const price = Number(body.price);
        const plan = (n: number, rateBp: number) => {
          const total = Math.round(price * (10_000 + rateBp)) / 10_000;
          return { installmentNumber: n, totalPrice: total, installmentPrice: Math.round((total / n) * 100) / 100 };
        };
        return {
          status: 'success',
          locale: 'tr',
          systemTime: Date.now(),
          conversationId: body.conversationId,
          installmentDetails: [
            {
              binNumber: body.binNumber,
              price,
              cardType: 'CREDIT_CARD',
              cardAssociation: 'MASTER_CARD',
              cardFamilyName: 'Bonus',
              force3ds: 0,
              bankCode: 62,
              bankName: 'Garanti Bankası',
              forceCvc: 0,
              installmentPrices: [plan(1, 0), plan(2, 200), plan(3, 300), plan(6, 600), plan(9, 900)],
            },
          ],
        };
      }
      default:
        return null;
    }
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const send = (status: number, json: Json) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (!checkAuthorization(req, path, raw)) {
        state.rejectedAuthHeaders++;
        return send(200, failure(undefined, '1000', 'Geçersiz imza'));
      }
      // A GET (the reports) carries its request in the query string.
      const query = Object.fromEntries(new URL(req.url ?? '/', 'http://fake').searchParams);
      const body = { ...query, ...(JSON.parse(raw || '{}') as Json) };
      requests.push({ path, body });
      if (path === '/payment/3dsecure/auth' && state.dropNextAuth) {
        // Lost on its way: iyzico never sees it, our call times out.
        state.dropNextAuth = false;
        hanging.push(res);
        return;
      }
      const json = answer(path, body);
      if (!json) return send(404, failure(body.conversationId, '404', 'Not found'));
      if (path === '/payment/3dsecure/auth' && state.hangNextAuth) {
        // The charge happens but the answer never comes back (a timeout on our side).
        state.hangNextAuth = false;
        hanging.push(res);
        return;
      }
      if (path === '/payment/detail' && state.hangNextDetail) {
        // iyzico cannot be asked either: the outcome is unknown (decision 038).
        state.hangNextDetail = false;
        hanging.push(res);
        return;
      }
      send(200, json);
    });
  });

  return {
    requests,
    payments,
    byConversation,
    state,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return this.baseUrl();
    },
    baseUrl() {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async stop() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What iyzico posts to our callback after the bank's 3-D Secure page. */
function bankCallback(conversationId: string, paymentId: string, mdStatus = '1', status = 'success') {
  const conversationData = '';
  return {
    conversationId,
    paymentId,
    mdStatus,
    status,
    conversationData,
    signature: sign([conversationData, conversationId, mdStatus, paymentId, status]),
  };
}

describe('iyzico provider against a local fake of iyzico', () => {
  const fake = createFakeIyzico();
  const clock = createManualClock(new Date('2026-06-15T09:00:00Z'));
  const logLines: string[] = [];
  let provider: IyzicoProvider;
  let app: FastifyInstance;

  beforeAll(async () => {
    const baseUrl = await fake.start();
    provider = createIyzicoProvider({
      apiKey: API_KEY,
      secretKey: SECRET_KEY,
      baseUrl,
      appUrl: 'http://localhost:3000',
      clock,
      timeoutMs: 500,
    });
    app = Fastify({ logger: loggerOptions('trace', { write: (line: string) => void logLines.push(line) }) });
    app.removeContentTypeParser('text/plain');
    await provider.registerRoutes!(app);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await fake.stop();
  });

  beforeEach(() => {
    fake.requests.length = 0;
  });

  /** startPayment → our card page → POST the card → iyzico's 3-D Secure HTML. */
  async function initialise(cardNumber: string, input = testPaymentInput()) {
    const { redirectUrl } = await provider.startPayment(input);
    expect(redirectUrl).toMatch(new RegExp(`^/api/payments/iyzico/card/${input.conversationId}\\?token=`));
    const page = await app.inject({ method: 'GET', url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${m.cardPageTitle}</title>`);
    expect(page.body).toContain(formatKurus(input.amountKurus));
    const posted = await app.inject({
      method: 'POST',
      url: redirectUrl,
      headers: formHeaders,
      payload: formBody({ cardHolder: 'Ayşe Yılmaz', cardNumber, expiry: '12/30', cvc: '123' }),
    });
    return { input, redirectUrl, posted, paymentId: fake.byConversation.get(input.conversationId) };
  }

  it('formats kuruş as iyzico prices and maps its error codes', () => {
    expect(kurusToIyzicoPrice(150_050)).toBe('1500.5');
    expect(kurusToIyzicoPrice(150_000)).toBe('1500');
    expect(kurusToIyzicoPrice(7)).toBe('0.07');
    expect(failureCodeOf('10051')).toBe('insufficient_funds');
    expect(failureCodeOf('10005')).toBe('do_not_honour');
    expect(failureCodeOf('10084')).toBe('invalid_cvc');
    expect(failureCodeOf('10041')).toBe('declined');
    expect(failureCodeOf('5097')).toBe('provider_error');
  });

  it('sends the card to 3-D Secure initialise and answers the bank page under a policy allowing only its script', async () => {
    const { input, posted } = await initialise('5528790000000008');
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('iyzico-3ds-form');
    const csp = posted.headers['content-security-policy'] as string;
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline' ;");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const init = fake.requests.find((r) => r.path === '/payment/3dsecure/initialize')!;
    expect(init.body).toMatchObject({
      conversationId: input.conversationId,
      price: '1500.5',
      paidPrice: '1500.5',
      currency: 'TRY',
      installment: '1',
      basketId: input.conversationId,
      callbackUrl: input.callbackUrl,
      paymentCard: { cardNumber: '5528790000000008', expireMonth: '12', expireYear: '2030', cvc: '123' },
      buyer: { name: 'Ayşe', surname: 'Yılmaz', identityNumber: '1234567890', ip: '203.0.113.7' },
    });
    // Each seller's share, our commission (2.5 % in the test input) withheld by iyzico (decision 037).
    expect(init.body.basketItems).toEqual([
      expect.objectContaining({ id: 'order-a', price: '1000.0', subMerchantKey: 'sm-a', subMerchantPrice: '975.0' }),
      expect.objectContaining({ id: 'order-b', price: '500.5', subMerchantKey: 'sm-b', subMerchantPrice: '487.99' }),
    ]);
  });

  it('authorises after the bank callback and captures once when the callback repeats', async () => {
    const { input, paymentId } = await initialise('5528790000000008');
    const body = bankCallback(input.conversationId, paymentId!);
    expect(provider.conversationIdOf(body)).toBe(input.conversationId);
    const outcome = await provider.completePayment({
      conversationId: input.conversationId,
      expected: expectationOf(input),
      callbackBody: body,
    });
    expect(outcome).toEqual({
      status: 'succeeded',
      providerPaymentId: paymentId,
      itemTransactions: [
        // What iyzico will pay each seller: the share we sent, our commission withheld.
        { itemId: 'order-a', providerTransactionId: `${paymentId}1`, sellerPayoutKurus: 97_500 },
        { itemId: 'order-b', providerTransactionId: `${paymentId}2`, sellerPayoutKurus: 48_799 },
      ],
      cardBrand: 'Mastercard',
      cardLastFour: '0008',
    });
    const auth = fake.requests.find((r) => r.path === '/payment/3dsecure/auth')!;
    expect(auth.body).toMatchObject({ conversationId: input.conversationId, paymentId, locale: 'tr' });
    expect(
      await provider.completePayment({
        conversationId: input.conversationId,
        expected: expectationOf(input),
        callbackBody: body,
      }),
    ).toEqual(outcome);
    expect(await provider.retrievePayment(expectationOf(input))).toEqual(outcome);
  });

  it("books nothing when a small payment's id is presented with a large checkout's conversation id", async () => {
    // The member pays a small checkout for real, then posts its signed bank answer under the
    // conversation of a large one; iyzico echoes the large conversation id back.
    const small = await initialise(
      '5528790000000008',
      testPaymentInput({
        amountKurus: 1_000,
        items: [
          {
            itemId: 'order-small',
            name: 'OS-2026-000009',
            category: 'Optik',
            priceKurus: 1_000,
            sellerShareKurus: 975,
            subMerchantKey: 'sm-a',
          },
        ],
      }),
    );
    const large = testPaymentInput();
    await provider.startPayment(large);
    const forged = bankCallback(large.conversationId, small.paymentId!);
    const outcome = await provider.completePayment({
      conversationId: large.conversationId,
      expected: expectationOf(large),
      callbackBody: forged,
    });
    // Not a capture of ours, and not ours to void (the small payment stands on its own).
    expect(outcome).toEqual({
      status: 'unverified',
      reason: 'Payment does not match ours: basket',
      voidProviderPaymentId: null,
    });
    // Asked later by its own conversation id, iyzico has taken nothing for the large checkout.
    expect(await provider.retrievePayment(expectationOf(large))).toMatchObject({ status: 'failed' });
  });

  it.each([
    ['amount', { amountKurus: 150_049 }],
    ['items', { itemIds: ['order-a', 'order-x'] }],
  ] as [string, Partial<PaymentExpectation>][])(
    "refuses an answer whose %s differs from our payment, and names our basket's capture to void",
    async (what, change) => {
      const { input, paymentId } = await initialise('5528790000000008');
      const expected = { ...expectationOf(input), ...change };
      const outcome = await provider.completePayment({
        conversationId: input.conversationId,
        expected,
        callbackBody: bankCallback(input.conversationId, paymentId!),
      });
      // Our basket was charged, but not as we asked: never booked, never called a failure.
      const unverified = {
        status: 'unverified',
        reason: `Payment does not match ours: ${what}`,
        voidProviderPaymentId: paymentId,
      };
      expect(outcome).toEqual(unverified);
      expect(await provider.retrievePayment(expected)).toEqual(unverified);
    },
  );

  it("reports iyzico's own split to each seller, so a payout that differs from our books shows", async () => {
    fake.state.subMerchantPayoutKurus = 100_000;
    try {
      const { input, paymentId } = await initialise('5528790000000008');
      const outcome = await provider.completePayment({
        conversationId: input.conversationId,
        expected: expectationOf(input),
        callbackBody: bankCallback(input.conversationId, paymentId!),
      });
      expect(outcome.status === 'succeeded' && outcome.itemTransactions.map((t) => t.sellerPayoutKurus)).toEqual([
        100_000, 100_000,
      ]);
    } finally {
      fake.state.subMerchantPayoutKurus = null;
    }
  });

  it.each([
    ['4111111111111129', 'insufficient_funds'],
    ['4129111111111111', 'do_not_honour'],
    ['4124111111111116', 'invalid_cvc'],
  ] as const)('maps the decline of test card %s to %s', async (cardNumber, code) => {
    const { input, paymentId } = await initialise(cardNumber);
    const outcome = await provider.completePayment({
      conversationId: input.conversationId,
      expected: expectationOf(input),
      callbackBody: bankCallback(input.conversationId, paymentId!),
    });
    expect(outcome).toMatchObject({ status: 'failed', code });
  });

  it('fails 3-D Secure on mdStatus 0 without authorising', async () => {
    const { input, paymentId } = await initialise('4131111111111117');
    const outcome = await provider.completePayment({
      conversationId: input.conversationId,
      expected: expectationOf(input),
      callbackBody: bankCallback(input.conversationId, paymentId!, '0', 'failure'),
    });
    expect(outcome).toMatchObject({ status: 'failed', code: 'three_ds_failed' });
    expect(fake.requests.some((r) => r.path === '/payment/3dsecure/auth')).toBe(false);
  });

  it('ignores a callback whose signature was tampered with or left out: the payment stays pending', async () => {
    const { input, paymentId } = await initialise('5528790000000008');
    const forged = {
      ...bankCallback(input.conversationId, paymentId!, '0', 'failure'),
      mdStatus: '1',
      status: 'success',
    };
    const { signature: _signature, ...unsigned } = bankCallback(input.conversationId, paymentId!, '0', 'failure');
    for (const callbackBody of [forged, unsigned, { conversationId: input.conversationId, status: 'failure' }])
      expect(
        await provider.completePayment({
          conversationId: input.conversationId,
          expected: expectationOf(input),
          callbackBody,
        }),
      ).toEqual({
        status: 'pending',
      });
    expect(fake.requests.some((r) => r.path === '/payment/3dsecure/auth')).toBe(false);
  });

  it('treats an authorisation answer with a bad signature as unverified: neither a success nor a failure', async () => {
    const { input, paymentId } = await initialise('5528790000000008');
    fake.state.tamperAuthSignature = true;
    try {
      const outcome = await provider.completePayment({
        conversationId: input.conversationId,
        expected: expectationOf(input),
        callbackBody: bankCallback(input.conversationId, paymentId!),
      });
      expect(outcome).toEqual({
        status: 'unverified',
        reason: 'Invalid response signature',
        voidProviderPaymentId: null,
      });
    } finally {
      fake.state.tamperAuthSignature = false;
    }
  });

  it('asks iyzico for the payment after a timeout during authorisation instead of guessing', async () => {
    const { input, paymentId } = await initialise('5528790000000008');
    fake.state.hangNextAuth = true;
    const outcome = await provider.completePayment({
      conversationId: input.conversationId,
      expected: expectationOf(input),
      callbackBody: bankCallback(input.conversationId, paymentId!),
    });
    expect(outcome).toMatchObject({ status: 'succeeded', providerPaymentId: paymentId, cardLastFour: '0008' });
    const detail = fake.requests.find((r) => r.path === '/payment/detail')!;
    expect(detail.body).toMatchObject({ paymentConversationId: input.conversationId, paymentId });
  });

  /** The bank's callback for an initialised payment, authorised as our callback route does. */
  const authorise = ({ input, paymentId }: Awaited<ReturnType<typeof initialise>>) =>
    provider.completePayment({
      conversationId: input.conversationId,
      expected: expectationOf(input),
      callbackBody: bankCallback(input.conversationId, paymentId!),
    });

  it('answers unknown, never failed, when the authorisation and the query both time out', async () => {
    const initialised = await initialise('5528790000000008');
    const { input, paymentId } = initialised;
    fake.state.hangNextAuth = true;
    fake.state.hangNextDetail = true;
    const outcome = await authorise(initialised);
    expect(outcome).toEqual({ status: 'unknown', providerMessage: 'Authorisation and query timed out' });
    // Asked again later, iyzico knows the charge.
    expect(await provider.retrievePayment(expectationOf(input))).toMatchObject({
      status: 'succeeded',
      providerPaymentId: paymentId,
    });
  });

  it('reports a payment still at 3-D Secure as not authorised', async () => {
    const { input } = await initialise('5528790000000008');
    expect(await provider.retrievePayment(expectationOf(input))).toEqual({ status: 'not_authorised' });
  });

  it('answers unknown when the authorisation was lost on its way and the query times out, and later says it was never authorised', async () => {
    const initialised = await initialise('5528790000000008');
    fake.state.dropNextAuth = true;
    fake.state.hangNextDetail = true;
    expect(await authorise(initialised)).toEqual({
      status: 'unknown',
      providerMessage: 'Authorisation and query timed out',
    });
    const { input } = initialised;
    // Asked later: iyzico never authorised it, so nothing was taken (the sweep fails it after a while).
    expect(await provider.retrievePayment(expectationOf(input))).toEqual({ status: 'not_authorised' });
    // Right after a lost authorisation, "not authorised" is no answer: the call may still be in flight.
    const second = await initialise('5528790000000008');
    fake.state.dropNextAuth = true;
    expect(await authorise(second)).toEqual({
      status: 'unknown',
      providerMessage: 'Authorisation and query timed out',
    });
  });

  it('tells whether a payment was voided from the transaction report', async () => {
    const initialised = await initialise('5528790000000008');
    await authorise(initialised);
    const { input, paymentId } = initialised;
    const ids = { conversationId: input.conversationId, providerPaymentId: paymentId! };
    expect(await provider.isVoided(ids)).toBe(false);
    await provider.cancelPayment({ ...ids, ip: '203.0.113.7' });
    expect(await provider.isVoided(ids)).toBe(true);
  });

  it('re-renders the card page with Turkish errors and never echoes the card number', async () => {
    const input = testPaymentInput();
    const { redirectUrl } = await provider.startPayment(input);
    const posted = await app.inject({
      method: 'POST',
      url: redirectUrl,
      headers: formHeaders,
      payload: formBody({ cardHolder: 'Ayşe', cardNumber: '5528790000000009', expiry: '01/20', cvc: '1' }),
    });
    expect(posted.statusCode).toBe(422);
    for (const text of [m.cardNumberInvalid, m.expired, m.cvcInvalid]) expect(posted.body).toContain(text);
    expect(posted.body).not.toContain('5528790000000009');
    expect(fake.requests).toHaveLength(0);
    const cancel = readPostForm(posted.body, m.cancel);
    expect(cancel).toEqual({
      action: input.callbackUrl,
      fields: {
        conversationId: input.conversationId,
        status: 'cancelled',
        cancelProof: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    // Someone who knows only the payment id (or guesses the proof) cancels nothing.
    for (const cancelProof of [undefined, '0'.repeat(64)]) {
      const forged = {
        conversationId: input.conversationId,
        status: 'cancelled',
        ...(cancelProof ? { cancelProof } : {}),
      };
      expect(
        await provider.completePayment({
          conversationId: input.conversationId,
          expected: expectationOf(input),
          callbackBody: forged,
        }),
      ).toEqual({
        status: 'pending',
      });
    }
    // The proof of one payment's page does not cancel another.
    const other = testPaymentInput();
    expect(
      await provider.completePayment({
        conversationId: other.conversationId,
        expected: expectationOf(other),
        callbackBody: { ...cancel.fields, conversationId: other.conversationId },
      }),
    ).toEqual({ status: 'pending' });
    expect(
      await provider.completePayment({
        conversationId: input.conversationId,
        expected: expectationOf(input),
        callbackBody: cancel.fields,
      }),
    ).toMatchObject({
      status: 'failed',
      code: 'cancelled',
    });
  });

  it('refuses a card page link that was altered, belongs to another payment or has expired', async () => {
    const input = testPaymentInput();
    const { redirectUrl } = await provider.startPayment(input);
    const token = redirectUrl.split('token=')[1]!;
    // One character in the middle (the last one may only carry padding bits).
    const altered = `${token.slice(0, 40)}${token[40] === 'A' ? 'B' : 'A'}${token.slice(41)}`;
    expect(
      (await app.inject({ method: 'GET', url: `/api/payments/iyzico/card/${input.conversationId}?token=${altered}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/payments/iyzico/card/other?token=${token}` })).statusCode,
    ).toBe(404);
    clock.advance(21 * 60 * 1000);
    try {
      const expired = await app.inject({ method: 'GET', url: redirectUrl });
      expect(expired.statusCode).toBe(404);
      expect(expired.body).toContain(m.pageNotFound);
    } finally {
      clock.advance(-21 * 60 * 1000);
    }
  });

  it('sends approve, disapprove, refund and cancel with the right fields', async () => {
    const action = { conversationId: 'conv-1', providerTransactionId: '123456781', ip: '203.0.113.7' };
    await provider.approveItem(action);
    await provider.disapproveItem(action);
    await provider.refundItem({ ...action, amountKurus: 25_050 });
    await provider.cancelPayment({ conversationId: 'conv-1', providerPaymentId: '12345678', ip: '203.0.113.7' });
    expect(fake.requests.map((r) => [r.path, r.body])).toEqual([
      ['/payment/iyzipos/item/approve', { locale: 'tr', conversationId: 'conv-1', paymentTransactionId: '123456781' }],
      [
        '/payment/iyzipos/item/disapprove',
        { locale: 'tr', conversationId: 'conv-1', paymentTransactionId: '123456781' },
      ],
      [
        '/payment/refund',
        {
          locale: 'tr',
          conversationId: 'conv-1',
          paymentTransactionId: '123456781',
          price: '250.5',
          ip: '203.0.113.7',
          currency: 'TRY',
        },
      ],
      ['/payment/cancel', { locale: 'tr', conversationId: 'conv-1', paymentId: '12345678', ip: '203.0.113.7' }],
    ]);
  });

  it("lists a payment's refunds per item from iyzico's transaction report, so a lost refund answer is not sent twice", async () => {
    const { input, paymentId } = await initialise('5528790000000008');
    await provider.completePayment({
      conversationId: input.conversationId,
      expected: expectationOf(input),
      callbackBody: bankCallback(input.conversationId, paymentId!),
    });
    const action = { conversationId: input.conversationId, providerTransactionId: `${paymentId}1`, ip: '203.0.113.7' };
    expect(await provider.listRefunds({ conversationId: input.conversationId, providerPaymentId: paymentId! })).toEqual(
      [
        { providerTransactionId: `${paymentId}1`, refundedKurus: 0 },
        { providerTransactionId: `${paymentId}2`, refundedKurus: 0 },
      ],
    );
    await provider.refundItem({ ...action, amountKurus: 25_050 });
    await provider.refundItem({ ...action, amountKurus: 10_000 });
    expect(await provider.listRefunds({ conversationId: input.conversationId, providerPaymentId: paymentId! })).toEqual(
      [
        { providerTransactionId: `${paymentId}1`, refundedKurus: 35_050 },
        { providerTransactionId: `${paymentId}2`, refundedKurus: 0 },
      ],
    );
    const report = fake.requests.find((r) => r.path === '/v2/reporting/payment/details')!;
    expect(report.body).toMatchObject({ paymentConversationId: input.conversationId });
  });

  it('quotes the bank instalment plans that match our options, in kuruş', async () => {
    const quotes = await provider.quoteInstallments({ bin: '55287900', amountKurus: 100_000 });
    expect(quotes).toEqual([
      { installments: 1, totalKurus: 100_000, monthlyKurus: 100_000 },
      { installments: 2, totalKurus: 102_000, monthlyKurus: 51_000 },
      { installments: 3, totalKurus: 103_000, monthlyKurus: 34_333 },
      { installments: 6, totalKurus: 106_000, monthlyKurus: 17_667 },
    ]);
    expect(fake.requests[0]).toMatchObject({
      path: '/payment/iyzipos/installment',
      body: { binNumber: '55287900', price: '1000.0' },
    });
  });

  it('signs every request with IYZWSv2: the fake refuses one signed with another secret key', async () => {
    const requestsBefore = fake.state.rejectedAuthHeaders;
    const impostor = createIyzicoProvider({
      apiKey: API_KEY,
      secretKey: 'another-secret',
      baseUrl: new URL(fake.baseUrl()).origin,
      appUrl: 'http://localhost:3000',
      clock,
      timeoutMs: 500,
    });
    await expect(
      impostor.approveItem({ conversationId: 'c', providerTransactionId: '1', ip: '203.0.113.7' }),
    ).rejects.toMatchObject({ reason: 'rejected' });
    // Every request of the tests above passed the check; only the impostor's failed.
    expect(fake.state.rejectedAuthHeaders).toBe(requestsBefore + 1);
    expect(requestsBefore).toBe(0);
  });

  it('keeps card numbers out of the logs', () => {
    const logs = logLines.join('\n');
    expect(logs).toContain('/api/payments/iyzico/card/');
    for (const card of ['5528790000000008', '4111111111111129', '5528790000000009']) expect(logs).not.toContain(card);
    expect(logs).not.toMatch(/token=(?!%5Bredacted%5D)/);
  });
});
