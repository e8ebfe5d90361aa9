import type { CatalogueStatus } from './schemas/catalogue.ts';

/**
 * One shape for every state machine: each verb moves a row from one of `from` to `to`.
 * `lib/transition.ts` applies it as a conditional update, so a concurrent double change fails.
 */
export interface Transition<S extends string> {
  from: readonly S[];
  to: S;
}

/** Listing status values as stored (spec part 2 §4). */
export const listingStatuses = ['Aktif', 'Yayında Değil'] as const;
export type ListingStatus = (typeof listingStatuses)[number];
/** A listing is switched on (activate) and off (deactivate); each verb has one source status. */
export const listingTransitions = {
  activate: { from: ['Yayında Değil'], to: 'Aktif' },
  deactivate: { from: ['Aktif'], to: 'Yayında Değil' },
} as const satisfies Record<string, Transition<ListingStatus>>;

/** Catalogue proposals: pending → approved | rejected. */
export const catalogueTransitions = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
} as const satisfies Record<string, Transition<CatalogueStatus>>;

/**
 * Order status values as stored. The spec's buyer view names paid_escrow, delivery_confirmed,
 * completed and disputed; the rest complete the machine (issue 10 pays, issue 11 ships and ends).
 */
export const orderStatuses = [
  'awaiting_payment',
  'paid_escrow',
  'shipped',
  'delivery_confirmed',
  'completed',
  'disputed',
  'refunded',
  'partially_refunded',
  'released',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * Every order verb (one machine, both views). awaiting_payment → paid_escrow by the bank's
 * callback; the seller ships; the buyer confirms (or the escrow end releases a shipped order);
 * a dispute stops the clock until an admin or an agreement decides; money paid out completes it.
 * An order not shipped by its deadline is cancelled and refunded. A seller without automatic
 * approval first accepts a paid order ("Onayla"); one not accepted within 24 h is cancelled and refunded.
 */
export const orderTransitions = {
  pay: { from: ['awaiting_payment'], to: 'paid_escrow' },
  cancelUnpaid: { from: ['awaiting_payment'], to: 'cancelled' },
  // accept keeps the status (the money stays in escrow); the service guards it with accepted_at IS NULL and
  // ship with accepted_at IS NOT NULL, so each happens once and in that order (decision 027).
  accept: { from: ['paid_escrow'], to: 'paid_escrow' },
  cancelUnaccepted: { from: ['paid_escrow'], to: 'cancelled' },
  ship: { from: ['paid_escrow'], to: 'shipped' },
  confirmDelivery: { from: ['paid_escrow', 'shipped'], to: 'delivery_confirmed' },
  releaseAutomatically: { from: ['shipped'], to: 'delivery_confirmed' },
  dispute: { from: ['paid_escrow', 'shipped'], to: 'disputed' },
  refundFully: { from: ['disputed'], to: 'refunded' },
  refundPartly: { from: ['disputed'], to: 'partially_refunded' },
  releaseDisputed: { from: ['disputed'], to: 'released' },
  cancelUnshipped: { from: ['paid_escrow'], to: 'cancelled' },
  completePayout: { from: ['delivery_confirmed', 'released', 'partially_refunded'], to: 'completed' },
} as const satisfies Record<string, Transition<OrderStatus>>;

/** Orders whose money has gone to the seller's side of the ledger (released, possibly in part). */
export const releasedOrderStatuses = ['delivery_confirmed', 'released', 'partially_refunded', 'completed'] as const;

/** A dispute: open → seller_answered → escalated → resolved (or straight to resolved by agreement or decision). */
export const disputeStatuses = ['open', 'seller_answered', 'escalated', 'resolved'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];
export const disputeTransitions = {
  answer: { from: ['open'], to: 'seller_answered' },
  escalate: { from: ['open', 'seller_answered'], to: 'escalated' },
  resolve: { from: ['open', 'seller_answered', 'escalated'], to: 'resolved' },
} as const satisfies Record<string, Transition<DisputeStatus>>;

/** An order group (one checkout): awaiting_payment → paid | expired | payment_failed. */
export const orderGroupStatuses = ['awaiting_payment', 'paid', 'expired', 'payment_failed'] as const;
export type OrderGroupStatus = (typeof orderGroupStatuses)[number];
export const orderGroupTransitions = {
  pay: { from: ['awaiting_payment'], to: 'paid' },
  expire: { from: ['awaiting_payment'], to: 'expired' },
  failPayment: { from: ['awaiting_payment'], to: 'payment_failed' },
} as const satisfies Record<string, Transition<OrderGroupStatus>>;

/** A payment attempt: pending → succeeded | failed. */
export const paymentStatuses = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Membership application statuses: pending → approved | rejected; a decision is final. */
export const applicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const applicationTransitions = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
} as const satisfies Record<string, Transition<ApplicationStatus>>;
