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

/** Order status values (spec part 2 §4, buyer view); transitions are added with trading. */
export const orderStatuses = ['paid_escrow', 'shipped', 'delivery_confirmed', 'completed', 'disputed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Membership application statuses: pending → approved | rejected; a decision is final. */
export const applicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const applicationTransitions = {
  approve: { from: ['pending'], to: 'approved' },
  reject: { from: ['pending'], to: 'rejected' },
} as const satisfies Record<string, Transition<ApplicationStatus>>;
