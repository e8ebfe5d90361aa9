import { eq, isNotNull, isNull } from 'drizzle-orm';
import { ORDER_ACCEPT_HOURS } from '#shared/constants.ts';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import type { OrderTransitionResult, ShipOrderBody } from '#shared/schemas/orders.ts';
import { orderTransitions, type OrderStatus } from '#shared/status.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MemberContext } from '../../lib/context.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { formatMoney } from '../../lib/mailer/order-templates.ts';
import { transition } from '../../lib/transition.ts';
import { findAutoApprovingSellers } from '../account/index.ts';
import { notify } from '../notifications/index.ts';
import { getPlatformSettings } from '../platform-settings/index.ts';
import { lapsedOrderEmail, releaseReminderEmail } from './fulfilment.mail.ts';
import {
  findContacts,
  findLongestHandlingDays,
  findOrderListingLines,
  insertOrderEvent,
  lockDueOrders,
  markReleaseReminderSent,
  returnListingStock,
  updateOrderDeadlines,
} from './fulfilment.repo.ts';
import { enqueueProviderJob } from './provider-jobs.service.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface FulfilmentDeps {
  appUrl: string;
  /** Runs due provider jobs now (absent when this process runs no background work). */
  kickProviderJobs?: () => void;
  kickMail?: () => void;
}

/** Handling days + grace after `from`: the ship deadline (an unshipped order is cancelled after it). */
function shipDeadline(from: Date, handlingDays: number | undefined, graceDays: number): Date {
  return new Date(from.getTime() + ((handlingDays ?? 2) + graceDays) * DAY_MS);
}

/**
 * Freshly paid orders, in the payment's transaction: a seller with automatic approval has the
 * order accepted at once (ship deadline from now); the others have ORDER_ACCEPT_HOURS to accept
 * it, and the ship deadline is set on acceptance (decision 027). Answers the auto-accepted ids.
 */
export async function startFulfilment(
  tx: Db,
  paid: { id: string; sellerId: string }[],
  paidAt: Date,
  graceDays: number,
): Promise<Set<string>> {
  const automatic = await findAutoApprovingSellers(
    tx,
    paid.map((o) => o.sellerId),
  );
  const handling = await findLongestHandlingDays(
    tx,
    paid.filter((o) => automatic.has(o.sellerId)).map((o) => o.id),
  );
  const accepted = new Set<string>();
  for (const order of paid) {
    if (automatic.has(order.sellerId)) {
      accepted.add(order.id);
      await updateOrderDeadlines(tx, order.id, {
        acceptedAt: paidAt,
        shipBy: shipDeadline(paidAt, handling.get(order.id), graceDays),
      });
    } else {
      await updateOrderDeadlines(tx, order.id, { acceptBy: new Date(paidAt.getTime() + ORDER_ACCEPT_HOURS * HOUR_MS) });
    }
  }
  return accepted;
}

/**
 * POST /api/orders/:id/accept: the order's seller accepts a paid order awaiting approval ("Onayla").
 * Once only (accepted_at IS NULL), and not after the 24 h sweep cancelled it (the status guard).
 */
export async function acceptOrder(ctx: MemberContext, orderId: string): Promise<OrderTransitionResult> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [handling, settings] = await Promise.all([findLongestHandlingDays(tx, [orderId]), getPlatformSettings(tx)]);
    return transition(
      tx,
      { table: orders, scope: eq(orders.sellerId, ctx.user.id) },
      {
        id: orderId,
        rule: orderTransitions.accept,
        guard: isNull(orders.acceptedAt),
        set: {
          acceptedAt: now,
          shipBy: shipDeadline(now, handling.get(orderId), settings.shipGraceDays),
          updatedAt: now,
        },
        notFound: () => new AppError('ORDER_NOT_FOUND'),
        refused: () => new AppError('INVALID_STATUS_TRANSITION', tm.fulfilment.cannotAccept),
        record: async (t, order) => {
          await insertOrderEvent(t, {
            orderId: order.id,
            actorId: ctx.user.id,
            action: 'accepted',
            fromStatus: 'paid_escrow',
            toStatus: 'paid_escrow',
            details: {},
            createdAt: now,
          });
          await notify(
            t,
            [
              {
                userId: order.buyerId,
                type: 'order_accepted',
                title: tm.notifications.acceptedTitle,
                message: tm.notifications.acceptedBody(order.orderNumber),
                relatedId: order.id,
                actionUrl: `/siparislerim/${order.id}`,
                actionText: tm.notifications.ordersAction,
              },
            ],
            now,
          );
        },
      },
    );
  });
  return { id: row.id, status: row.status as OrderStatus };
}

/** POST /api/orders/:id/ship: the order's seller hands it to a carrier (paid_escrow → shipped). */
export async function shipOrder(
  ctx: MemberContext,
  orderId: string,
  body: ShipOrderBody,
): Promise<OrderTransitionResult> {
  const now = ctx.clock.now();
  const row = await transition(
    ctx.db,
    { table: orders, scope: eq(orders.sellerId, ctx.user.id) },
    {
      id: orderId,
      rule: orderTransitions.ship,
      // Not before the seller accepted it (automatic approval accepts at payment).
      guard: isNotNull(orders.acceptedAt),
      set: { cargoCompany: body.cargoCompany, trackingNumber: body.trackingNumber, shippedAt: now, updatedAt: now },
      notFound: () => new AppError('ORDER_NOT_FOUND'),
      refused: (existing) =>
        new AppError(
          'INVALID_STATUS_TRANSITION',
          existing.status === 'paid_escrow' ? tm.fulfilment.notAccepted : tm.fulfilment.alreadyShipped,
        ),
      record: async (tx, order) => {
        await insertOrderEvent(tx, {
          orderId: order.id,
          actorId: ctx.user.id,
          action: 'shipped',
          fromStatus: 'paid_escrow',
          toStatus: 'shipped',
          details: { cargoCompany: body.cargoCompany, trackingNumber: body.trackingNumber },
          createdAt: now,
        });
        await notify(
          tx,
          [
            {
              userId: order.buyerId,
              type: 'order_shipped',
              title: tm.notifications.shippedTitle,
              message: tm.notifications.shippedBody(
                order.orderNumber,
                tm.cargo[body.cargoCompany],
                body.trackingNumber,
              ),
              relatedId: order.id,
              actionUrl: `/siparislerim/${order.id}`,
              actionText: tm.notifications.ordersAction,
            },
          ],
          now,
        );
      },
    },
  );
  return { id: row.id, status: row.status as OrderStatus };
}

/**
 * POST /api/orders/:id/confirm-delivery: the buyer confirms (paid_escrow or shipped →
 * delivery_confirmed) and the escrowed amount is queued for release to the seller.
 */
export async function confirmDelivery(
  ctx: MemberContext,
  deps: FulfilmentDeps,
  orderId: string,
): Promise<OrderTransitionResult> {
  const now = ctx.clock.now();
  const row = await transition(
    ctx.db,
    { table: orders, scope: eq(orders.buyerId, ctx.user.id) },
    {
      id: orderId,
      rule: orderTransitions.confirmDelivery,
      set: { deliveryConfirmedAt: now, updatedAt: now },
      notFound: () => new AppError('ORDER_NOT_FOUND'),
      refused: () => new AppError('INVALID_STATUS_TRANSITION', tm.fulfilment.cannotConfirm),
      record: async (tx, order) => {
        await recordRelease(tx, order, { actorId: ctx.user.id, action: 'delivery_confirmed', reason: 'buyer' }, now);
      },
    },
  );
  deps.kickProviderJobs?.();
  return { id: row.id, status: row.status as OrderStatus };
}

type OrderRow = typeof orders.$inferSelect;

async function recordRelease(
  tx: Db,
  order: Pick<OrderRow, 'id' | 'orderNumber' | 'sellerId' | 'totalKurus' | 'refundedKurus' | 'shippedAt'>,
  by: { actorId: string | null; action: string; reason: string },
  now: Date,
): Promise<void> {
  await insertOrderEvent(tx, {
    orderId: order.id,
    actorId: by.actorId,
    action: by.action,
    // The updated row no longer says where it came from; an order is shipped exactly when it has shippedAt.
    fromStatus: order.shippedAt ? 'shipped' : 'paid_escrow',
    toStatus: 'delivery_confirmed',
    details: {},
    createdAt: now,
  });
  await enqueueProviderJob(
    tx,
    { kind: 'release', orderId: order.id, amountKurus: order.totalKurus - order.refundedKurus, reason: by.reason },
    now,
  );
  await notify(
    tx,
    [
      {
        userId: order.sellerId,
        type: 'order_delivery_confirmed',
        title: tm.notifications.deliveryConfirmedTitle,
        message: tm.notifications.releasedBody(order.orderNumber),
        relatedId: order.id,
        actionUrl: '/dashboard?tab=orders',
        actionText: tm.notifications.ordersAction,
      },
    ],
    now,
  );
}

/** What differs between the two cancellations of a paid order the seller let lapse. */
const lapses = {
  unshipped: {
    rule: orderTransitions.cancelUnshipped,
    action: 'ship_deadline_passed',
    mailTemplate: 'order_ship_deadline',
    reason: 'ship deadline passed',
    buyerBody: tm.notifications.shipDeadlineBuyerBody,
    sellerBody: tm.notifications.shipDeadlineSellerBody,
  },
  unaccepted: {
    rule: orderTransitions.cancelUnaccepted,
    action: 'accept_deadline_passed',
    mailTemplate: 'order_accept_deadline',
    reason: 'not accepted in time',
    buyerBody: tm.notifications.acceptDeadlineBuyerBody,
    sellerBody: tm.notifications.acceptDeadlineSellerBody,
  },
} as const;

/**
 * Cancels paid orders the seller let lapse: not accepted within the approval window, or not
 * shipped by their deadline. Each is cancelled with a refund job for the whole amount, the stock
 * back on the listings, both sides notified and mailed. Idempotent and safe on many instances
 * (SKIP LOCKED; the transition is conditional, so an acceptance racing the sweep leaves exactly
 * one outcome). Answers how many were cancelled.
 */
async function cancelLapsedOrders(
  db: Db,
  clock: Clock,
  deps: FulfilmentDeps,
  lapse: keyof typeof lapses,
  limit: number,
) {
  const now = clock.now();
  const how = lapses[lapse];
  const count = await db.transaction(async (tx) => {
    const due = await lockDueOrders(tx, lapse, now, limit);
    const contacts = new Map(
      (due.length ? await findContacts(tx, [...new Set(due.flatMap((o) => [o.buyerId, o.sellerId]))]) : []).map((u) => [
        u.id,
        u,
      ]),
    );
    for (const order of due) {
      await transition(
        tx,
        { table: orders },
        {
          id: order.id,
          rule: how.rule,
          // The approval lapse applies only to an order still not accepted (guards a stale batch too).
          guard: lapse === 'unaccepted' ? isNull(orders.acceptedAt) : undefined,
          set: { cancelledAt: now, updatedAt: now },
          record: async (t) => {
            await insertOrderEvent(t, {
              orderId: order.id,
              actorId: null,
              action: how.action,
              fromStatus: 'paid_escrow',
              toStatus: 'cancelled',
              details: {},
              createdAt: now,
            });
            await enqueueProviderJob(
              t,
              {
                kind: 'refund',
                orderId: order.id,
                amountKurus: order.totalKurus - order.refundedKurus,
                reason: how.reason,
              },
              now,
            );
            for (const line of await findOrderListingLines(t, order.id)) {
              await returnListingStock(t, line.listingId!, line.quantity, now);
            }
            const total = formatMoney(order.totalKurus);
            await notify(
              t,
              [
                {
                  userId: order.buyerId,
                  type: 'order_cancelled',
                  title: tm.notifications.shipDeadlineBuyerTitle,
                  message: how.buyerBody(order.orderNumber, total),
                  relatedId: order.id,
                  actionUrl: `/siparislerim/${order.id}`,
                  actionText: tm.notifications.ordersAction,
                },
                {
                  userId: order.sellerId,
                  type: 'order_cancelled',
                  title: tm.notifications.shipDeadlineSellerTitle,
                  message: how.sellerBody(order.orderNumber),
                  relatedId: order.id,
                  actionUrl: '/dashboard?tab=orders',
                  actionText: tm.notifications.ordersAction,
                },
              ],
              now,
            );
            for (const side of ['buyer', 'seller'] as const) {
              const to = contacts.get(side === 'buyer' ? order.buyerId : order.sellerId);
              if (!to) continue;
              const url = side === 'buyer' ? `${deps.appUrl}/siparislerim` : `${deps.appUrl}/dashboard?tab=orders`;
              const body =
                side === 'buyer' ? how.buyerBody(order.orderNumber, total) : how.sellerBody(order.orderNumber);
              await enqueueEmail(
                t,
                to.email,
                lapsedOrderEmail({ template: how.mailTemplate, orderNumber: order.orderNumber, body, url }),
                now,
                { relatedTo: `order:${order.id}` },
              );
            }
          },
        },
      );
    }
    return due.length;
  });
  if (count > 0) {
    deps.kickProviderJobs?.();
    deps.kickMail?.();
  }
  return count;
}

/** Cancels and refunds paid orders not shipped by their deadline (see cancelLapsedOrders). */
export function cancelOverdueUnshippedOrders(db: Db, clock: Clock, deps: FulfilmentDeps, limit = 50) {
  return cancelLapsedOrders(db, clock, deps, 'unshipped', limit);
}

/** Cancels and refunds paid orders awaiting approval not accepted within ORDER_ACCEPT_HOURS (see cancelLapsedOrders). */
export function cancelUnacceptedOrders(db: Db, clock: Clock, deps: FulfilmentDeps, limit = 50) {
  return cancelLapsedOrders(db, clock, deps, 'unaccepted', limit);
}

/**
 * Releases shipped orders whose escrow has ended (→ delivery_confirmed, a release job). Disputed
 * orders are not shipped any more, so a dispute stops this clock. Idempotent, SKIP LOCKED.
 */
export async function releaseDueOrders(db: Db, clock: Clock, deps: FulfilmentDeps, limit = 50) {
  const now = clock.now();
  const count = await db.transaction(async (tx) => {
    const due = await lockDueOrders(tx, 'release', now, limit);
    for (const order of due) {
      await transition(
        tx,
        { table: orders },
        {
          id: order.id,
          rule: orderTransitions.releaseAutomatically,
          set: { deliveryConfirmedAt: now, updatedAt: now },
          record: (t, row) =>
            recordRelease(t, row, { actorId: null, action: 'released_automatically', reason: 'escrow ended' }, now),
        },
      );
    }
    return due.length;
  });
  if (count > 0) deps.kickProviderJobs?.();
  return count;
}

/** Reminds buyers a day before the automatic release, once per order (release_reminder_sent_at). */
export async function remindUpcomingReleases(db: Db, clock: Clock, deps: FulfilmentDeps, limit = 50) {
  const now = clock.now();
  const count = await db.transaction(async (tx) => {
    const due = await lockDueOrders(tx, 'reminder', now, limit);
    const contacts = new Map(
      (due.length ? await findContacts(tx, [...new Set(due.map((o) => o.buyerId))]) : []).map((u) => [u.id, u]),
    );
    for (const order of due) {
      await markReleaseReminderSent(tx, order.id, now);
      await insertOrderEvent(tx, {
        orderId: order.id,
        actorId: null,
        action: 'release_reminder_sent',
        fromStatus: null,
        toStatus: null,
        details: {},
        createdAt: now,
      });
      await notify(
        tx,
        [
          {
            userId: order.buyerId,
            type: 'order_release_reminder',
            title: tm.notifications.releaseReminderTitle,
            message: tm.notifications.releaseReminderBody(order.orderNumber),
            relatedId: order.id,
            actionUrl: `/siparislerim/${order.id}`,
            actionText: tm.notifications.ordersAction,
          },
        ],
        now,
      );
      const buyer = contacts.get(order.buyerId);
      if (buyer) {
        await enqueueEmail(
          tx,
          buyer.email,
          releaseReminderEmail({ orderNumber: order.orderNumber, url: `${deps.appUrl}/siparislerim/${order.id}` }),
          now,
          { relatedTo: `order:${order.id}` },
        );
      }
    }
    return due.length;
  });
  if (count > 0) deps.kickMail?.();
  return count;
}
