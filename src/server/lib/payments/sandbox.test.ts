import { paymentPageMessages } from '#shared/messages/payment-pages.tr.ts';
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../../../test/db.ts';
import { selectRows } from '../../db/client.ts';
import { testOrigin, useTestApp } from '../../../../test/app.ts';
import { createManualClock } from '../clock.ts';
import { loggerOptions } from '../logger.ts';
import { expectationOf, formBody, formHeaders, readPostForm, testPaymentInput } from './payment-test-helpers.ts';
import { PaymentProviderError } from './provider-error.ts';
import type { PaymentProvider, StartPaymentInput } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';

const m = paymentPageMessages;

describeEachDatabase('sandbox bank', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let provider: PaymentProvider;
  const clock = createManualClock(new Date('2026-06-15T09:00:00Z'));
  const logLines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    provider = createSandboxProvider({ db: database.db, clock, appUrl: 'http://localhost:3000' });
    // The app's own logger settings, at the most talkative level, so a leak would show.
    app = Fastify({ logger: loggerOptions('trace', { write: (line: string) => void logLines.push(line) }) });
    app.removeContentTypeParser('text/plain');
    await provider.registerRoutes!(app);
    // The shop's callback, as a stand-in: it only shows what the bank posted.
    app.post('/api/payments/callback/sandbox', async () => ({ ok: true }));
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function start(overrides: Partial<StartPaymentInput> = {}) {
    const input = testPaymentInput(overrides);
    const { redirectUrl } = await provider.startPayment(input);
    return { input, redirectUrl };
  }

  function postForm(url: string, fields: Record<string, string>) {
    return app.inject({ method: 'POST', url, headers: formHeaders, payload: formBody(fields) });
  }

  async function submitCard(
    redirectUrl: string,
    card: Partial<Record<'cardHolder' | 'cardNumber' | 'expiry' | 'cvc', string>>,
  ) {
    return postForm(redirectUrl, { cardHolder: 'Ayşe Yılmaz', expiry: '12/30', cvc: '123', cardNumber: '', ...card });
  }

  /** Card page → 3-D Secure page → the result page's callback form, through real HTTP. */
  async function payWith(cardNumber: string, code = '123456') {
    const { input, redirectUrl } = await start();
    const page = await app.inject({ method: 'GET', url: redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<title>${m.sandboxTitle}</title>`);
    const submitted = await submitCard(redirectUrl, { cardNumber });
    expect(submitted.statusCode).toBe(303);
    const threeDsUrl = submitted.headers.location as string;
    expect(threeDsUrl).toMatch(/^\/api\/payments\/sandbox\/3ds\//);
    const threeDs = await app.inject({ method: 'GET', url: threeDsUrl });
    expect(threeDs.body).toContain(m.threeDsTitle);
    expect(threeDs.body).toContain(`<label for="code">${m.threeDsCode}</label>`);
    const result = await postForm(threeDsUrl, { code });
    return { input, redirectUrl, threeDsUrl, result };
  }

  it('shows the amount in Turkish lira and labelled card fields on the test payment page', async () => {
    const { redirectUrl } = await start();
    const page = await app.inject({ method: 'GET', url: redirectUrl });
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="tr">');
    expect(page.body).toContain('₺1.500,50');
    for (const [id, label] of [
      ['cardHolder', m.cardHolder],
      ['cardNumber', m.cardNumber],
      ['expiry', m.expiry],
      ['cvc', m.cvc],
    ]) {
      expect(page.body).toContain(`<label for="${id}">${label}</label>`);
      expect(page.body).toMatch(new RegExp(`<input id="${id}" name="${id}"`));
    }
    expect(page.body).toContain(`>${m.pay}</button>`);
    expect(page.body).toContain(`>${m.cancel}</button>`);
    expect(page.body).not.toMatch(/<script/i);
  });

  it.each([
    ['5528790000000008', 'Mastercard'],
    ['5890040000000016', 'Mastercard'],
    ['4242424242424242', 'Visa'],
  ])('captures the payment of test card %s with code 123456', async (cardNumber, brand) => {
    const { input, result } = await payWith(cardNumber);
    expect(result.statusCode).toBe(200);
    const callback = readPostForm(result.body, m.continue);
    expect(callback.action).toBe(input.callbackUrl);
    expect(callback.fields).toMatchObject({ conversationId: input.conversationId, status: 'success', mdStatus: '1' });
    // The last page posts itself (the button stays for browsers without script); its policy allows that one script only.
    const script = /<script>([^<]*)<\/script>/.exec(result.body)![1]!;
    expect(script).toBe('document.forms[0].submit();');
    const hash = createHash('sha256').update(script).digest('base64');
    expect(result.headers['content-security-policy']).toContain(`script-src 'sha256-${hash}';`);
    expect(result.headers['content-security-policy']).toContain(
      `form-action 'self' ${new URL(input.callbackUrl).origin}`,
    );
    expect(provider.conversationIdOf(callback.fields)).toBe(input.conversationId);
    // 3-D Secure is done, but nothing is taken until the shop asks for the capture.
    expect(await provider.retrievePayment(expectationOf(input))).toEqual({ status: 'not_authorised' });

    const outcome = await provider.completePayment({
      conversationId: input.conversationId,
      expected: expectationOf(input),
      callbackBody: callback.fields,
    });
    expect(outcome).toMatchObject({ status: 'succeeded', cardBrand: brand, cardLastFour: cardNumber.slice(-4) });
    if (outcome.status !== 'succeeded') throw new Error('unreachable');
    expect(outcome.itemTransactions.map((t) => t.itemId)).toEqual(['order-a', 'order-b']);
    expect(new Set(outcome.itemTransactions.map((t) => t.providerTransactionId)).size).toBe(2);
    expect(await provider.retrievePayment(expectationOf(input))).toEqual(outcome);
  });

  it.each([
    ['4111111111111129', 'insufficient_funds'],
    ['4129111111111111', 'do_not_honour'],
    ['4124111111111116', 'invalid_cvc'],
  ] as const)('declines test card %s as %s after a passed 3-D Secure step', async (cardNumber, code) => {
    const { input, result } = await payWith(cardNumber);
    const callback = readPostForm(result.body, m.continue);
    expect(callback.fields).toMatchObject({ status: 'success', mdStatus: '1' });
    const outcome = await provider.completePayment({
      conversationId: input.conversationId,
      expected: expectationOf(input),
      callbackBody: callback.fields,
    });
    expect(outcome).toMatchObject({ status: 'failed', code });
    expect(m.failures[code]).toBeTruthy();
    expect(
      await provider.completePayment({
        conversationId: input.conversationId,
        expected: expectationOf(input),
        callbackBody: {},
      }),
    ).toEqual(outcome);
  });

  it('fails test card 4131111111111117 at 3-D Secure even with the right code', async () => {
    const { input, result } = await payWith('4131111111111117');
    const callback = readPostForm(result.body, m.continue);
    expect(callback.fields).toMatchObject({ status: 'failure', mdStatus: '0' });
    expect(
      await provider.completePayment({
        conversationId: input.conversationId,
        expected: expectationOf(input),
        callbackBody: callback.fields,
      }),
    ).toMatchObject({
      status: 'failed',
      code: 'three_ds_failed',
    });
  });

  it('refuses a wrong 3-D Secure code and fails the payment at the third', async () => {
    const { input, threeDsUrl, result } = await payWith('5528790000000008', '000000');
    expect(result.statusCode).toBe(422);
    expect(result.body).toContain(m.threeDsWrong);
    expect(result.body).toContain(m.threeDsAttemptsLeft(2));
    const second = await postForm(threeDsUrl, { code: '111111' });
    expect(second.body).toContain(m.threeDsAttemptsLeft(1));
    const third = await postForm(threeDsUrl, { code: '222222' });
    expect(third.statusCode).toBe(200);
    const callback = readPostForm(third.body, m.continue);
    expect(callback.fields).toMatchObject({ status: 'failure', mdStatus: '0' });
    // The right code after the third miss changes nothing.
    const late = await postForm(threeDsUrl, { code: '123456' });
    expect(readPostForm(late.body, m.continue).fields.status).toBe('failure');
    expect(
      await provider.completePayment({
        conversationId: input.conversationId,
        expected: expectationOf(input),
        callbackBody: callback.fields,
      }),
    ).toMatchObject({
      status: 'failed',
      code: 'three_ds_failed',
    });
  });

  it('accepts the right code after a wrong one', async () => {
    const { input, threeDsUrl } = await payWith('5528790000000008', '654321');
    const ok = await postForm(threeDsUrl, { code: '123456' });
    expect(readPostForm(ok.body, m.continue).fields.status).toBe('success');
    expect(
      await provider.completePayment({
        conversationId: input.conversationId,
        expected: expectationOf(input),
        callbackBody: {},
      }),
    ).toMatchObject({
      status: 'succeeded',
    });
  });

  it('refuses a number failing the Luhn check, an expired card, a bad CVC and a missing name on the form', async () => {
    const { redirectUrl } = await start();
    const luhn = await submitCard(redirectUrl, { cardNumber: '5528790000000009' });
    expect(luhn.statusCode).toBe(422);
    expect(luhn.body).toContain(m.cardNumberInvalid);
    expect(luhn.body).toContain('aria-describedby="cardNumber-error"');
    expect(luhn.body).not.toContain('5528790000000009');

    const expired = await submitCard(redirectUrl, { cardNumber: '5528790000000008', expiry: '05/26' });
    expect(expired.statusCode).toBe(422);
    expect(expired.body).toContain(m.expired);
    expect(expired.body).toContain('value="05/26"');
    expect(expired.body).not.toContain('5528790000000008');

    const badFormat = await submitCard(redirectUrl, { cardNumber: '5528790000000008', expiry: '13/30' });
    expect(badFormat.body).toContain(m.expiryInvalid);

    const rest = await submitCard(redirectUrl, { cardNumber: '5528790000000008', cvc: '12', cardHolder: '  ' });
    expect(rest.body).toContain(m.cvcInvalid);
    expect(rest.body).toContain(m.cardHolderRequired);

    // This month's expiry is still valid (the clock is in June 2026).
    const thisMonth = await submitCard(redirectUrl, { cardNumber: '5528 7900 0000 0008', expiry: '06/26' });
    expect(thisMonth.statusCode).toBe(303);
  });

  it('posts "cancelled" to the callback from "Vazgeç" and the bank then never captures', async () => {
    const { input, redirectUrl } = await start();
    const page = await app.inject({ method: 'GET', url: redirectUrl });
    const cancel = readPostForm(page.body, m.cancel);
    expect(cancel.action).toBe(input.callbackUrl);
    expect(cancel.fields).toMatchObject({ conversationId: input.conversationId, status: 'cancelled' });
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
    const late = await submitCard(redirectUrl, { cardNumber: '5528790000000008' });
    expect(late.statusCode).toBe(200);
    expect(readPostForm(late.body, m.continue).fields.status).toBe('cancelled');
  });

  it("ignores a cancellation without the bank page's token: the payment can still be made", async () => {
    const { input, redirectUrl } = await start();
    for (const callbackBody of <Record<string, string>[]>[
      { conversationId: input.conversationId, status: 'cancelled', mdStatus: '0' },
      { conversationId: input.conversationId, status: 'cancelled', mdStatus: '0', token: 'sbx-guess' },
    ]) {
      expect(
        await provider.completePayment({
          conversationId: input.conversationId,
          expected: expectationOf(input),
          callbackBody,
        }),
      ).toEqual({
        status: 'pending',
      });
    }
    const paid = await submitCard(redirectUrl, { cardNumber: '5528790000000008' });
    expect(paid.statusCode).toBe(303);
  });

  it('captures once however many times the callback is completed, even concurrently', async () => {
    const { input, result } = await payWith('5528790000000008');
    const body = readPostForm(result.body, m.continue).fields;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        provider.completePayment({
          conversationId: input.conversationId,
          expected: expectationOf(input),
          callbackBody: body,
        }),
      ),
    );
    const again = await provider.completePayment({
      conversationId: input.conversationId,
      expected: expectationOf(input),
      callbackBody: body,
    });
    for (const outcome of [...outcomes, again]) expect(outcome).toEqual(outcomes[0]);
    expect(outcomes[0]!.status).toBe('succeeded');
  });

  it('refuses a callback URL outside the app (its pages may only post to our own origin)', async () => {
    await expect(start({ callbackUrl: 'https://evil.example/api/payments/callback/sandbox' })).rejects.toMatchObject({
      reason: 'rejected',
    });
  });

  it('answers an unknown payment page with 404', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/payments/sandbox/pay/doesnotexistdoesnotexist' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain(m.pageNotFound);
  });

  it('refunds an item up to its price, less earlier refunds, and records approvals and cancels', async () => {
    const { input, result } = await payWith('5528790000000008');
    const outcome = await provider.completePayment({
      conversationId: input.conversationId,
      expected: expectationOf(input),
      callbackBody: readPostForm(result.body, m.continue).fields,
    });
    if (outcome.status !== 'succeeded') throw new Error('expected a capture');
    const [txA, txB] = outcome.itemTransactions.map((t) => t.providerTransactionId) as [string, string];
    const ip = '203.0.113.7';
    const action = { conversationId: input.conversationId, ip };

    await provider.refundItem({ ...action, providerTransactionId: txB, amountKurus: 30_000 });
    await expect(
      provider.refundItem({ ...action, providerTransactionId: txB, amountKurus: 20_051 }),
    ).rejects.toMatchObject({
      reason: 'refund_exceeds_item',
    });
    await provider.refundItem({ ...action, providerTransactionId: txB, amountKurus: 20_050 });
    await expect(provider.refundItem({ ...action, providerTransactionId: txB, amountKurus: 1 })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    await expect(
      provider.refundItem({ ...action, providerTransactionId: 'sbx_tx_other', amountKurus: 1 }),
    ).rejects.toMatchObject({
      reason: 'not_found',
    });
    await provider.approveItem({ ...action, providerTransactionId: txA });
    await provider.approveItem({ ...action, providerTransactionId: txA });
    // A partly refunded payment can no longer be voided as a whole.
    await expect(
      provider.cancelPayment({ ...action, providerPaymentId: outcome.providerPaymentId }),
    ).rejects.toMatchObject({
      reason: 'rejected',
    });

    const rows = await selectRows<{ kind: string; provider_transaction_id: string | null; amount_kurus: unknown }>(
      database.db,
      sql`select kind, provider_transaction_id, amount_kurus from sandbox_bank_operations where conversation_id = ${input.conversationId}`,
    );
    expect(
      rows.map((r) => [r.kind, r.provider_transaction_id, r.amount_kurus === null ? null : Number(r.amount_kurus)]),
    ).toEqual(
      expect.arrayContaining([
        ['refund', txB, 30_000],
        ['refund', txB, 20_050],
        ['approve', txA, null],
      ]),
    );
    expect(rows).toHaveLength(3);
  });

  it('cancels a captured payment once, then refuses refunds and approvals of it', async () => {
    const { input, result } = await payWith('5528790000000008');
    const outcome = await provider.completePayment({
      conversationId: input.conversationId,
      expected: expectationOf(input),
      callbackBody: readPostForm(result.body, m.continue).fields,
    });
    if (outcome.status !== 'succeeded') throw new Error('expected a capture');
    const action = { conversationId: input.conversationId, ip: '203.0.113.7' };
    await expect(provider.cancelPayment({ ...action, providerPaymentId: 'sbx_pay_other' })).rejects.toMatchObject({
      reason: 'not_found',
    });
    await provider.cancelPayment({ ...action, providerPaymentId: outcome.providerPaymentId });
    await provider.cancelPayment({ ...action, providerPaymentId: outcome.providerPaymentId });
    const tx = outcome.itemTransactions[0]!.providerTransactionId;
    await expect(provider.refundItem({ ...action, providerTransactionId: tx, amountKurus: 1 })).rejects.toMatchObject({
      reason: 'rejected',
    });
    await expect(provider.approveItem({ ...action, providerTransactionId: tx })).rejects.toMatchObject({
      reason: 'rejected',
    });
    const rows = await selectRows<{ kind: string; amount_kurus: unknown }>(
      database.db,
      sql`select kind, amount_kurus from sandbox_bank_operations where conversation_id = ${input.conversationId}`,
    );
    expect(rows.map((r) => [r.kind, Number(r.amount_kurus)])).toEqual([['cancel', 150_050]]);
  });

  it('refuses to refund or approve a payment that was never captured', async () => {
    const { input } = await start();
    await expect(
      provider.approveItem({ conversationId: input.conversationId, providerTransactionId: 'x', ip: '203.0.113.7' }),
    ).rejects.toMatchObject({ reason: 'not_captured' });
  });

  it('quotes 1, 2, 3, 6 and 12 instalments at no interest, the remainder in the last month', async () => {
    const quotes = await provider.quoteInstallments({ bin: '552879', amountKurus: 100_001 });
    expect(quotes).toEqual([
      { installments: 1, totalKurus: 100_001, monthlyKurus: 100_001 },
      { installments: 2, totalKurus: 100_001, monthlyKurus: 50_000 },
      { installments: 3, totalKurus: 100_001, monthlyKurus: 33_333 },
      { installments: 6, totalKurus: 100_001, monthlyKurus: 16_666 },
      { installments: 12, totalKurus: 100_001, monthlyKurus: 8_333 },
    ]);
  });

  it('never stores or logs a card number or CVC', async () => {
    const cards = ['5528790000000008', '4111111111111129', '4131111111111117'];
    for (const card of cards) await payWith(card);
    const { redirectUrl } = await start();
    await submitCard(redirectUrl, { cardNumber: '5528790000000009', cvc: '987' });
    cards.push('5528790000000009');
    const dump = await selectRows(
      database.db,
      sql`select (select coalesce(string_agg(p::text, '|'), '') from sandbox_bank_payments p) || (select coalesce(string_agg(o::text, '|'), '') from sandbox_bank_operations o) as all_text`,
    );
    const text = JSON.stringify(dump);
    expect(text).toContain('0008');
    const logs = logLines.join('\n');
    expect(logs).toContain('/api/payments/sandbox/pay/');
    for (const card of cards) {
      expect(text).not.toContain(card);
      expect(text).not.toContain(card.slice(0, 12));
      expect(logs).not.toContain(card);
    }
    expect(logs).not.toMatch(/cvc=|"cvc"/);
  });
});

describeEachDatabase('sandbox bank inside the real app', (kind) => {
  const handle = useTestApp(kind, {
    // The app registers the sandbox's pages itself (PAYMENT_PROVIDER defaults to sandbox).
    extraRoutes: async (scope) => {
      scope.post('/api/payments/test-start', { config: { access: 'public' } }, async () =>
        scope.payments.startPayment(testPaymentInput({ callbackUrl: `${testOrigin}/api/payments/callback/sandbox` })),
      );
    },
  });

  it('serves its pages under the app CSP (no inline script needed) and takes same-origin form posts', async () => {
    const { app } = handle;
    const started = await app.inject({
      method: 'POST',
      url: '/api/payments/test-start',
      headers: { origin: testOrigin },
    });
    const { redirectUrl } = started.json<{ redirectUrl: string }>();
    const page = await app.inject({ method: 'GET', url: redirectUrl });
    expect(page.statusCode).toBe(200);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");
    // Not the app's 'no-referrer': with it, browsers post the card form with `Origin: null`,
    // which the CSRF check refuses.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).not.toMatch(/<script/i);
    const posted = await app.inject({
      method: 'POST',
      url: redirectUrl,
      headers: { ...formHeaders, origin: testOrigin },
      payload: formBody({ cardHolder: 'Ayşe Yılmaz', cardNumber: '5528790000000008', expiry: '12/30', cvc: '123' }),
    });
    expect(posted.statusCode).toBe(303);
    const result = await app.inject({
      method: 'POST',
      url: posted.headers.location as string,
      headers: { ...formHeaders, origin: testOrigin },
      payload: formBody({ code: '123456' }),
    });
    const callback = readPostForm(result.body, m.continue);
    expect(new URL(callback.action).origin).toBe(testOrigin);
    expect(callback.fields.status).toBe('success');
  });

  it('still refuses urlencoded bodies on the rest of the API', async () => {
    const response = await handle.app.inject({
      method: 'POST',
      url: '/api/payments/test-start',
      headers: { ...formHeaders, origin: testOrigin },
      payload: 'a=1',
    });
    expect(response.statusCode).toBe(415);
  });
});
