import { orderPath } from '#shared/site-paths.ts';
import { ORDER_ACCEPT_HOURS } from '#shared/constants.ts';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import type { OrderTransitionResult, ShipOrderBody } from '#shared/schemas/orders.ts';
import type { OrderStatus } from '#shared/status.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserContacts } from '../../lib/user-contacts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MemberContext } from '../../lib/context.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { findAutoApprovingSellers } from '../account/index.ts';
import { notify } from '../notifications/index.ts';
import { applyOrderTransition, recordOrderEvents, releaseReminderEmail } from '../order-lifecycle/index.ts';
import { getPlatformSettings } from '../platform-settings/index.ts';
import { recordShipmentUtsUnits } from '../uts/index.ts';
import {
  escrowEndNotBefore,
  findLongestHandlingDays,
  lockDueOrders,
  markReleaseReminderSent,
  updateOrderDeadlines,
} from './fulfilment.repo.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface FulfilmentDeps {
  appUrl: string;
  /** Runs due provider jobs now (absent when this process runs no background work). */
  kickProviderJobs?: () => void;
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
  // Orders given the same deadlines share one UPDATE (usually all of a payment's orders do).
  const bySet = new Map<string, { set: { acceptedAt?: Date; acceptBy?: Date; shipBy?: Date }; ids: string[] }>();
  for (const order of paid) {
    let set: { acceptedAt?: Date; acceptBy?: Date; shipBy?: Date };
    if (automatic.has(order.sellerId)) {
      accepted.add(order.id);
      set = { acceptedAt: paidAt, shipBy: shipDeadline(paidAt, handling.get(order.id), graceDays) };
    } else {
      set = { acceptBy: new Date(paidAt.getTime() + ORDER_ACCEPT_HOURS * HOUR_MS) };
    }
    const key = JSON.stringify(set);
    const same = bySet.get(key) ?? { set, ids: [] };
    same.ids.push(order.id);
    bySet.set(key, same);
  }
  for (const { set, ids } of bySet.values()) await updateOrderDeadlines(tx, ids, set);
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
    return applyOrderTransition(tx, 'accept', orderId, {
      actor: { role: 'seller', id: ctx.user.id },
      now,
      set: { acceptedAt: now, shipBy: shipDeadline(now, handling.get(orderId), settings.shipGraceDays) },
      refused: () => new AppError('INVALID_STATUS_TRANSITION', tm.fulfilment.cannotAccept),
    });
  });
  return { id: row.id, status: row.status as OrderStatus };
}

/**
 * POST /api/orders/:id/ship: the order's seller hands it to a carrier (paid_escrow → shipped), once
 * accepted. The automatic release moves, in the same update, to no earlier than shipped + the
 * inspection days (decision 034): a late shipment is never released before the buyer could look.
 */
export async function shipOrder(
  ctx: MemberContext,
  orderId: string,
  body: ShipOrderBody,
): Promise<OrderTransitionResult> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const settings = await getPlatformSettings(tx);
    const shipped = await applyOrderTransition(tx, 'ship', orderId, {
      actor: { role: 'seller', id: ctx.user.id },
      now,
      set: {
        cargoCompany: body.cargoCompany,
        trackingNumber: body.trackingNumber,
        shippedAt: now,
        escrowEndsAt: escrowEndNotBefore(new Date(now.getTime() + settings.inspectionDays * DAY_MS)),
      },
      details: { cargoCompany: body.cargoCompany, trackingNumber: body.trackingNumber },
      refused: (existing) =>
        new AppError(
          'INVALID_STATUS_TRANSITION',
          existing.status === 'paid_escrow' ? tm.fulfilment.notAccepted : tm.fulfilment.alreadyShipped,
        ),
    });
    // After the transition (it checks the owner and the status first); an error here rolls it back.
    await recordShipmentUtsUnits(tx, orderId, body.utsUnits, now);
    return shipped;
  });
  return { id: row.id, status: row.status as OrderStatus };
}

/**
 * POST /api/orders/:id/confirm-delivery: the buyer confirms a shipped order (shipped →
 * delivery_confirmed) and the escrowed amount is queued for release to the seller. An order not yet
 * shipped cannot be confirmed (decision 034).
 */
export async function confirmDelivery(
  ctx: MemberContext,
  deps: FulfilmentDeps,
  orderId: string,
): Promise<OrderTransitionResult> {
  const now = ctx.clock.now();
  const row = await applyOrderTransition(ctx.db, 'confirmDelivery', orderId, {
    actor: { role: 'buyer', id: ctx.user.id },
    now,
    set: { deliveryConfirmedAt: now },
    refused: (existing) =>
      new AppError(
        'INVALID_STATUS_TRANSITION',
        existing.status === 'paid_escrow' ? tm.fulfilment.notShippedYet : tm.fulfilment.cannotConfirm,
      ),
  });
  deps.kickProviderJobs?.();
  return { id: row.id, status: row.status as OrderStatus };
}

/**
 * Cancels paid orders the seller let lapse: not accepted within the approval window, or not
 * shipped by their deadline (the table's cancelUnaccepted and cancelUnshipped: refund job, stock
 * back, both sides notified and mailed). Idempotent and safe on many instances (SKIP LOCKED; the
 * transition is conditional, so an acceptance racing the sweep leaves exactly one outcome).
 * Answers how many were cancelled.
 */
async function cancelLapsedOrders(
  db: Db,
  clock: Clock,
  deps: FulfilmentDeps,
  lapse: 'unshipped' | 'unaccepted',
  limit: number,
) {
  const now = clock.now();
  const count = await db.transaction(async (tx) => {
    const due = await lockDueOrders(tx, lapse, now, limit);
    for (const order of due) {
      await applyOrderTransition(tx, lapse === 'unshipped' ? 'cancelUnshipped' : 'cancelUnaccepted', order.id, {
        actor: { role: 'system', id: null },
        now,
        set: { cancelledAt: now },
        appUrl: deps.appUrl,
      });
    }
    return due.length;
  });
  if (count > 0) deps.kickProviderJobs?.();
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
      await applyOrderTransition(tx, 'releaseAutomatically', order.id, {
        actor: { role: 'system', id: null },
        now,
        set: { deliveryConfirmedAt: now },
      });
    }
    return due.length;
  });
  if (count > 0) deps.kickProviderJobs?.();
  return count;
}

/**
 * Reminds buyers a day before the automatic release, once per order (release_reminder_sent_at). The
 * date is escrow_ends_at, which the ship moved to shipped + inspection days when that is later.
 */
export async function remindUpcomingReleases(db: Db, clock: Clock, deps: FulfilmentDeps, limit = 50) {
  const now = clock.now();
  const count = await db.transaction(async (tx) => {
    const due = await lockDueOrders(tx, 'reminder', now, limit);
    const contacts = new Map(
      (due.length ? await findUserContacts(tx, [...new Set(due.map((o) => o.buyerId))]) : []).map((u) => [u.id, u]),
    );
    for (const order of due) {
      await markReleaseReminderSent(tx, order.id, now);
      await recordOrderEvents(tx, [
        {
          orderId: order.id,
          actorId: null,
          action: 'release_reminder_sent',
          fromStatus: null,
          toStatus: null,
          details: {},
          createdAt: now,
        },
      ]);
      await notify(
        tx,
        [
          {
            userId: order.buyerId,
            type: 'order_release_reminder',
            title: tm.notifications.releaseReminderTitle,
            message: tm.notifications.releaseReminderBody(order.orderNumber),
            relatedId: order.id,
            actionUrl: orderPath(order.id),
            actionText: tm.notifications.orderAction,
          },
        ],
        now,
      );
      const buyer = contacts.get(order.buyerId);
      if (buyer) {
        await enqueueEmail(
          tx,
          buyer.email,
          releaseReminderEmail({ orderNumber: order.orderNumber, url: `${deps.appUrl}${orderPath(order.id)}` }),
          now,
          { relatedTo: `order:${order.id}` },
        );
      }
    }
    return due.length;
  });
  return count;
}
