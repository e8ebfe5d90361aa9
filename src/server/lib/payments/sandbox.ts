import { paymentPageMessages } from '#shared/messages/payment-pages.tr.ts';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { installmentOptions, splitInstallments } from '#shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { sandboxBankOperations, sandboxBankPayments } from '../../db/schema/payments.ts';
import type { Clock } from '../clock.ts';
import { escapeHtml } from '../html.ts';
import {
  cardBrandOf,
  cardPageHeaders,
  parseCardForm,
  renderCardPage,
  renderMessagePage,
  renderPage,
  renderAutoSubmitPage,
  renderPostForm,
  type CardFormResult,
} from './card-form.ts';

import {
  callbackFieldsOf,
  findByConversation,
  findByToken,
  isSlowScenario,
  outcomeOf,
  SANDBOX_SLOW_BANK_MS,
  scenarioOfCard,
  type BankRow,
} from './sandbox-books.ts';
import { assertCallbackOnApp, PaymentProviderError } from './provider-error.ts';
import type { InstallmentQuote, PaymentOutcome, PaymentProvider } from './provider.ts';

/**
 * The embedded sandbox bank: a stand-in for a real bank outside our system, so `npm start` can take
 * a payment with no account anywhere. It keeps its state only in its own tables (sandbox_bank_*),
 * never in memory, because several server instances may serve one payment's pages.
 *
 * Pages: GET/POST /api/payments/sandbox/pay/:token ("Test Ödeme Sayfası"), then
 * GET/POST /api/payments/sandbox/3ds/:token ("3D Secure Doğrulama", code 123456), then a result
 * page whose "Devam" button posts { conversationId, token, status, mdStatus } to the callback URL.
 * The callback body is not trusted: completePayment reads the outcome from the bank's own row.
 */

const m = paymentPageMessages;

export const SANDBOX_THREE_DS_CODE = '123456';
const MAX_THREE_DS_ATTEMPTS = 3;

export interface SandboxProviderOptions {
  db: Db;
  clock: Clock;
  /** Absolute public address of the app (the bank's pages live on it). */
  appUrl: string;
}

const PAY_PATH = '/api/payments/sandbox/pay';
const THREE_DS_PATH = '/api/payments/sandbox/3ds';

export function createSandboxProvider({ db, clock, appUrl }: SandboxProviderOptions): PaymentProvider {
  function sendHtml(reply: FastifyReply, html: string, statusCode = 200) {
    return reply.code(statusCode).headers(cardPageHeaders).send(html);
  }

  function notFound(reply: FastifyReply) {
    return sendHtml(reply, renderMessagePage(m.pageNotFoundTitle, m.pageNotFound), 404);
  }

  function cancelButton(row: BankRow) {
    return {
      action: row.callbackUrl,
      fields: { conversationId: row.conversationId, token: row.token, status: 'cancelled', mdStatus: '0' },
    };
  }

  /** The card page, with a refused form's errors and its name and expiry (422) when there is one. */
  function sendCardPage(reply: FastifyReply, row: BankRow, refused?: Extract<CardFormResult, { ok: false }>) {
    const page = renderCardPage({
      title: m.sandboxTitle,
      notice: m.sandboxNotice,
      amountKurus: row.amountKurus,
      action: `${PAY_PATH}/${row.token}`,
      values: refused?.values,
      errors: refused?.errors,
      cancel: cancelButton(row),
    });
    return sendHtml(reply, page, refused ? 422 : 200);
  }

  function renderResult(reply: FastifyReply, row: BankRow) {
    const fields = callbackFieldsOf(row)!;
    const body = `<h1>${escapeHtml(m.resultTitle)}</h1>
<p class="notice">${escapeHtml(m.sandboxNotice)}</p>
<p>${escapeHtml(m.resultBody)}</p>
${renderPostForm(row.callbackUrl, fields, m.continue, 'primary')}`;
    const page = renderAutoSubmitPage(m.resultTitle, body, row.callbackUrl);
    return reply.code(200).headers(page.headers).send(page.html);
  }

  /** Sends the buyer where the row's state says they belong; null when the caller's page applies. */
  function redirectForState(reply: FastifyReply, row: BankRow, here: 'card' | '3ds') {
    if (row.status === 'awaiting_card') return here === 'card' ? null : reply.redirect(`${PAY_PATH}/${row.token}`, 303);
    if (row.status === 'awaiting_3ds')
      return here === '3ds' ? null : reply.redirect(`${THREE_DS_PATH}/${row.token}`, 303);
    return renderResult(reply, row);
  }

  function renderThreeDs(reply: FastifyReply, row: BankRow, error?: string, statusCode = 200) {
    const attemptsLeft = MAX_THREE_DS_ATTEMPTS - row.threeDsAttempts;
    const errorId = 'code-error';
    const body = `<h1>${escapeHtml(m.threeDsTitle)}</h1>
<p class="notice">${escapeHtml(m.sandboxNotice)}</p>
<p>${escapeHtml(m.threeDsBody)}</p>
<form method="post" action="${THREE_DS_PATH}/${escapeHtml(row.token)}" novalidate>
<label for="code">${escapeHtml(m.threeDsCode)}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required${
      error ? ` aria-invalid="true" aria-describedby="${errorId}"` : ''
    }>
${error ? `<p class="error" id="${errorId}">${escapeHtml(error)} ${escapeHtml(m.threeDsAttemptsLeft(attemptsLeft))}</p>` : ''}
<button type="submit" class="primary">${escapeHtml(m.verify)}</button>
</form>
${renderPostForm(cancelButton(row).action, cancelButton(row).fields, m.cancel, 'secondary')}`;
    return sendHtml(reply, renderPage(m.threeDsTitle, body), statusCode);
  }

  async function registerRoutes(app: FastifyInstance) {
    // The bank's pages post urlencoded forms; the rest of the API accepts JSON only, so the
    // form parser lives in this encapsulated scope alone.
    await app.register(async (scope) => {
      await scope.register(formbody, { bodyLimit: 4096 });
      const config = { access: 'public' as const };

      scope.get<{ Params: { token: string } }>(`${PAY_PATH}/:token`, { config }, async (request, reply) => {
        const row = await findByToken(db, request.params.token);
        if (!row) return notFound(reply);
        const elsewhere = redirectForState(reply, row, 'card');
        if (elsewhere) return elsewhere;
        return sendCardPage(reply, row);
      });

      scope.post<{ Params: { token: string } }>(`${PAY_PATH}/:token`, { config }, async (request, reply) => {
        const form = parseCardForm(request.body, clock.now());
        if (form.ok) {
          // A valid card moves a payment waiting for it on in one conditional UPDATE; only the
          // brand and last four digits reach the books. Anything else reads the row to answer.
          const [moved] = await db
            .update(sandboxBankPayments)
            .set({
              status: 'awaiting_3ds',
              scenario: scenarioOfCard(form.card.number),
              cardBrand: cardBrandOf(form.card.number),
              cardLastFour: form.card.number.slice(-4),
              updatedAt: clock.now(),
            })
            .where(
              and(eq(sandboxBankPayments.token, request.params.token), eq(sandboxBankPayments.status, 'awaiting_card')),
            )
            .returning({ token: sandboxBankPayments.token });
          if (moved) return reply.redirect(`${THREE_DS_PATH}/${moved.token}`, 303);
        }
        const row = await findByToken(db, request.params.token);
        if (!row) return notFound(reply);
        // Not waiting for a card (any more): the buyer goes where the payment is now.
        const elsewhere = redirectForState(reply, row, 'card');
        if (elsewhere) return elsewhere;
        // A valid card the UPDATE above did not take: the 3-D Secure page sends the buyer on by state.
        if (form.ok) return reply.redirect(`${THREE_DS_PATH}/${row.token}`, 303);
        return sendCardPage(reply, row, form);
      });

      scope.get<{ Params: { token: string } }>(`${THREE_DS_PATH}/:token`, { config }, async (request, reply) => {
        const row = await findByToken(db, request.params.token);
        if (!row) return notFound(reply);
        return redirectForState(reply, row, '3ds') ?? renderThreeDs(reply, row);
      });

      scope.post<{ Params: { token: string }; Body: { code?: unknown } }>(
        `${THREE_DS_PATH}/:token`,
        { config },
        async (request, reply) => {
          const code = typeof request.body?.code === 'string' ? request.body.code.trim() : '';
          const t = sandboxBankPayments;
          if (code === SANDBOX_THREE_DS_CODE) {
            // The right code: the card's issuer authenticates it, except the "fails 3-D Secure"
            // card. One conditional UPDATE answers the page; a payment not waiting for a code is
            // read below and the buyer sent where it is.
            const [done] = await db
              .update(t)
              .set({
                status: sql`case when ${t.scenario} = 'three_ds_failed' then 'three_ds_failed' else 'authenticated' end`,
                updatedAt: clock.now(),
              })
              .where(and(eq(t.token, request.params.token), eq(t.status, 'awaiting_3ds')))
              .returning();
            if (done) return renderResult(reply, done);
          }
          const row = await findByToken(db, request.params.token);
          if (!row) return notFound(reply);
          const elsewhere = redirectForState(reply, row, '3ds');
          if (elsewhere) return elsewhere;
          // A wrong code counts; the third one ends the payment. One conditional UPDATE, so two
          // instances serving the same page cannot both grant a fourth try.
          const [counted] = await db
            .update(t)
            .set({
              threeDsAttempts: sql`${t.threeDsAttempts} + 1`,
              status: sql`case when ${t.threeDsAttempts} + 1 >= ${MAX_THREE_DS_ATTEMPTS} then 'three_ds_failed' else ${t.status} end`,
              updatedAt: clock.now(),
            })
            .where(and(eq(t.token, row.token), eq(t.status, 'awaiting_3ds')))
            .returning();
          const current = counted ?? (await findByToken(db, row.token))!;
          if (current.status !== 'awaiting_3ds') return renderResult(reply, current);
          return renderThreeDs(reply, current, m.threeDsWrong, 422);
        },
      );
    });
  }

  async function settle(row: BankRow): Promise<PaymentOutcome> {
    const t = sandboxBankPayments;
    // Each move is conditional and returns the row it wrote: of two racing callbacks only one
    // moves it, and the other (no row returned) reads the winner's row.
    let moved: BankRow | undefined;
    if (row.status === 'authenticated') {
      const now = clock.now();
      if (row.scenario === 'succeed' || row.scenario === 'slow_success' || row.scenario === null) {
        const providerPaymentId = `sbx_pay_${randomBytes(9).toString('base64url')}`;
        const itemTransactions = row.items.map((item) => ({
          itemId: item.itemId,
          providerTransactionId: `sbx_tx_${randomBytes(9).toString('base64url')}`,
        }));
        [moved] = await db
          .update(t)
          .set({ status: 'captured', providerPaymentId, itemTransactions, updatedAt: now })
          .where(and(eq(t.token, row.token), eq(t.status, 'authenticated')))
          .returning();
      } else {
        [moved] = await db
          .update(t)
          .set({ status: 'declined', updatedAt: now })
          .where(and(eq(t.token, row.token), eq(t.status, 'authenticated')))
          .returning();
      }
    } else if (row.status === 'awaiting_card' || row.status === 'awaiting_3ds') {
      // The callback came before the bank finished ("Vazgeç" on its page): the bank closes
      // the payment, so it can never be captured after the shop has given up on it.
      [moved] = await db
        .update(t)
        .set({ status: 'cancelled', updatedAt: clock.now() })
        .where(and(eq(t.token, row.token), inArray(t.status, ['awaiting_card', 'awaiting_3ds'])))
        .returning();
    }
    const final = moved ?? (await findByConversation(db, row.conversationId))!;
    return (
      outcomeOf(final) ?? { status: 'failed', code: 'provider_error', providerMessage: `bank row is ${final.status}` }
    );
  }

  /** A slow-bank card whose answer is not due yet: the bank "times out" (sandbox-books.ts). */
  function isStillSlow(row: BankRow): boolean {
    return (
      isSlowScenario(row.scenario) &&
      row.status === 'authenticated' &&
      clock.now().getTime() < row.updatedAt.getTime() + SANDBOX_SLOW_BANK_MS
    );
  }

  type Operation = typeof sandboxBankOperations.$inferSelect;

  /**
   * Runs an approval, refund or cancel against a captured payment with its bank row locked, so the
   * checks on earlier operations (refund totals, a cancel) cannot race another instance.
   * A cancelled payment refuses everything; cancelling it again changes nothing.
   */
  async function withCapturedPayment(
    conversationId: string,
    providerPaymentId: string | undefined,
    action: (tx: Db, row: BankRow, operations: Operation[]) => Promise<void>,
    { isRepeatAllowed = false } = {},
  ) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(sandboxBankPayments)
        .where(eq(sandboxBankPayments.conversationId, conversationId))
        .for('update');
      if (!row) throw new PaymentProviderError('not_found', `no sandbox payment ${conversationId}`);
      if (row.status !== 'captured') throw new PaymentProviderError('not_captured', `sandbox payment is ${row.status}`);
      if (providerPaymentId !== undefined && row.providerPaymentId !== providerPaymentId) {
        throw new PaymentProviderError('not_found', `payment id does not match ${conversationId}`);
      }
      const operations = await tx
        .select()
        .from(sandboxBankOperations)
        .where(eq(sandboxBankOperations.conversationId, conversationId));
      if (operations.some((o) => o.kind === 'cancel')) {
        if (isRepeatAllowed) return;
        throw new PaymentProviderError('rejected', 'the payment was cancelled');
      }
      await action(tx, row, operations);
    });
  }

  function itemOf(row: BankRow, providerTransactionId: string) {
    const transaction = row.itemTransactions?.find((tx) => tx.providerTransactionId === providerTransactionId);
    const item = transaction && row.items.find((i) => i.itemId === transaction.itemId);
    if (!item) throw new PaymentProviderError('not_found', `no transaction ${providerTransactionId}`);
    return item;
  }

  return {
    name: 'sandbox',

    async startPayment(input) {
      assertCallbackOnApp(input.callbackUrl, appUrl);
      // One bank payment per conversation: a buyer who comes back to the payment (reload, Back)
      // is sent to the same card page, and its state, again.
      const [created] = await db
        .insert(sandboxBankPayments)
        .values({
          token: randomBytes(24).toString('base64url'),
          conversationId: input.conversationId,
          amountKurus: input.amountKurus,
          installments: input.installments,
          callbackUrl: input.callbackUrl,
          items: input.items.map((item) => ({
            itemId: item.itemId,
            priceKurus: item.priceKurus,
            sellerShareKurus: item.sellerShareKurus,
          })),
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .onConflictDoNothing({ target: sandboxBankPayments.conversationId })
        .returning({ token: sandboxBankPayments.token });
      const token = created?.token ?? (await findByConversation(db, input.conversationId))!.token;
      return { redirectUrl: `${PAY_PATH}/${token}` };
    },

    conversationIdOf(callbackBody) {
      const id = callbackBody.conversationId;
      return typeof id === 'string' && id.length > 0 && id.length <= 200 ? id : null;
    },

    async completePayment({ conversationId, callbackBody }) {
      const row = await findByConversation(db, conversationId);
      // The bank has no such payment (the buyer never reached its page): the post is not the bank's.
      if (!row) return { status: 'pending' };
      const outcome = outcomeOf(row);
      if (outcome) return outcome;
      // Closing a payment the bank has not finished takes the bank page's own token: a post that
      // only knows the payment id (cookie-less, from anyone) must not cancel someone's checkout.
      const isFromBankPage =
        typeof callbackBody.token === 'string' &&
        callbackBody.token.length === row.token.length &&
        timingSafeEqual(Buffer.from(callbackBody.token), Buffer.from(row.token));
      if (!isFromBankPage && (row.status === 'awaiting_card' || row.status === 'awaiting_3ds')) {
        return { status: 'pending' };
      }
      if (isStillSlow(row)) return { status: 'unknown', providerMessage: 'Authorisation and query timed out' };
      return settle(row);
    },

    async retrievePayment({ conversationId }) {
      // The sandbox's books are keyed by our conversation id and hold the amount we started it
      // with, so its answer cannot belong to another payment.
      const row = await findByConversation(db, conversationId);
      if (!row) return { status: 'failed', code: 'provider_error', providerMessage: 'Unknown conversation id' };
      // A slow card's bank answers once its delay is over (authorised then: it settles now).
      if (isSlowScenario(row.scenario) && row.status === 'authenticated') {
        return isStillSlow(row) ? { status: 'pending' } : settle(row);
      }
      // The bank's page is unfinished or its capture never asked for: nothing was taken so far.
      return outcomeOf(row) ?? { status: 'not_authorised' };
    },

    async approveItem({ conversationId, providerTransactionId }) {
      await withCapturedPayment(conversationId, undefined, async (tx, row, operations) => {
        itemOf(row, providerTransactionId);
        const isApproved = operations.some(
          (o) => o.kind === 'approve' && o.providerTransactionId === providerTransactionId,
        );
        if (isApproved) return; // approving twice changes nothing, as at iyzico
        await tx
          .insert(sandboxBankOperations)
          .values({ conversationId, kind: 'approve', providerTransactionId, createdAt: clock.now() });
      });
    },

    async refundItem({ conversationId, providerTransactionId, amountKurus }) {
      if (!Number.isSafeInteger(amountKurus) || amountKurus <= 0) {
        throw new PaymentProviderError('rejected', 'refund amount must be a positive number of kuruş');
      }
      await withCapturedPayment(conversationId, undefined, async (tx, row, operations) => {
        const item = itemOf(row, providerTransactionId);
        const refunded = operations
          .filter((o) => o.kind === 'refund' && o.providerTransactionId === providerTransactionId)
          .reduce((sum, o) => sum + Number(o.amountKurus ?? 0), 0);
        const left = item.priceKurus - refunded;
        if (amountKurus > left) {
          throw new PaymentProviderError('refund_exceeds_item', `refund of ${amountKurus} exceeds the ${left} left`);
        }
        await tx
          .insert(sandboxBankOperations)
          .values({ conversationId, kind: 'refund', providerTransactionId, amountKurus, createdAt: clock.now() });
      });
    },

    async listRefunds({ conversationId, providerPaymentId }) {
      const row = await findByConversation(db, conversationId);
      if (!row || row.providerPaymentId !== providerPaymentId) {
        throw new PaymentProviderError('not_found', `no sandbox payment ${conversationId}`);
      }
      const operations = await db
        .select()
        .from(sandboxBankOperations)
        .where(and(eq(sandboxBankOperations.conversationId, conversationId), eq(sandboxBankOperations.kind, 'refund')));
      return (row.itemTransactions ?? []).map((tx) => ({
        providerTransactionId: tx.providerTransactionId,
        refundedKurus: operations
          .filter((o) => o.providerTransactionId === tx.providerTransactionId)
          .reduce((sum, o) => sum + Number(o.amountKurus ?? 0), 0),
      }));
    },

    async cancelPayment({ conversationId, providerPaymentId }) {
      await withCapturedPayment(
        conversationId,
        providerPaymentId,
        async (tx, row, operations) => {
          if (operations.some((o) => o.kind === 'refund')) {
            throw new PaymentProviderError('rejected', 'a refunded payment cannot be cancelled; refund the rest');
          }
          await tx
            .insert(sandboxBankOperations)
            .values({ conversationId, kind: 'cancel', amountKurus: row.amountKurus, createdAt: clock.now() });
        },
        { isRepeatAllowed: true },
      );
    },

    async isVoided({ conversationId, providerPaymentId }) {
      const row = await findByConversation(db, conversationId);
      if (!row || row.providerPaymentId !== providerPaymentId) {
        throw new PaymentProviderError('not_found', `no sandbox payment ${conversationId}`);
      }
      const [cancel] = await db
        .select({ id: sandboxBankOperations.id })
        .from(sandboxBankOperations)
        .where(and(eq(sandboxBankOperations.conversationId, conversationId), eq(sandboxBankOperations.kind, 'cancel')))
        .limit(1);
      return cancel !== undefined;
    },

    async quoteInstallments({ amountKurus }): Promise<InstallmentQuote[]> {
      // The sandbox bank charges no interest: every plan totals the amount itself.
      return installmentOptions.map((installments) => ({
        installments,
        totalKurus: amountKurus,
        monthlyKurus: splitInstallments(amountKurus, installments)[0]!,
      }));
    },

    registerRoutes,
  };
}
