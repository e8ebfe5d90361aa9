import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Clock } from '../clock.ts';
import { createIyzicoProvider } from './iyzico.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox.ts';

/**
 * The card payment provider chosen by PAYMENT_PROVIDER: `sandbox` (default, the embedded test
 * bank) or `iyzico`.
 *
 * How a caller (checkout and callback routes) uses it:
 * 1. At start-up: `const payments = createPaymentProvider(env, { db, clock })`, then
 *    `await payments.registerRoutes?.(app)` to serve the provider's own pages (the sandbox bank's
 *    card and 3-D Secure pages, or our iyzico card page). They are public HTML pages with form posts.
 * 2. Checkout: create our payment attempt (its id is the conversation id), then
 *    `const { redirectUrl } = await payments.startPayment({ conversationId, amountKurus, installments,
 *    items, buyer, callbackUrl: `${APP_URL}/api/payments/callback/${payments.name}` })` and send the
 *    buyer's browser to redirectUrl (a same-site path).
 * 3. The bank's page POSTs an urlencoded form to callbackUrl, cross-site for iyzico and without our
 *    session cookie (the route must accept urlencoded bodies and be exempt from the Origin check).
 *    Read `payments.conversationIdOf(body)`, find the attempt, then
 *    `await payments.completePayment({ conversationId, callbackBody: body })` (no DB lock held
 *    across it). It is idempotent: a repeated callback answers the same outcome without a second
 *    charge. `succeeded` carries providerPaymentId and one providerTransactionId per item (store
 *    them: approve/refund need them) plus card brand and last four digits; `failed` carries a
 *    PaymentFailureCode whose Turkish text is paymentPageMessages.failures[code].
 * 4. A lost callback or a timeout: `retrievePayment(conversationId)` answers the outcome or pending.
 *    `completePayment` answers `unknown` when the authorisation and that query both timed out: keep
 *    the payment pending (the card may be charged) and ask again later (decision 038).
 * 5. Later: `approveItem` (release an order's money to its seller), `refundItem` (part or all of an
 *    order), `cancelPayment` (void on the same day), `listRefunds` (what was refunded per item, asked
 *    before a refund whose answer was lost is sent again). They throw PaymentProviderError (provider-error.ts)
 *    when the provider refuses or cannot be reached; map it to an AppError in the service.
 * 6. Checkout's instalment table: `quoteInstallments({ bin, amountKurus })`.
 */
export function createPaymentProvider(
  env: Pick<Env, 'PAYMENT_PROVIDER' | 'IYZICO_API_KEY' | 'IYZICO_SECRET_KEY' | 'IYZICO_BASE_URL' | 'APP_URL'>,
  deps: { db: Db; clock: Clock },
): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'iyzico') {
    // env.ts already refused to start without the keys; this guards other callers.
    if (!env.IYZICO_API_KEY || !env.IYZICO_SECRET_KEY)
      throw new Error('iyzico needs IYZICO_API_KEY and IYZICO_SECRET_KEY');
    return createIyzicoProvider({
      apiKey: env.IYZICO_API_KEY,
      secretKey: env.IYZICO_SECRET_KEY,
      baseUrl: env.IYZICO_BASE_URL,
      appUrl: env.APP_URL,
      clock: deps.clock,
    });
  }
  return createSandboxProvider({ db: deps.db, clock: deps.clock, appUrl: env.APP_URL });
}
