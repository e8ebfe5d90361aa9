import type { SellerOrderQuery } from './schemas/orders.ts';
import type { NotificationType } from './schemas/notifications.ts';

/**
 * The API addresses of the queries a member's most opened screens start with. The web's query
 * functions fetch exactly these, and the server names the same ones in the member's document
 * (`<link rel=preload as=fetch>`, docs/decisions/049-member-preload.md): one builder, so the
 * preloaded URL and the fetched one cannot drift apart. Type imports only (no zod at run time).
 */

/** A value in a query string, a space as '+' (as the browser's URLSearchParams writes it). */
const formEncode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');

/** A query string of the given values in their order, empty ones left out (no DOM's URLSearchParams here). */
function queryString(values: Record<string, unknown>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== '' && value !== null)
    .map(([key, value]) => `${formEncode(key)}=${formEncode(String(value))}`)
    .join('&');
}

/** The signed-in user, which every member route's guard waits for. */
export const sessionApiPath = '/api/auth/session';

/** /siparislerim's page size. */
export const BUYER_ORDERS_PAGE_SIZE = 10;

/** The buyer's orders, one page; `search` (blank for none) finds by number, seller and product. */
export function buyerOrdersApiPath(page: number, search: string): string {
  return `/api/orders?${queryString({ page, pageSize: BUYER_ORDERS_PAGE_SIZE, q: search })}`;
}

/** The seller's orders with their filters, empty values left out, in the query's own key order. */
export function sellerOrdersApiPath(query: SellerOrderQuery): string {
  return `/api/seller/orders?${queryString(query)}`;
}

/** /bildirimler's filters: unread only, one type, the page. */
export interface NotificationPageFilter {
  unread: boolean;
  type: NotificationType | null;
  page: number;
}

/** One page of the member's notifications with the filters. */
export function notificationPageApiPath(filter: NotificationPageFilter): string {
  return `/api/notifications/page?${queryString({ page: filter.page, unread: filter.unread || undefined, type: filter.type })}`;
}
