import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { adminDisputes, orderItems, orders } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';

export type DisputeRow = typeof adminDisputes.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function findDisputeByOrder(db: Db, orderId: string): Promise<DisputeRow | undefined> {
  const [row] = await db.select().from(adminDisputes).where(eq(adminDisputes.orderId, orderId));
  return row;
}

export async function insertDispute(db: Db, values: typeof adminDisputes.$inferInsert): Promise<DisputeRow> {
  const [row] = await db.insert(adminDisputes).values(values).returning();
  return row;
}

/**
 * Claims disputes whose time is up — unanswered past answerDueAt, or answered but not agreed
 * within `answeredGraceMs` — and moves them to escalated. SKIP LOCKED lets two sweeps run side by
 * side; the status condition makes a repeat a no-op.
 */
export async function escalateDue(db: Db, now: Date, answeredGraceMs: number): Promise<DisputeRow[]> {
  const answeredBefore = new Date(now.getTime() - answeredGraceMs);
  const due = db
    .select({ id: adminDisputes.id })
    .from(adminDisputes)
    .where(
      or(
        and(eq(adminDisputes.status, 'open'), lte(adminDisputes.answerDueAt, now)),
        and(eq(adminDisputes.status, 'seller_answered'), lte(adminDisputes.sellerAnsweredAt, answeredBefore)),
      ),
    )
    .limit(100)
    .for('update', { skipLocked: true });
  return db
    .update(adminDisputes)
    .set({ status: 'escalated', updatedAt: now })
    .where(and(inArray(adminDisputes.id, due), inArray(adminDisputes.status, ['open', 'seller_answered'])))
    .returning();
}

const buyers = alias(users, 'buyers');
const sellers = alias(users, 'sellers');

function adminRowQuery(db: Db) {
  return db
    .select({
      dispute: adminDisputes,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
      totalKurus: orders.totalKurus,
      refundedKurus: orders.refundedKurus,
      cargoCompany: orders.cargoCompany,
      trackingNumber: orders.trackingNumber,
      shippedAt: orders.shippedAt,
      buyerName: buyers.name,
      sellerName: sellers.name,
    })
    .from(adminDisputes)
    .innerJoin(orders, eq(orders.id, adminDisputes.orderId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(sellers, eq(sellers.id, orders.sellerId));
}

/** Disputes for the admin desk: undecided ones first (oldest first), then the decided, newest first. */
export async function findAdminDisputes(db: Db, limit: number) {
  return adminRowQuery(db)
    .orderBy(
      sql`case when ${adminDisputes.status} = 'resolved' then 1 else 0 end`,
      sql`case when ${adminDisputes.status} = 'resolved' then null else ${adminDisputes.createdAt} end asc`,
      desc(adminDisputes.createdAt),
    )
    .limit(limit);
}

export async function findAdminDispute(db: Db, orderId: string) {
  const [row] = await adminRowQuery(db).where(eq(adminDisputes.orderId, orderId));
  return row;
}

export async function countEscalatedDisputes(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(adminDisputes).where(eq(adminDisputes.status, 'escalated'));
  return row?.n ?? 0;
}

export async function findOrderLinesForDispute(db: Db, orderId: string) {
  return db
    .select({
      productName: orderItems.productName,
      marka: orderItems.marka,
      modelKodu: orderItems.modelKodu,
      quantity: orderItems.quantity,
      unitPriceKurus: orderItems.unitPriceKurus,
      lineTotalKurus: orderItems.lineTotalKurus,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
}
