import { count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';

/**
 * The seller's order figures: all orders, those with `pendingStatus`, and the revenue of every
 * order but those with `excludedStatus`, in all and in `month` ("2026-03", a calendar month in Turkey).
 */
export async function sumSellerOrders(
  db: Db,
  sellerId: string,
  pendingStatus: string,
  excludedStatus: string,
  month: string,
) {
  const counted = ne(orders.status, excludedStatus);
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${orders.status} = ${pendingStatus})`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${orders.totalKurus}) filter (where ${counted}), 0)`.mapWith(Number),
      monthly:
        sql<number>`coalesce(sum(${orders.totalKurus}) filter (where ${counted} and to_char(${orders.createdAt} at time zone 'Europe/Istanbul', 'YYYY-MM') = ${month}), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(eq(orders.sellerId, sellerId));
  return row;
}

export async function findRecentSellerOrders(db: Db, sellerId: string, limit: number) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalKurus: orders.totalKurus,
      status: orders.status,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.sellerId, sellerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function countOrdersWithStatus(db: Db, status: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.status, status));
  return row.n;
}
