import { vatByRateOfItems } from '#shared/order-amounts.ts';
import { orderPath, paths, sellerOrderPath } from '#shared/site-paths.ts';
import { notifyLowStockAfterSale } from '../listings/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import type { Installments } from '#shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { findBuyerStore } from '../../lib/store-identity.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserContacts } from '../../lib/user-contacts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MemberContext } from '../../lib/context.ts';
import type { QueuedEmail } from '../../lib/mailer/outbox.ts';
import { orderConfirmationEmail, sellerNewOrderEmail } from '../../lib/mailer/order-templates.ts';
import { applyBasisPoints, formatKurus } from '#shared/money.ts';
import { withholdingOfRelease } from '../../lib/withholding.ts';
import type { PaymentOutcome, PaymentProvider, UnverifiedOutcome } from '../../lib/payments/provider.ts';
import {
  claimDueVoids,
  claimUnknownPayments,
  endChecks,
  markOutcomeUnknown,
  recordPayoutMismatch,
  recordVoidResult,
  requestVoid,
  rescheduleCheck,
} from './payments.repo.ts';
import {
  closeGroup,
  saleTermsAtCapture,
  type SaleTerms,
  findGroup,
  findGroupItems,
  findGroupOrders,
  findPayment,
  findSubMerchantKeys,
  fixGroupSaleTerms,
  lockExpiredGroups,
  returnStock,
  escrowEndAfter,
  settlePayment,
  failPendingPayments,
  hasUnknownPayment,
} from '../checkout/index.ts';
import { notify } from '../notifications/index.ts';
import { payoutAccountRequests } from '../payouts/index.ts';
import { startFulfilment } from '../fulfilment/index.ts';
import { applyOrderTransitionToMany } from '../order-lifecycle/index.ts';
import { getPlatformSettings } from '../platform-settings/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The seller's share of an order's money as a whole release books it: the total less our
 * commission and less the withholding (decision 041), at the rates fixed on the order.
 */
function sellerShareOf(
  order: { totalKurus: number; vatKurus: number; commissionBp: number | null; withholdingBp: number | null },
  terms: SaleTerms,
): number {
  const commissionBp = order.commissionBp ?? terms.commissionBp;
  const withholdingBp = order.withholdingBp ?? terms.withholdingBp;
  const { withholdingKurus } = withholdingOfRelease({ ...order, withholdingBp }, 0, order.totalKurus);
  return order.totalKurus - applyBasisPoints(order.totalKurus, commissionBp) - withholdingKurus;
}

/** What the provider's answer must match before a payment is booked (basket, amount, items). */
async function expectationOf(db: Db, payment: { id: string; groupId: string; amountKurus: number }) {
  const orders = await findGroupOrders(db, payment.groupId);
  return { conversationId: payment.id, amountKurus: payment.amountKurus, itemIds: orders.map((o) => o.id) };
}

/** Where the buyer lands after the bank: the checkout result page of the group. */
export function resultPath(groupId: string): string {
  return `/odeme/sonuc/${groupId}`;
}

export interface PaymentDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider;
  appUrl: string;
  log: FastifyBaseLogger;
}

/**
 * GET /api/payments/:id/start: registers the payment with the provider and answers the address of
 * its card page. Only the buyer, only while the reservation holds. No database lock is held
 * while the provider is called.
 */
export async function startPayment(ctx: MemberContext, deps: PaymentDeps, paymentId: string): Promise<string> {
  const payment = await findPayment(ctx.db, paymentId);
  const group = payment ? await findGroup(ctx.db, payment.groupId) : null;
  if (!payment || !group || group.buyerId !== ctx.user.id) throw new AppError('ORDER_NOT_FOUND');
  if (
    payment.status !== 'pending' ||
    payment.outcomeUnknownSince !== null ||
    group.status !== 'awaiting_payment' ||
    group.reservedUntil <= ctx.clock.now()
  ) {
    return resultPath(group.id);
  }
  const settings = await getPlatformSettings(ctx.db);
  // The rate the provider withholds is the rate the order keeps: fixed at the first start, before
  // any share is sent, and read back so every later start sends the same share.
  await fixGroupSaleTerms(ctx.db, group.id, settings);
  const [orders, store, subMerchants] = await Promise.all([
    findGroupOrders(ctx.db, group.id),
    findBuyerStore(ctx.db, ctx.user.id),
    findSubMerchantKeys(ctx.db, group.id),
  ]);
  const address = group.shippingAddress;
  const started = await deps.provider.startPayment({
    conversationId: payment.id,
    amountKurus: payment.amountKurus,
    installments: payment.installments as Installments,
    items: orders.map((o) => ({
      itemId: o.id,
      name: `Sipariş ${o.orderNumber}`,
      category: 'Optik',
      priceKurus: o.totalKurus,
      sellerShareKurus: sellerShareOf(o, settings),
      subMerchantKey: subMerchants.get(o.sellerId) ?? null,
    })),
    buyer: {
      id: ctx.user.id,
      name: address.full_name,
      email: ctx.user.email,
      phone: address.phone,
      identityNumber: group.billingParty.taxNumber || store?.taxNumber || '11111111111',
      city: address.city,
      address: address.address,
      ip: ctx.ip,
    },
    callbackUrl: `${deps.appUrl}/api/payments/callback/${deps.provider.name}`,
  });
  return started.redirectUrl;
}

/**
 * POST /api/payments/callback/:provider: the bank sends the buyer back (a cross-site POST without
 * our cookie). The body only names the payment; its outcome is asked of the provider, never
 * taken from the body. A replayed or duplicated callback finds the payment settled and changes
 * nothing. Answers where to send the browser.
 */
export async function handlePaymentCallback(
  deps: PaymentDeps,
  providerName: string,
  body: Record<string, string>,
): Promise<string> {
  if (providerName !== deps.provider.name) return paths.orders;
  const conversationId = deps.provider.conversationIdOf(body);
  if (!conversationId || !UUID.test(conversationId)) return paths.orders;
  const payment = await findPayment(deps.db, conversationId);
  if (!payment) return paths.orders;
  if (payment.status === 'pending') {
    // Outside any transaction: the provider call may take seconds.
    const expected = await expectationOf(deps.db, payment);
    const outcome = await deps.provider.completePayment({ conversationId, callbackBody: body, expected });
    // Pending: a cancellation that did not come from the card page; the checkout stays payable.
    if (outcome.status === 'unknown') {
      // The card may be charged: not a failure. The stock stays held and the sweep asks again.
      await markOutcomeUnknown(deps.db, payment.id, deps.clock.now(), outcome.providerMessage);
      deps.log.warn({ paymentId: payment.id }, 'payment outcome unknown after timeouts; reconciliation will ask again');
    } else if (outcome.status === 'unverified') {
      if (!(await voidUnverifiedCapture(deps, payment, outcome))) {
        await markOutcomeUnknown(deps.db, payment.id, deps.clock.now(), outcome.reason);
      }
    } else if (outcome.status !== 'pending') await settleOutcome(deps, payment.id, payment.groupId, outcome);
  }
  return resultPath(payment.groupId);
}

/** Records what the provider said. Money captured for a reservation that has meanwhile ended is voided. */
export async function settleOutcome(
  deps: PaymentDeps,
  paymentId: string,
  groupId: string,
  outcome: PaymentOutcome,
): Promise<void> {
  const now = deps.clock.now();
  if (outcome.status === 'failed') {
    await deps.db.transaction(async (tx) => {
      const failed = await settlePayment(tx, paymentId, {
        status: 'failed',
        failureCode: outcome.code,
        failureMessage: outcome.providerMessage?.slice(0, 500) ?? null,
        completedAt: now,
      });
      if (failed) await releaseReservation(tx, groupId, 'payment_failed', now);
    });
    return;
  }

  const mustVoid = await deps.db.transaction(async (tx) => {
    const group = await closeGroup(tx, groupId, 'paid', now);
    if (!group) {
      // A second callback for a capture already recorded changes nothing.
      if ((await findGroup(tx, groupId))?.status === 'paid') return false;
      // The reservation ended (expiry sweep) before the money arrived: the stock may be sold to
      // someone else, so this capture cannot stand. Record it and void it after the transaction.
      await settlePayment(
        tx,
        paymentId,
        {
          status: 'failed',
          failureCode: 'reservation_expired',
          providerPaymentId: outcome.providerPaymentId,
          cardBrand: outcome.cardBrand,
          cardLastFour: outcome.cardLastFour,
          completedAt: now,
        },
        ['pending', 'failed'],
      );
      // Recorded before the provider is called, so a void that fails (or a crash) is retried by
      // the reconciliation job rather than only logged.
      await requestVoid(tx, paymentId, now, LEASE_MS);
      return true;
    }
    const paid = await settlePayment(tx, paymentId, {
      status: 'succeeded',
      providerPaymentId: outcome.providerPaymentId,
      itemTransactions: outcome.itemTransactions,
      cardBrand: outcome.cardBrand,
      cardLastFour: outcome.cardLastFour,
      completedAt: now,
    });
    // The group was still open, so nothing else could have settled its pending payment.
    if (!paid) throw new Error(`payment ${paymentId} was not pending while its group was open`);
    await captureIntoEscrow(tx, deps, group, now, { id: paymentId, itemTransactions: outcome.itemTransactions });
    return false;
  });
  if (mustVoid) await attemptVoid(deps, paymentId, outcome.providerPaymentId, 1);
}

/**
 * An answer we could not verify (decision 038) decides nothing by itself: our card may be charged.
 * A signed capture of our own basket that is not what we asked (amount, items) is voided and the
 * checkout fails (true). Anything else (false) keeps the payment pending for the caller to have
 * the provider asked again (the admin sees it once the checks are used up).
 */
async function voidUnverifiedCapture(
  deps: PaymentDeps,
  payment: { id: string; groupId: string },
  outcome: UnverifiedOutcome,
): Promise<boolean> {
  const now = deps.clock.now();
  deps.log.error({ paymentId: payment.id, reason: outcome.reason }, 'provider answer could not be verified');
  const providerPaymentId = outcome.voidProviderPaymentId;
  if (!providerPaymentId) return false;
  await deps.db.transaction(async (tx) => {
    await settlePayment(
      tx,
      payment.id,
      {
        status: 'failed',
        failureCode: 'provider_error',
        failureMessage: outcome.reason.slice(0, 500),
        providerPaymentId,
        completedAt: now,
      },
      ['pending', 'failed'],
    );
    await releaseReservation(tx, payment.groupId, 'payment_failed', now);
    await requestVoid(tx, payment.id, now, LEASE_MS);
  });
  await endChecks(deps.db, payment.id);
  await attemptVoid(deps, payment.id, providerPaymentId, 1);
  return true;
}

/** Attempts before a void is marked failed (an admin then voids or refunds it at the provider). */
export const MAX_VOID_ATTEMPTS = 8;
const VOID_BACKOFF_MS = 30_000;
/** Checks of an unknown outcome at back-off (1, 2, 4 … 60 min) before an admin is shown it. */
export const MAX_OUTCOME_CHECKS = 10;
const CHECK_BACKOFF_MS = 60_000;
const CHECK_BACKOFF_CAP_MS = 60 * 60_000;
/** After MAX_OUTCOME_CHECKS the sweep keeps asking, every 6 hours, so a late answer still settles it. */
const CHECK_SLOW_MS = 6 * 60 * 60_000;
/**
 * How long after its outcome became unknown a payment the provider says was never authorised is
 * still waited for: our timed-out authorisation call could be in flight until then. Past it nothing
 * can capture the payment any more (only we authorise), so it fails and the stock goes back.
 */
export const AUTHORISATION_WINDOW_MS = 30 * 60_000;
const LEASE_MS = 2 * 60_000;

/**
 * One void call; its result is written on the payment (done, or retried with back-off, or failed).
 * A void is not idempotent at iyzico, so a retry first asks whether an earlier attempt whose
 * answer was lost went through.
 */
async function attemptVoid(deps: PaymentDeps, paymentId: string, providerPaymentId: string, attempt: number) {
  try {
    const input = { conversationId: paymentId, providerPaymentId };
    if (attempt === 1 || !(await deps.provider.isVoided(input))) {
      await deps.provider.cancelPayment({ ...input, ip: '127.0.0.1' });
    }
  } catch (error) {
    const last = attempt >= MAX_VOID_ATTEMPTS;
    (last ? deps.log.error : deps.log.warn).call(
      deps.log,
      { err: error, paymentId, attempt },
      last
        ? 'voiding a late capture failed for good; an admin must void it'
        : 'voiding a late capture failed; will retry',
    );
    await recordVoidResult(deps.db, paymentId, {
      voidStatus: last ? 'failed' : 'pending',
      voidNextAttemptAt: last ? null : new Date(deps.clock.now().getTime() + VOID_BACKOFF_MS * 2 ** (attempt - 1)),
      voidLastError: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
  await recordVoidResult(deps.db, paymentId, { voidStatus: 'done', voidNextAttemptAt: null, voidLastError: null });
  return true;
}

/**
 * The reconciliation sweep (decision 038): asks the provider about payments whose outcome is
 * unknown and settles each as the provider says (a capture after the reservation ended is voided
 * by settleOutcome), then retries due voids of late captures. No lock is held across a provider
 * call; claims are leases. Returns how many payments were settled or voided.
 */
export async function reconcilePayments(deps: PaymentDeps, limit = 20): Promise<number> {
  let done = 0;
  for (const payment of await claimUnknownPayments(deps.db, deps.clock.now(), LEASE_MS, limit)) {
    let outcome: Awaited<ReturnType<PaymentProvider['retrievePayment']>>;
    try {
      outcome = await deps.provider.retrievePayment(await expectationOf(deps.db, payment));
    } catch (error) {
      outcome = { status: 'pending' };
      deps.log.warn({ err: error, paymentId: payment.id }, 'asking the provider about a payment failed');
    }
    if (outcome.status === 'unverified' && (await voidUnverifiedCapture(deps, payment, outcome))) {
      done++;
      continue;
    }
    // Never authorised, and our authorisation can no longer be in flight: nothing was taken.
    const isAuthorisationOver =
      payment.outcomeUnknownSince !== null &&
      deps.clock.now().getTime() - payment.outcomeUnknownSince.getTime() >= AUTHORISATION_WINDOW_MS;
    if (outcome.status === 'not_authorised' && isAuthorisationOver) {
      outcome = { status: 'failed', code: 'provider_error', providerMessage: 'Never authorised at the provider' };
    }
    if (outcome.status === 'pending' || outcome.status === 'not_authorised' || outcome.status === 'unverified') {
      const n = payment.checkAttempts;
      const wait =
        n >= MAX_OUTCOME_CHECKS ? CHECK_SLOW_MS : Math.min(CHECK_BACKOFF_MS * 2 ** (n - 1), CHECK_BACKOFF_CAP_MS);
      if (n === MAX_OUTCOME_CHECKS) {
        deps.log.error({ paymentId: payment.id }, 'the provider still does not know a payment; shown to admins');
      }
      await rescheduleCheck(
        deps.db,
        payment.id,
        new Date(deps.clock.now().getTime() + wait),
        outcome.status === 'unverified' ? outcome.reason : 'provider has no answer yet',
      );
      continue;
    }
    await settleOutcome(deps, payment.id, payment.groupId, outcome);
    await endChecks(deps.db, payment.id);
    done++;
  }
  for (const payment of await claimDueVoids(deps.db, deps.clock.now(), LEASE_MS, limit)) {
    if (!payment.providerPaymentId) continue;
    if (await attemptVoid(deps, payment.id, payment.providerPaymentId, payment.voidAttempts)) done++;
  }
  return done;
}

type GroupRow = NonNullable<Awaited<ReturnType<typeof findGroup>>>;

/** The escrow's end in the seller's new-order mail ("12 Nisan 2027"); made once, a formatter costs ~0.2 ms to build. */
const escrowEndFormat = new Intl.DateTimeFormat('tr-TR', { timeZone: 'Europe/Istanbul', dateStyle: 'long' });

/**
 * The paid group's orders enter escrow: paid_escrow with the escrow end date, a timeline event,
 * one balanced journal (provider clearing debit, escrow credit per order), the notifications
 * and the mails, all in the payment's transaction.
 */
async function captureIntoEscrow(
  tx: Db,
  deps: PaymentDeps,
  group: GroupRow,
  now: Date,
  payment: { id: string; itemTransactions: { itemId: string; sellerPayoutKurus: number | null }[] },
): Promise<void> {
  const settings = await getPlatformSettings(tx);
  // Escrow ends escrowDays (of 24 h) after each order was placed, set in the same UPDATE.
  const orders = await applyOrderTransitionToMany(
    tx,
    'pay',
    { groupId: group.id },
    {
      actor: { role: 'system', id: null },
      now,
      set: {
        paidAt: now,
        escrowEndsAt: escrowEndAfter(settings.escrowDays * DAY_MS),
        // The commission and withholding rates fixed when the payment started are the order's,
        // whatever the settings become later (the provider withholds at those rates).
        ...saleTermsAtCapture(settings),
      },
      capture: { chargedKurus: group.chargedKurus, memo: `payment captured for group ${group.id}` },
    },
  );
  const escrowEnds = new Map(orders.map((o) => [o.id, o.escrowEndsAt!]));
  // Reconcile the provider's split with our books: what it will pay each seller must be the share
  // our ledger releases, or the seller is paid our commission (or short). Shown to the admin.
  const mismatches = payment.itemTransactions.flatMap((t) => {
    const order = orders.find((o) => o.id === t.itemId);
    if (!order || t.sellerPayoutKurus === null) return [];
    const expectedKurus = sellerShareOf(order, settings);
    return t.sellerPayoutKurus === expectedKurus
      ? []
      : [{ orderId: order.id, expectedKurus, providerKurus: t.sellerPayoutKurus }];
  });
  if (mismatches.length > 0) {
    await recordPayoutMismatch(tx, payment.id, mismatches);
    deps.log.error({ paymentId: payment.id, mismatches }, "the provider's seller payout differs from our books");
  }
  const accepted = await startFulfilment(tx, orders, now, settings.shipGraceDays);

  // A seller's first sale without a payout account: ask for the IBAN now, not at the first payout.
  const payoutAccountNotices = await payoutAccountRequests(tx, [...new Set(orders.map((o) => o.sellerId))]);
  const items = await findGroupItems(tx, group.id);
  const contacts = new Map(
    (await findUserContacts(tx, [group.buyerId, ...orders.map((o) => o.sellerId)])).map((u) => [u.id, u]),
  );
  const buyer = contacts.get(group.buyerId);
  const mailOrders = orders
    .slice()
    .sort((a, b) => (a.orderNumber < b.orderNumber ? -1 : 1))
    .map((o) => ({
      id: o.id,
      sellerId: o.sellerId,
      orderNumber: o.orderNumber,
      sellerHandle: contacts.get(o.sellerId)?.handle ?? null,
      totalKurus: o.totalKurus,
      amounts: {
        subtotalKurus: o.subtotalKurus,
        shippingKurus: o.shippingKurus,
        vatKurus: o.vatKurus,
        discountKurus: o.discountKurus,
        totalKurus: o.totalKurus,
        pricesIncludeVat: group.pricesIncludeVat,
        vatByRate: vatByRateOfItems(items.filter((i) => i.orderId === o.id)),
      },
      lines: items.filter((i) => i.orderId === o.id),
    }));
  const numbers = mailOrders.map((o) => o.orderNumber).join(', ');
  // One order opens itself; several (a cart from more than one seller) are the buyer's list.
  const buyerOrdersPath = mailOrders.length === 1 ? orderPath(mailOrders[0]!.id) : paths.orders;
  const ordersUrl = `${deps.appUrl}${buyerOrdersPath}`;
  const mails: QueuedEmail[] = [];
  if (buyer) {
    mails.push({
      to: buyer.email,
      email: orderConfirmationEmail({
        buyerName: group.shippingAddress.full_name,
        orders: mailOrders,
        chargedKurus: group.chargedKurus,
        installments: group.installments,
        escrowDays: settings.escrowDays,
        inspectionDays: settings.inspectionDays,
        ordersUrl,
      }),
      options: { relatedTo: `order_group:${group.id}` },
    });
  }
  for (const order of mailOrders) {
    const seller = contacts.get(order.sellerId);
    if (!seller) continue;
    mails.push({
      to: seller.email,
      email: sellerNewOrderEmail({
        order,
        buyerHandle: buyer?.handle ?? null,
        address: group.shippingAddress,
        escrowEndsAt: escrowEndFormat.format(escrowEnds.get(order.id)!),
        orderUrl: `${deps.appUrl}${sellerOrderPath(order.id)}`,
      }),
      options: { relatedTo: `order:${order.id}` },
    });
  }
  // The order mails are queued with the notifications: one NOTIFY statement wakes the streams and the mail job.
  await notify(
    tx,
    [
      ...payoutAccountNotices,
      ...mailOrders.map((o) => ({
        userId: o.sellerId,
        type: 'order_new' as const,
        title: tm.notifications.newOrderTitle,
        message: (accepted.has(o.id) ? tm.notifications.newOrderBody : tm.notifications.newOrderNeedsAcceptance)(
          o.orderNumber,
          buyer?.handle ?? 'Bilinmiyor',
          formatKurus(o.totalKurus),
        ),
        relatedId: o.id,
        actionUrl: sellerOrderPath(o.id),
        actionText: tm.notifications.orderAction,
      })),
      {
        userId: group.buyerId,
        type: 'payment_received' as const,
        title: tm.notifications.paymentReceivedTitle,
        message: tm.notifications.paymentReceivedBody(numbers, formatKurus(group.chargedKurus)),
        relatedId: group.id,
        actionUrl: buyerOrdersPath,
        actionText: tm.notifications.paymentReceivedAction,
      },
    ],
    now,
    mails,
  );

  await notifyLowStockAfterSale(tx, items, settings.lowStockThreshold, now);
}

/**
 * Ends an unpaid group's reservation: the group closes (expired or payment_failed), its orders are
 * cancelled with a timeline event, and every reserved unit goes back to its listing. The group's
 * conditional close makes this happen once, whoever calls it.
 */
async function releaseReservation(
  tx: Db,
  groupId: string,
  status: 'expired' | 'payment_failed',
  now: Date,
  byBuyer: string | null = null,
): Promise<boolean> {
  const closed = await closeGroup(tx, groupId, status, now);
  if (!closed) return false;
  await applyOrderTransitionToMany(
    tx,
    byBuyer ? 'cancelPayment' : status === 'expired' ? 'expireUnpaid' : 'failPayment',
    { groupId },
    {
      actor: byBuyer ? { role: 'buyer', id: byBuyer } : { role: 'system', id: null },
      now,
      set: { cancelledAt: now },
    },
  );
  const items = await findGroupItems(tx, groupId);
  // Same id order as the reservation took, so a release and a checkout cannot deadlock.
  const sorted = items.filter((i) => i.listingId).sort((a, b) => (a.listingId! < b.listingId! ? -1 : 1));
  for (const item of sorted) await returnStock(tx, item.listingId!, item.quantity, now);
  return true;
}

/**
 * The expiry sweep: unpaid groups past their reservation give their stock back. Safe to run on
 * many instances at once (SKIP LOCKED) and to repeat (each group is released once). A payment
 * still pending for such a group is marked abandoned, so a late bank callback voids its capture.
 */
export async function expireReservations(db: Db, clock: Clock, limit = 50): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const groups = await lockExpiredGroups(tx, now, limit);
    for (const group of groups) {
      await failPendingPayments(tx, group.id, 'abandoned', now);
      await releaseReservation(tx, group.id, 'expired', now);
    }
    return groups.length;
  });
}

/**
 * POST /api/checkout/groups/:id/cancel: the buyer gives up an unpaid checkout (back from the bank
 * page). Its pending payment is closed as cancelled and the stock goes back now, not after the
 * 15-minute hold. A bank answer arriving later finds the payment settled and charges nothing; a
 * capture that raced in is voided (settleOutcome). Only the buyer, only while awaiting payment.
 */
export async function cancelUnpaidCheckout(ctx: MemberContext, groupId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const group = await findGroup(tx, groupId);
    if (!group || group.buyerId !== ctx.user.id) throw new AppError('ORDER_NOT_FOUND');
    // The bank may have charged the card: the checkout waits for its answer (decision 038).
    // REQUEST_IN_PROGRESS, not CONFLICT: the cart must keep this checkout in mind, not forget it.
    if (await hasUnknownPayment(tx, groupId)) {
      throw new AppError('REQUEST_IN_PROGRESS', tm.checkout.cancelWhileChecking);
    }
    await failPendingPayments(tx, groupId, 'cancelled', now);
    // The conditional close decides: a group paid or expired meanwhile is refused, and nothing changes.
    if (!(await releaseReservation(tx, groupId, 'payment_failed', now, ctx.user.id))) {
      throw new AppError('CONFLICT', tm.checkout.cancelNotPossible);
    }
  });
}
