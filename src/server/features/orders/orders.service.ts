import type { OrderStatus } from '#shared/status.ts';
import type { Db } from '../../db/client.ts';
import { countOrdersWithStatus, findRecentSellerOrders, sumSellerOrders } from './orders.repo.ts';

/** Orders whose payment waits in escrow count as pending on the seller's dashboard. */
const PENDING_ORDER_STATUS: OrderStatus = 'paid_escrow';
/** Disputed orders may be refunded, so they are left out of revenue. */
const UNCOUNTED_ORDER_STATUS: OrderStatus = 'disputed';

/** The seller's order count, pending count and revenue (in all and in `month`, "2026-03", Turkish time). */
export async function getSellerOrderFigures(db: Db, sellerId: string, month: string) {
  return sumSellerOrders(db, sellerId, PENDING_ORDER_STATUS, UNCOUNTED_ORDER_STATUS, month);
}

/** The seller's latest orders, newest first. */
export async function listRecentSellerOrders(db: Db, sellerId: string, limit: number) {
  return findRecentSellerOrders(db, sellerId, limit);
}

/** Orders completed on the whole platform (the landing page's figure). */
export async function countCompletedOrders(db: Db): Promise<number> {
  return countOrdersWithStatus(db, 'completed');
}
