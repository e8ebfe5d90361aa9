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

// The order's transitions, who applies them and what they cause are one table on the server
// (features/order-lifecycle); the web reads what an order allows from its `actions`.

/** Orders whose money has gone to the seller's side of the ledger (released, possibly in part). */
export const releasedOrderStatuses = ['delivery_confirmed', 'released', 'partially_refunded', 'completed'] as const;

/**
 * A dispute: open → seller_answered → resolved by agreement or decision. The escalation sweep moves
 * open and answered disputes to escalated with one conditional UPDATE (disputes.repo `escalateDue`).
 */
export const disputeStatuses = ['open', 'seller_answered', 'escalated', 'resolved'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];
export const disputeTransitions = {
  answer: { from: ['open'], to: 'seller_answered' },
  resolve: { from: ['open', 'seller_answered', 'escalated'], to: 'resolved' },
} as const satisfies Record<string, Transition<DisputeStatus>>;

/** An order group (one checkout): awaiting_payment → paid | expired | payment_failed (checkout.repo `closeGroup`). */
export const orderGroupStatuses = ['awaiting_payment', 'paid', 'expired', 'payment_failed'] as const;
export type OrderGroupStatus = (typeof orderGroupStatuses)[number];

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
