import { eq } from 'drizzle-orm';
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
import { notify } from '../notifications/notifications.service.ts';
import { releaseReminderEmail, shipDeadlineEmail } from './fulfilment.mail.ts';
import {
  findContacts,
  findLongestHandlingDays,
  findOrderListingLines,
  insertOrderEvent,
  lockDueOrders,
  markReleaseReminderSent,
  returnListingStock,
} from './fulfilment.repo.ts';
import { enqueueProviderJob } from './provider-jobs.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface FulfilmentDeps {
  appUrl: string;
  /** Runs due provider jobs now (absent when this process runs no background work). */
  kickProviderJobs?: () => void;
  kickMail?: () => void;
}

/**
 * The ship deadline of freshly paid orders: paid + the longest handling days of the order's
 * listings + the platform's grace days. Called in the payment's transaction.
 */
export async function setShipDeadlines(tx: Db, paid: { id: string }[], paidAt: Date, graceDays: number): Promise<void> {
  const handling = await findLongestHandlingDays(
    tx,
    paid.map((o) => o.id),
  );
  for (const order of paid) {
    const days = (handling.get(order.id) ?? 2) + graceDays;
    await tx
      .update(orders)
      .set({ shipBy: new Date(paidAt.getTime() + days * DAY_MS) })
      .where(eq(orders.id, order.id));
  }
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
      set: { cargoCompany: body.cargoCompany, trackingNumber: body.trackingNumber, shippedAt: now, updatedAt: now },
      notFound: () => new AppError('ORDER_NOT_FOUND'),
      refused: () => new AppError('INVALID_STATUS_TRANSITION', tm.fulfilment.alreadyShipped),
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

/**
 * Cancels paid orders not shipped by their deadline: cancelled, a refund job for the whole
 * amount, the stock back on the listings, both sides notified and mailed. Idempotent and safe on
 * many instances (SKIP LOCKED; the transition is conditional). Answers how many were cancelled.
 */
export async function cancelOverdueUnshippedOrders(db: Db, clock: Clock, deps: FulfilmentDeps, limit = 50) {
  const now = clock.now();
  const count = await db.transaction(async (tx) => {
    const due = await lockDueOrders(tx, 'unshipped', now, limit);
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
          rule: orderTransitions.cancelUnshipped,
          set: { cancelledAt: now, updatedAt: now },
          record: async (t) => {
            await insertOrderEvent(t, {
              orderId: order.id,
              actorId: null,
              action: 'ship_deadline_passed',
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
                reason: 'ship deadline passed',
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
                  message: tm.notifications.shipDeadlineBuyerBody(order.orderNumber, total),
                  relatedId: order.id,
                  actionUrl: `/siparislerim/${order.id}`,
                  actionText: tm.notifications.ordersAction,
                },
                {
                  userId: order.sellerId,
                  type: 'order_cancelled',
                  title: tm.notifications.shipDeadlineSellerTitle,
                  message: tm.notifications.shipDeadlineSellerBody(order.orderNumber),
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
              await enqueueEmail(
                t,
                to.email,
                shipDeadlineEmail({ side, orderNumber: order.orderNumber, totalKurus: order.totalKurus, url }),
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
