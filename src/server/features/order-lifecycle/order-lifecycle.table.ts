import { orderPath, sellerOrderPath } from '#shared/site-paths.ts';
import { tradingMessages as tm } from '#shared/messages/trading.tr.ts';
import type { CargoCompany } from '#shared/schemas/orders.ts';
import type { OrderStatus, Transition } from '#shared/status.ts';
import type { orders } from '../../db/schema/orders.ts';
import { formatDate } from '#shared/dates.ts';
import { formatKurus } from '#shared/money.ts';
import type { NotificationInput } from '../notifications/index.ts';

export type OrderRow = typeof orders.$inferSelect;

/**
 * Who applies a verb. buyer and seller act on their own orders only (the update is scoped to
 * them); admin decides disputes; agreement is the buyer taking the seller's offer; system is a
 * sweep, the bank's callback or the payout run.
 */
export type OrderActor = 'buyer' | 'seller' | 'admin' | 'agreement' | 'system';

/** A condition besides the status, checked by the conditional update and by `orderActionsFor`. */
export type OrderGuard = 'accepted' | 'notAccepted' | 'notPaidOut';

/** A money movement that needs the provider, queued in the transition's transaction (a provider job). */
export type ProviderMove = 'release' | 'refund';

export interface OrderTransition extends Transition<OrderStatus> {
  by: readonly OrderActor[];
  guard?: OrderGuard;
  /** The order event's action (the timeline entry written with the change). */
  event: string;
  /**
   * Ledger: `capture` posts provider_clearing → escrow with the change; `payout` posts
   * seller_payable → provider_clearing with it; the provider moves post escrow → seller_payable
   * and platform_commission (release) or escrow → provider_clearing (refund) once the provider
   * has said yes (`runProviderJobs`).
   */
  ledger?: 'capture' | 'payout';
  moves?: readonly ProviderMove[];
  /** The reason stored on the provider jobs (a dispute passes how it was decided). */
  reason?: string;
  /** The sold quantities go back to the listings: always, or when the decision asks for it. */
  restock?: 'always' | 'onRequest';
  /** Where the change came from, for the event, when `from` has more than one status. */
  fromOf?: (row: OrderRow) => OrderStatus;
  /** The in-app notifications (mailed by the notification rules). */
  notify?: (row: OrderRow) => NotificationInput[];
  /** Mails sent to both sides by this module (template and body per side). */
  mail?: { template: string; buyer: (row: OrderRow) => string; seller: (row: OrderRow) => string };
  /** Caller-written effects the table cannot say on its own, named so the table reads whole. */
  caller?: string;
}

const buyerUrl = (row: OrderRow) => orderPath(row.id);
const sellerUrl = (row: OrderRow) => sellerOrderPath(row.id);
const n = tm.notifications;
const shippedOrNot = (row: OrderRow): OrderStatus => (row.shippedAt ? 'shipped' : 'paid_escrow');

const releaseNotice = (row: OrderRow): NotificationInput[] => [
  {
    userId: row.sellerId,
    type: 'order_delivery_confirmed',
    title: n.deliveryConfirmedTitle,
    message: n.releasedBody(row.orderNumber),
    relatedId: row.id,
    actionUrl: sellerUrl(row),
    actionText: n.orderAction,
  },
];

/**
 * A paid order the seller let lapse (not accepted in time, or not shipped by its deadline): cancelled
 * with a refund of everything, the stock back on the listings, both sides notified and mailed.
 */
function lapse(
  event: string,
  reason: string,
  template: string,
  buyerBody: (orderNumber: string, total: string) => string,
  sellerBody: (orderNumber: string) => string,
) {
  const buyerText = (row: OrderRow) => buyerBody(row.orderNumber, formatKurus(row.totalKurus));
  const sellerText = (row: OrderRow) => sellerBody(row.orderNumber);
  return {
    from: ['paid_escrow'],
    to: 'cancelled',
    by: ['system'],
    event,
    moves: ['refund'],
    reason,
    restock: 'always',
    notify: (row: OrderRow): NotificationInput[] => [
      {
        userId: row.buyerId,
        type: 'order_cancelled',
        title: n.shipDeadlineBuyerTitle,
        message: buyerText(row),
        relatedId: row.id,
        actionUrl: buyerUrl(row),
        actionText: n.orderAction,
      },
      {
        userId: row.sellerId,
        type: 'order_cancelled',
        title: n.shipDeadlineSellerTitle,
        message: sellerText(row),
        relatedId: row.id,
        actionUrl: sellerUrl(row),
        actionText: n.orderAction,
      },
    ],
    mail: { template, buyer: buyerText, seller: sellerText },
  } as const satisfies OrderTransition;
}

/**
 * An order's whole life: every verb, who may apply it, and what it causes. `applyOrderTransition`
 * and `applyOrderTransitionToMany` run it; `orderActionsFor` answers the verbs a viewer may apply
 * now. awaiting_payment → paid_escrow by the bank's callback; a seller without automatic approval
 * accepts first (decision 027); the seller ships; the buyer confirms the shipped order (or the
 * escrow end, no earlier than shipped + the inspection days, releases it; decision 034); a dispute stops the clock until an admin or an agreement decides; the payout
 * completes it. A paid order not accepted in 24 h, or not shipped by its deadline, is cancelled and
 * refunded.
 */
export const orderLifecycle = {
  pay: {
    from: ['awaiting_payment'],
    to: 'paid_escrow',
    by: ['system'],
    event: 'paid',
    ledger: 'capture',
    caller: 'payments: fulfilment deadlines, the new-order and payment notices and mails of the whole group',
  },
  expireUnpaid: {
    from: ['awaiting_payment'],
    to: 'cancelled',
    by: ['system'],
    event: 'expired',
    notify: (row) => [
      {
        userId: row.buyerId,
        type: 'order_cancelled',
        title: n.paymentExpiredTitle,
        message: n.paymentExpiredBody(row.orderNumber),
        relatedId: row.id,
        actionUrl: '/sepet',
        actionText: n.cartAction,
      },
    ],
    caller: "payments: the group's stock goes back (reservation order)",
  },
  // A declined card is told on the result page, so no notice.
  failPayment: {
    from: ['awaiting_payment'],
    to: 'cancelled',
    by: ['system'],
    event: 'payment_failed',
    caller: "payments: the group's stock goes back (reservation order)",
  },
  // The buyer gives up an unpaid checkout ("İptal" on the order or the result page, or back to the
  // cart): the stock goes back at once instead of after the 15-minute hold.
  cancelPayment: {
    from: ['awaiting_payment'],
    to: 'cancelled',
    by: ['buyer'],
    event: 'payment_cancelled',
    caller: "payments: the group's pending payment is closed and its stock goes back (reservation order)",
  },
  // accept keeps the status (the money stays in escrow); the guards make it happen once and before ship.
  accept: {
    from: ['paid_escrow'],
    to: 'paid_escrow',
    by: ['seller'],
    guard: 'notAccepted',
    event: 'accepted',
    notify: (row) => [
      {
        userId: row.buyerId,
        type: 'order_accepted',
        title: n.acceptedTitle,
        message: n.acceptedBody(row.orderNumber),
        relatedId: row.id,
        actionUrl: buyerUrl(row),
        actionText: n.orderAction,
      },
    ],
  },
  cancelUnaccepted: {
    ...lapse(
      'accept_deadline_passed',
      'not accepted in time',
      'order_accept_deadline',
      n.acceptDeadlineBuyerBody,
      n.acceptDeadlineSellerBody,
    ),
    guard: 'notAccepted',
  },
  ship: {
    from: ['paid_escrow'],
    to: 'shipped',
    by: ['seller'],
    guard: 'accepted',
    event: 'shipped',
    notify: (row) => [
      {
        userId: row.buyerId,
        type: 'order_shipped',
        title: n.shippedTitle,
        message: n.shippedBody(
          row.orderNumber,
          tm.cargo[row.cargoCompany as CargoCompany],
          row.trackingNumber!,
          formatDate(row.escrowEndsAt!),
        ),
        relatedId: row.id,
        actionUrl: buyerUrl(row),
        actionText: n.orderAction,
      },
    ],
  },
  cancelUnshipped: lapse(
    'ship_deadline_passed',
    'ship deadline passed',
    'order_ship_deadline',
    n.shipDeadlineBuyerBody,
    n.shipDeadlineSellerBody,
  ),
  // Only goods that were shipped can be confirmed: confirming releases the money (decision 034).
  confirmDelivery: {
    from: ['shipped'],
    to: 'delivery_confirmed',
    by: ['buyer'],
    event: 'delivery_confirmed',
    moves: ['release'],
    reason: 'buyer',
    notify: releaseNotice,
  },
  // escrow_ends_at of a shipped order is no earlier than shipped + the inspection days (the ship sets it).
  releaseAutomatically: {
    from: ['shipped'],
    to: 'delivery_confirmed',
    by: ['system'],
    event: 'released_automatically',
    moves: ['release'],
    reason: 'escrow ended',
    notify: releaseNotice,
  },
  dispute: {
    from: ['paid_escrow', 'shipped'],
    to: 'disputed',
    by: ['buyer'],
    event: 'dispute_opened',
    fromOf: shippedOrNot,
    caller: 'disputes: the dispute row, notices and mails to both sides',
  },
  refundFully: {
    from: ['disputed'],
    to: 'refunded',
    by: ['admin', 'agreement'],
    event: 'dispute_resolved',
    moves: ['refund'],
    restock: 'onRequest',
    caller: 'disputes: the dispute resolved, notices and mails to both sides',
  },
  refundPartly: {
    from: ['disputed'],
    to: 'partially_refunded',
    by: ['admin', 'agreement'],
    event: 'dispute_resolved',
    moves: ['refund', 'release'],
    caller: 'disputes: the dispute resolved, notices and mails to both sides',
  },
  releaseDisputed: {
    from: ['disputed'],
    to: 'released',
    by: ['admin', 'agreement'],
    event: 'dispute_resolved',
    moves: ['release'],
    caller: 'disputes: the dispute resolved, notices and mails to both sides',
  },
  completePayout: {
    from: ['delivery_confirmed', 'released', 'partially_refunded'],
    to: 'completed',
    by: ['system'],
    guard: 'notPaidOut',
    event: 'paid_out',
    ledger: 'payout',
    caller: "payouts: the payout row and the seller's notice",
  },
} as const satisfies Record<string, OrderTransition>;

export type OrderVerb = keyof typeof orderLifecycle;
