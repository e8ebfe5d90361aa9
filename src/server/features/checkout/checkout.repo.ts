import { and, asc, desc, eq, inArray, isNotNull, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase, selectRows } from '../../db/client.ts';
import { userApplications } from '../../db/schema/applications.ts';
import { catalogueProducts } from '../../db/schema/catalogue.ts';
import { listings } from '../../db/schema/listings.ts';
import { orderGroups, orderItems, orders } from '../../db/schema/orders.ts';
import { payments, sellerPaymentAccounts } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { miadSellableSql } from '../../lib/miad-sql.ts';

/**
 * Listings as the cart and the checkout judge them, with their seller's handle and standing. The
 * cart quote runs on every cart change: the query is prepared once per database (ids as one array
 * parameter), so it is neither rebuilt nor planned again per request.
 */
export async function findCartListings(db: Db, ids: string[], viewerId: string | null) {
  if (ids.length === 0) return [];
  return cartListingsQuery(db).execute({ ids, viewerId });
}

const cartListingsQuery = preparedPerDatabase((db: Db) =>
  db
    .select({
      id: listings.id,
      productId: listings.productId,
      marka: listings.marka,
      modelKodu: listings.modelKodu,
      kategori: listings.kategori,
      productName: catalogueProducts.name,
      barcode: catalogueProducts.barcode,
      thumbnailKey: listings.thumbnailKey,
      status: listings.status,
      stock: listings.stock,
      priceKurus: listings.priceKurus,
      discountPercent: listings.discountPercent,
      minOrderQty: listings.minOrderQty,
      miad: listings.miad,
      sellerId: listings.sellerId,
      sellerHandle: users.publicHandle,
      sellerSlug: users.publicSlug,
      sellerBanned: users.banned,
      // The buying store's ÜTS number on every row (null for a visitor): the quote tells a store without
      // one before it buys tracked goods (decision 044), in the same round trip.
      buyerUtsNumber: sql<string | null>`(select ${userApplications.utsNumber} from ${userApplications}
        where ${userApplications.createdUserId} = ${sql.placeholder('viewerId')} and ${userApplications.status} = 'approved'
        order by ${userApplications.submittedAt} desc limit 1)`,
    })
    .from(listings)
    .leftJoin(catalogueProducts, eq(catalogueProducts.id, listings.productId))
    .innerJoin(users, eq(users.id, listings.sellerId))
    .where(sql`${listings.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('find_cart_listings'),
);
export type CartListingRow = Awaited<ReturnType<typeof findCartListings>>[number];

/**
 * Takes each line's units off its listing if it is active, within its miat and still has them, in two round trips:
 * the rows are locked in id order first (two checkouts sharing listings cannot deadlock), then one
 * conditional UPDATE takes the units, so two buyers can never both take the last unit (the locks
 * are held until the transaction ends). Answers the price fields per listing id as they are
 * under the locks, or null when any line was refused (the caller rolls back).
 */
export async function reserveStocks(
  tx: Db,
  lines: { listingId: string; quantity: number }[],
  now: Date,
): Promise<Map<string, { priceKurus: number; discountPercent: number | null }> | null> {
  const ids = lines.map((l) => l.listingId);
  // UPDATE ... FROM would apply only one of two lines for the same listing.
  if (new Set(ids).size !== ids.length) throw new Error('reserveStocks needs one line per listing');
  await tx
    .select({ id: listings.id })
    .from(listings)
    .where(inArray(listings.id, ids))
    .orderBy(asc(listings.id))
    .for('update');
  const values = sql.join(
    lines.map((l) => sql`(${l.listingId}::uuid, ${l.quantity}::integer)`),
    sql`, `,
  );
  const rows = await selectRows<{ id: string; price_kurus: number | string; discount_percent: number | null }>(
    tx,
    sql`update ${listings} set stock = ${listings.stock} - v.quantity, updated_at = ${now.toISOString()}::timestamptz
        from (values ${values}) as v(id, quantity)
        where ${listings.id} = v.id and ${listings.status} = 'Aktif' and ${listings.stock} >= v.quantity
          and ${miadSellableSql(listings.miad, now)}
        returning ${listings.id} as id, ${listings.priceKurus} as price_kurus, ${listings.discountPercent} as discount_percent`,
  );
  if (rows.length !== ids.length) return null;
  return new Map(
    rows.map((r) => [
      r.id,
      {
        priceKurus: Number(r.price_kurus),
        discountPercent: r.discount_percent === null ? null : Number(r.discount_percent),
      },
    ]),
  );
}

/** Puts reserved units back (a listing deleted meanwhile has nothing to return to). */
export async function returnStock(tx: Db, listingId: string, quantity: number, now: Date): Promise<void> {
  await tx
    .update(listings)
    .set({ stock: sql`${listings.stock} + ${quantity}`, updatedAt: now })
    .where(eq(listings.id, listingId));
}

export async function nextOrderSequenceValues(tx: Db, count: number): Promise<number[]> {
  const rows = await selectRows<{ n: string | number }>(
    tx,
    sql`select nextval('order_number_seq') as n from generate_series(1, ${count})`,
  );
  return rows.map((r) => Number(r.n));
}

export type NewGroup = typeof orderGroups.$inferInsert;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = typeof orderItems.$inferInsert;

export async function insertGroup(tx: Db, group: NewGroup) {
  const [row] = await tx.insert(orderGroups).values(group).returning();
  return row;
}

export async function insertOrders(tx: Db, rows: NewOrder[]) {
  return tx.insert(orders).values(rows).returning();
}

export async function insertOrderItems(tx: Db, rows: NewOrderItem[]): Promise<void> {
  await tx.insert(orderItems).values(rows);
}

export async function insertPayment(tx: Db, row: typeof payments.$inferInsert) {
  const [created] = await tx.insert(payments).values(row).returning();
  return created;
}

export async function findGroup(db: Db, id: string) {
  const [row] = await db.select().from(orderGroups).where(eq(orderGroups.id, id));
  return row ?? null;
}

export async function findGroupOrders(db: Db, groupId: string) {
  return db.select().from(orders).where(eq(orders.groupId, groupId)).orderBy(asc(orders.orderNumber));
}

/** The group's orders as the result page lists them: number, amount and the seller's public handle. */
export async function findGroupOrderSummaries(db: Db, groupId: string) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      sellerHandle: users.publicHandle,
      totalKurus: orders.totalKurus,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.sellerId))
    .where(eq(orders.groupId, groupId))
    .orderBy(asc(orders.orderNumber));
}

export async function findGroupItems(db: Db, groupId: string) {
  return db
    .select({ item: orderItems })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.groupId, groupId))
    .orderBy(asc(orders.orderNumber), asc(orderItems.createdAt), asc(orderItems.id))
    .then((rows) => rows.map((r) => r.item));
}

export async function findPayment(db: Db, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

export async function findLatestPayment(db: Db, groupId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.groupId, groupId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * pending → succeeded | failed, only from `from` (pending by default): of two racing callbacks (or
 * a callback and the sweep) one wins.
 */
export async function settlePayment(
  tx: Db,
  id: string,
  values: Partial<typeof payments.$inferInsert> & { status: 'succeeded' | 'failed' },
  from: ('pending' | 'failed')[] = ['pending'],
) {
  const [row] = await tx
    .update(payments)
    .set(values)
    .where(and(eq(payments.id, id), inArray(payments.status, from)))
    .returning();
  return row ?? null;
}

/** Moves a group out of awaiting_payment (conditional: only one of paid, expired, failed can win). */
export async function closeGroup(tx: Db, id: string, status: 'paid' | 'expired' | 'payment_failed', now: Date) {
  const [row] = await tx
    .update(orderGroups)
    .set({ status, updatedAt: now, ...(status === 'paid' ? { paidAt: now } : { closedAt: now }) })
    .where(and(eq(orderGroups.id, id), eq(orderGroups.status, 'awaiting_payment')))
    .returning();
  return row ?? null;
}

/** An order's escrow end as a SET value: its own created_at plus `ms` (exact, no calendar or DST arithmetic). */
export function escrowEndAfter(ms: number): SQL<Date> {
  return sql<Date>`${orders.createdAt} + ${Math.round(ms)}::bigint * interval '1 millisecond'`;
}

/**
 * Unpaid groups whose reservation has run out, locked for this sweep; SKIP LOCKED lets several
 * instances sweep at once without waiting on (or double-handling) each other's rows.
 */
export async function lockExpiredGroups(tx: Db, now: Date, limit: number) {
  return tx
    .select({ id: orderGroups.id })
    .from(orderGroups)
    .where(
      and(
        eq(orderGroups.status, 'awaiting_payment'),
        lt(orderGroups.reservedUntil, now),
        // The bank's answer is unknown and the card may be charged: the stock stays held until the
        // reconciliation sweep knows (decision 038).
        notExists(
          tx
            .select({ id: payments.id })
            .from(payments)
            .where(
              and(
                eq(payments.groupId, orderGroups.id),
                eq(payments.status, 'pending'),
                isNotNull(payments.outcomeUnknownSince),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(orderGroups.reservedUntil))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Whether a payment of the group is pending with an unknown provider answer (decision 038). */
export async function hasUnknownPayment(db: Db, groupId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.groupId, groupId), eq(payments.status, 'pending'), isNotNull(payments.outcomeUnknownSince)))
    .limit(1);
  return row !== undefined;
}

/** Marks the group's pending payment attempts failed (the reservation ended before the bank answered). */
export async function failPendingPayments(tx: Db, groupId: string, failureCode: string, now: Date): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'failed', failureCode, completedAt: now })
    .where(and(eq(payments.groupId, groupId), eq(payments.status, 'pending')));
}

/** The iyzico sub-merchant key of each seller of the group, where an admin has filled it in. */
export async function findSubMerchantKeys(db: Db, groupId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ sellerId: orders.sellerId, key: sellerPaymentAccounts.iyzicoSubMerchantKey })
    .from(orders)
    .innerJoin(sellerPaymentAccounts, eq(sellerPaymentAccounts.userId, orders.sellerId))
    .where(eq(orders.groupId, groupId));
  return new Map(rows.filter((r) => r.key).map((r) => [r.sellerId, r.key!]));
}

/**
 * Fixes the commission and withholding rates on a group's unpaid orders when its payment is first
 * started: the seller's share sent to the provider (iyzico's subMerchantPrice) and what is booked at
 * release then use one rate each, whatever the settings become meanwhile (decisions 036, 037, 041).
 * Only once (a rate already fixed is kept): a card page opened earlier carries the share at those
 * rates, and a second start (another tab) must send the same share.
 */
export async function fixGroupSaleTerms(db: Db, groupId: string, terms: SaleTerms): Promise<void> {
  await db
    .update(orders)
    .set(saleTermsAtCapture(terms))
    .where(and(eq(orders.groupId, groupId), eq(orders.status, 'awaiting_payment')));
}

/** The rates that decide what a sale pays the seller: our commission and the withholding (decision 041). */
export interface SaleTerms {
  commissionBp: number;
  withholdingBp: number;
}

/** At capture: the rates fixed when the payment started, or today's for a payment started before that was done. */
export function saleTermsAtCapture(terms: SaleTerms) {
  return {
    commissionBp: sql`coalesce(${orders.commissionBp}, ${terms.commissionBp})`,
    withholdingBp: sql`coalesce(${orders.withholdingBp}, ${terms.withholdingBp})`,
  };
}
