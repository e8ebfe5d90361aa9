import { and, eq, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { invoiceableStatuses } from '#shared/schemas/invoices.ts';
import type { Db } from '../../db/client.ts';
import { orderInvoices, storeBillingProfiles } from '../../db/schema/invoices.ts';
import { orders } from '../../db/schema/orders.ts';

export type BillingProfileRow = typeof storeBillingProfiles.$inferSelect;
export type NewOrderInvoice = typeof orderInvoices.$inferInsert;
export type OrderInvoiceRow = typeof orderInvoices.$inferSelect;

export async function findBillingProfile(db: Db, userId: string): Promise<BillingProfileRow | null> {
  const [row] = await db.select().from(storeBillingProfiles).where(eq(storeBillingProfiles.userId, userId));
  return row ?? null;
}

export async function upsertBillingProfile(
  db: Db,
  row: Omit<BillingProfileRow, 'updatedAt'>,
  now: Date,
): Promise<void> {
  const { userId: _userId, ...fields } = row;
  await db
    .insert(storeBillingProfiles)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({ target: storeBillingProfiles.userId, set: { ...fields, updatedAt: now } });
}

/** The facts of an order the invoice rules need (who its stores are, its status and number). */
export async function findOrderParties(db: Db, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      buyerId: orders.buyerId,
      sellerId: orders.sellerId,
      status: orders.status,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

export async function findOrderInvoice(db: Db, orderId: string): Promise<OrderInvoiceRow | null> {
  const [row] = await db.select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId));
  return row ?? null;
}

/** Locks the order's invoice row (if any) for a replacement in this transaction. */
export async function lockOrderInvoice(tx: Db, orderId: string): Promise<OrderInvoiceRow | null> {
  const [row] = await tx.select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId)).for('update');
  return row ?? null;
}

export async function upsertOrderInvoice(tx: Db, row: NewOrderInvoice): Promise<void> {
  const { orderId: _orderId, ...fields } = row;
  await tx
    .insert(orderInvoices)
    .values(row)
    .onConflictDoUpdate({ target: orderInvoices.orderId, set: { ...fields, buyerDownloadedAt: null } });
}

export async function markBuyerDownloaded(db: Db, orderId: string, now: Date): Promise<void> {
  await db
    .update(orderInvoices)
    .set({ buyerDownloadedAt: now })
    .where(and(eq(orderInvoices.orderId, orderId), isNull(orderInvoices.buyerDownloadedAt)));
}

/**
 * Orders shipped at least `days` ago, still invoiceable (so also delivered, released or disputed
 * since) and without an invoice, whose seller was not yet reminded; locked (SKIP LOCKED) for the
 * sweep that reminds them once.
 */
export async function lockOrdersDueInvoiceReminder(tx: Db, now: Date, days: number, limit: number) {
  const shippedBefore = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  return tx
    .select({ id: orders.id, orderNumber: orders.orderNumber, sellerId: orders.sellerId })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...invoiceableStatuses]),
        lte(orders.shippedAt, shippedBefore),
        isNull(orders.invoiceReminderSentAt),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(orderInvoices)
            .where(eq(orderInvoices.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(orders.id)
    .limit(limit)
    .for('update', { of: orders, skipLocked: true });
}

export async function markInvoiceReminderSent(tx: Db, orderId: string, now: Date): Promise<void> {
  await tx.update(orders).set({ invoiceReminderSentAt: now }).where(eq(orders.id, orderId));
}
