import { paymentPageMessages } from '#shared/messages/payment-pages.tr.ts';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import { discountedPrice, type Kurus } from '#shared/money.ts';
import { priceCart, type Installments } from '#shared/pricing.ts';
import { vatRateForCategory } from '#shared/schemas/platform-settings.ts';
import type {
  CartLineInput,
  CartQuote,
  CheckoutGroupStatus,
  CheckoutProfile,
  CheckoutResult,
  DeliveryAddress,
} from '#shared/schemas/checkout.ts';
import { recordOrderEvents } from '../order-lifecycle/index.ts';
import { getPlatformSettings } from '../platform-settings/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberContext } from '../../lib/context.ts';
import type { Db } from '../../db/client.ts';
import { findBuyerStore } from '../../lib/store-identity.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  forgetIdempotencyKey,
  hashRequest,
  releaseIdempotencyKey,
  type HeldIdempotencyKey,
  type IdempotencyScope,
} from '../../lib/idempotency.ts';
import {
  findGroup,
  findGroupOrderSummaries,
  findLatestPayment,
  insertGroup,
  insertOrderItems,
  insertOrders,
  insertPayment,
  nextOrderSequenceValues,
  reserveStocks,
} from './checkout.repo.ts';
import { formatOrderNumber, orderYear, paymentStartPath } from './checkout.numbers.ts';
import { mergeLines, priceQuote, pricingSettingsOf } from './checkout.quote.ts';
import { findBillingParty } from '../invoices/index.ts';

/** An unpaid checkout holds its stock this long; then the expiry sweep returns it. */
export const RESERVATION_MINUTES = 15;
const CHECKOUT_SCOPE = 'checkout';
/** Our keys are UUIDs; any opaque token of this shape is accepted from other clients. */
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** The checkout page's prefill: the store's contact and registered city, and its billing party. */
export async function getCheckoutProfile(ctx: MemberContext): Promise<CheckoutProfile> {
  const [store, billing, settings] = await Promise.all([
    findBuyerStore(ctx.db, ctx.user.id),
    findBillingParty(ctx.db, ctx.user.id),
    getPlatformSettings(ctx.db),
  ]);
  return {
    shippingAddress: {
      full_name: store?.fullName ?? ctx.user.fullName,
      address: '',
      city: store?.city ?? '',
      district: store?.district ?? '',
      postal_code: '',
      phone: store?.phone ?? store?.applicationPhone ?? '',
    },
    billing: {
      companyName: billing.companyName || ctx.user.fullName,
      taxNumber: billing.taxNumber,
      city: billing.city,
      district: billing.district,
      taxOffice: billing.taxOffice ?? '',
      address: billing.address ?? '',
      isEInvoiceUser: billing.isEInvoiceUser ?? false,
    },
    escrowDays: settings.escrowDays,
    inspectionDays: settings.inspectionDays,
  };
}

export interface CheckoutInput {
  lines: CartLineInput[];
  shippingAddress: DeliveryAddress;
  paymentMethod: 'card';
  installments: Installments;
  expectedChargedKurus: Kurus;
}

/** Thrown inside the checkout transaction when the cart moved under us; answered with a fresh quote after rollback. */
class CartMoved extends Error {}

/**
 * POST /api/checkout. The Idempotency-Key makes a retried or doubled request harmless: the same
 * key and body replay the first answer, and the group, its orders and the stored answer commit
 * in one transaction, so a crash can never leave orders without their answer (or the reverse).
 */
export async function checkout(
  ctx: MemberContext,
  key: string | undefined,
  input: CheckoutInput,
  providerName: string,
): Promise<{ status: number; body: CheckoutResult }> {
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const idem: IdempotencyScope = { userId: ctx.user.id, scope: CHECKOUT_SCOPE, key };
  const requestHash = hashRequest(input);
  let claim = await claimIdempotencyKey(ctx.db, idem, requestHash, ctx.clock.now());
  if (claim.kind === 'replay') {
    const replayed = claim.body as CheckoutResult;
    // A group whose payment failed or whose reservation ran out cannot be paid: "Tekrar Dene"
    // with the same cart (and so the same key) starts a new checkout instead of replaying it.
    if (!(await isGroupSettledUnpaid(ctx.db, replayed.groupId))) return { status: claim.status, body: replayed };
    await forgetIdempotencyKey(ctx.db, idem, replayed);
    claim = await claimIdempotencyKey(ctx.db, idem, requestHash, ctx.clock.now());
    if (claim.kind === 'replay') return { status: claim.status, body: claim.body as CheckoutResult };
  }
  const { held } = claim;
  try {
    return { status: 201, body: await placeOrders(ctx, held, input, providerName) };
  } catch (error) {
    // Nothing was written: free the key (if still ours) so the same request can simply be sent again.
    await releaseIdempotencyKey(ctx.db, held);
    throw error;
  }
}

/** Whether the group ended without being paid (payment failed, reservation expired). */
async function isGroupSettledUnpaid(db: Db, groupId: string): Promise<boolean> {
  const group = await findGroup(db, groupId);
  return group?.status === 'payment_failed' || group?.status === 'expired';
}

/** The refusal of a cart that moved, with the new quote; a line past its miat is named as the reason. */
function cartChanged(quote: CartQuote): AppError {
  const isExpired = quote.lines.some((l) => l.problems.includes('expired'));
  return new AppError('CART_CHANGED', isExpired ? tm.checkout.expiredRefused : undefined, undefined, { quote });
}

async function refuseWithQuote(ctx: MemberContext, input: CheckoutInput): Promise<never> {
  const { quote } = await priceQuote(ctx, { lines: input.lines, installments: input.installments }, 'fresh');
  throw cartChanged(quote);
}

async function placeOrders(
  ctx: MemberContext,
  idem: HeldIdempotencyKey,
  input: CheckoutInput,
  providerName: string,
): Promise<CheckoutResult> {
  const lines = mergeLines(input.lines);
  if (lines.length === 0) throw new AppError('CART_EMPTY');
  // A first, lock-free look: most refusals are found here without touching a row. Its listing rows
  // are also the snapshot (barcode, thumbnail) the order lines copy. Its settings may be a few
  // seconds old (one query less per checkout): the transaction below reads them again and prices
  // the cart under them, and a difference is refused there with a fresh quote.
  const [{ quote, rows }, billing] = await Promise.all([
    priceQuote(ctx, { lines, installments: input.installments }, 'recent'),
    findBillingParty(ctx.db, ctx.user.id),
  ]);
  if (!quote.isReady || quote.price?.chargedKurus !== input.expectedChargedKurus) {
    throw cartChanged(quote);
  }
  const byId = new Map(quote.lines.map((l) => [l.listingId, l]));
  const snapshots = new Map(rows.map((r) => [r.id, r]));
  const now = ctx.clock.now();
  try {
    return await ctx.db.transaction(async (tx) => {
      const settingsRow = await getPlatformSettings(tx);
      // Rows are locked in id order so two checkouts sharing listings cannot deadlock.
      const reserved = await reserveStocks(tx, lines, now);
      if (!reserved) throw new CartMoved();
      const priced = new Map<string, Kurus>();
      for (const line of lines) {
        const row = reserved.get(line.listingId)!;
        const unit = discountedPrice(row.priceKurus, row.discountPercent);
        // The price under the row lock must be the one quoted, or the buyer would pay another price.
        if (unit !== byId.get(line.listingId)?.unitPriceKurus) throw new CartMoved();
        priced.set(line.listingId, unit);
      }
      // Each line's rate is its category's under the settings read in this transaction; the
      // order line keeps it for good (a later change of the setting never reaches a placed order).
      const pricingLines = lines.map((l) => ({
        key: l.listingId,
        sellerId: byId.get(l.listingId)!.sellerId!,
        unitPriceKurus: priced.get(l.listingId)!,
        quantity: l.quantity,
        vatRateBp: vatRateForCategory(settingsRow, snapshots.get(l.listingId)!.kategori),
      }));
      const cart = priceCart(pricingLines, pricingSettingsOf(settingsRow), input.installments);
      if (cart.chargedKurus !== input.expectedChargedKurus) throw new CartMoved();

      const reservedUntil = new Date(now.getTime() + RESERVATION_MINUTES * 60_000);
      // The store's billing profile as it is now: a later edit never changes a placed order.
      const billingParty = {
        ...billing,
        companyName: billing.companyName || ctx.user.fullName,
        city: billing.city || input.shippingAddress.city,
      };
      const group = await insertGroup(tx, {
        buyerId: ctx.user.id,
        installments: input.installments,
        subtotalKurus: cart.subtotalKurus,
        shippingKurus: cart.shippingKurus,
        vatKurus: cart.vatKurus,
        discountKurus: cart.discountKurus,
        chargedKurus: cart.chargedKurus,
        vatRateBp: settingsRow.vatRateBp,
        pricesIncludeVat: settingsRow.pricesIncludeVat,
        shippingAddress: input.shippingAddress,
        billingParty,
        reservedUntil,
        createdAt: now,
        updatedAt: now,
      });
      const numbers = await nextOrderSequenceValues(tx, cart.groups.length);
      const year = orderYear(now);
      const created = await insertOrders(
        tx,
        cart.groups.map((g, i) => ({
          orderNumber: formatOrderNumber(year, numbers[i]),
          groupId: group.id,
          buyerId: ctx.user.id,
          sellerId: g.sellerId,
          status: 'awaiting_payment',
          subtotalKurus: g.subtotalKurus,
          shippingKurus: g.shippingKurus,
          vatKurus: g.vatKurus,
          discountKurus: g.discountKurus,
          totalKurus: g.chargedKurus,
          shippingAddress: input.shippingAddress,
          billingParty,
          createdAt: now,
          updatedAt: now,
        })),
      );
      const orderBySeller = new Map(created.map((o) => [o.sellerId, o]));
      await insertOrderItems(
        tx,
        cart.groups.flatMap((g) =>
          g.lines.map((l) => {
            const q = byId.get(l.key)!;
            return {
              orderId: orderBySeller.get(g.sellerId)!.id,
              listingId: l.key,
              productId: q.productId,
              sellerId: g.sellerId,
              marka: q.marka,
              modelKodu: q.modelKodu,
              productName: q.name,
              barcode: snapshots.get(l.key)?.barcode ?? null,
              thumbnailKey: snapshots.get(l.key)?.thumbnailKey ?? null,
              unitPriceKurus: l.unitPriceKurus,
              vatRateBp: l.vatRateBp,
              quantity: l.quantity,
              lineTotalKurus: l.lineTotalKurus,
              shippingShareKurus: l.shippingShareKurus,
              discountShareKurus: l.discountShareKurus,
              vatKurus: l.vatKurus,
              createdAt: now,
            };
          }),
        ),
      );
      await recordOrderEvents(
        tx,
        created.map((o) => ({
          orderId: o.id,
          actorId: ctx.user.id,
          action: 'created',
          fromStatus: null,
          toStatus: 'awaiting_payment',
          details: { groupId: group.id },
          createdAt: now,
        })),
      );
      const payment = await insertPayment(tx, {
        groupId: group.id,
        provider: providerName,
        amountKurus: cart.chargedKurus,
        installments: input.installments,
        createdAt: now,
      });
      const result: CheckoutResult = {
        groupId: group.id,
        orderNumbers: created.map((o) => o.orderNumber),
        chargedKurus: cart.chargedKurus,
        paymentUrl: paymentStartPath(payment.id),
        reservedUntil: reservedUntil.toISOString(),
      };
      await completeIdempotencyKey(tx, idem, 201, result);
      return result;
    });
  } catch (error) {
    if (error instanceof CartMoved) return refuseWithQuote(ctx, input);
    throw error;
  }
}

/** The result page's view of a group: its status, and the reason of a failed payment in Turkish. */
export async function getCheckoutGroupStatus(ctx: MemberContext, groupId: string): Promise<CheckoutGroupStatus> {
  const group = await findGroup(ctx.db, groupId);
  if (!group || group.buyerId !== ctx.user.id) throw new AppError('ORDER_NOT_FOUND');
  const [orders, payment] = await Promise.all([
    findGroupOrderSummaries(ctx.db, groupId),
    findLatestPayment(ctx.db, groupId),
  ]);
  const isCheckingWithBank =
    group.status === 'awaiting_payment' && payment?.status === 'pending' && payment.outcomeUnknownSince !== null;
  const isPayable =
    group.status === 'awaiting_payment' &&
    payment?.status === 'pending' &&
    !isCheckingWithBank &&
    group.reservedUntil > ctx.clock.now();
  return {
    groupId: group.id,
    status: group.status as CheckoutGroupStatus['status'],
    chargedKurus: group.chargedKurus,
    installments: group.installments,
    orders,
    failureMessage: payment?.status === 'failed' ? failureText(payment.failureCode) : null,
    paymentUrl: isPayable && payment ? paymentStartPath(payment.id) : null,
    reservedUntil: group.reservedUntil.toISOString(),
    isCheckingWithBank,
  };
}

/** The Turkish reason of a failure code (provider codes, 'abandoned', 'reservation_expired'). */
export function failureText(code: string | null): string {
  const failures: Record<string, string> = paymentPageMessages.failures;
  return (code && failures[code]) || tm.checkout.errorFallback;
}
