import { and, asc, count, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { userApplications } from '../../db/schema/applications.ts';
import { adminDisputes, orderEvents, orderGroups, orderItems, orders } from '../../db/schema/orders.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { sellerSalesSql } from '../../lib/seller-sales-sql.ts';
import { visibleToSellerSql } from '../../lib/seller-counters.ts';
import { containsPattern, foldedSql } from '../../lib/turkish-search.ts';

const sellers = alias(users, 'sellers');
const buyers = alias(users, 'buyers');

/**
 * The seller's order figures: sold orders (sellerSalesSql), those with `pendingStatus`, and their
 * revenue net of refunds, in all and in `month` ("2026-03", the Turkish month of the payment).
 */
export async function sumSellerOrders(db: Db, sellerId: string, pendingStatus: string, month: string) {
  const sales = sellerSalesSql();
  const [row] = await db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${orders.status} = ${pendingStatus})`.mapWith(Number),
      revenue: sql<number>`coalesce(sum(${sales.netKurus}), 0)`.mapWith(Number),
      monthly: sql<number>`coalesce(sum(${sales.netKurus}) filter (where ${sales.paidMonth} = ${month}), 0)`.mapWith(
        Number,
      ),
    })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), sales.isSold));
  return row;
}

export async function findRecentSellerOrders(db: Db, sellerId: string, statuses: readonly string[], limit: number) {
  return db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      totalKurus: orders.totalKurus,
      status: orders.status,
      acceptedAt: orders.acceptedAt,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), inArray(orders.status, [...statuses])))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function countOrdersWithStatus(db: Db, status: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.status, status));
  return row.n;
}

/**
 * The orders a search text finds, compared Turkish-folded on both sides (lib/turkish-search.ts:
 * "İSTANBUL" finds "İstanbul", "isik" finds "Işık"): the order number ("#123" and "123" find
 * OS-2026-000123), the other store (`party`) by @handle or by the name its store page shows (the
 * approved application's store name, else the account's), and the products of the order's lines
 * (brand, model code, name, or the exact barcode). Subqueries, so any list query can use it.
 */
function orderSearchSql(text: string, party: AnyPgColumn): SQL {
  const term = text.replace(/^[#@]/, '');
  const pattern = containsPattern(term);
  const matches = (expression: AnyPgColumn | SQL) => sql`${foldedSql(expression)} like ${pattern}`;
  return sql`(${matches(orders.orderNumber)}
    or exists (select 1 from ${users}
                 left join ${userApplications} on ${userApplications.createdUserId} = ${users.id}
                                              and ${userApplications.status} = 'approved'
                where ${users.id} = ${party}
                  and (${matches(users.publicHandle)}
                       or ${matches(sql`coalesce(${userApplications.storeName}, ${users.name})`)}))
    or exists (select 1 from ${orderItems}
                where ${orderItems.orderId} = ${orders.id}
                  and (${matches(orderItems.productName)} or ${matches(orderItems.marka)}
                       or ${matches(orderItems.modelKodu)} or ${orderItems.barcode} = ${term})))`;
}

/**
 * The orders a buyer sees: never one cancelled before it was paid, and an unpaid one only while
 * its group still waits for the payment within the reservation.
 */
function visibleToBuyer(buyerId: string, now: Date): SQL {
  return and(
    eq(orders.buyerId, buyerId),
    or(
      ne(orders.status, 'awaiting_payment'),
      and(eq(orderGroups.status, 'awaiting_payment'), sql`${orderGroups.reservedUntil} > ${now.toISOString()}`),
    ),
    or(ne(orders.status, 'cancelled'), isNotNull(orders.paidAt)),
  ) as SQL;
}

/** Whether the order has a dispute (at most one, open or decided); the web asks for it only then. */
const hasDispute =
  sql<boolean>`exists (select 1 from ${adminDisputes} where ${adminDisputes.orderId} = ${orders.id})`.mapWith(Boolean);

const buyerOrderColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  groupId: orders.groupId,
  status: orders.status,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  escrowEndsAt: orders.escrowEndsAt,
  acceptedAt: orders.acceptedAt,
  acceptBy: orders.acceptBy,
  subtotalKurus: orders.subtotalKurus,
  shippingKurus: orders.shippingKurus,
  vatKurus: orders.vatKurus,
  discountKurus: orders.discountKurus,
  totalKurus: orders.totalKurus,
  pricesIncludeVat: orderGroups.pricesIncludeVat,
  refundedKurus: orders.refundedKurus,
  sellerHandle: sellers.publicHandle,
  sellerSlug: sellers.publicSlug,
  cargoCompany: orders.cargoCompany,
  trackingNumber: orders.trackingNumber,
  hasDispute,
};

/** The buyer's visible orders, those the search text finds when there is one. */
function buyerOrderWhere(buyerId: string, now: Date, search: string | undefined): SQL | undefined {
  return and(visibleToBuyer(buyerId, now), search ? orderSearchSql(search, orders.sellerId) : undefined);
}

export async function countBuyerOrders(db: Db, buyerId: string, now: Date, search?: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .leftJoin(orderGroups, eq(orderGroups.id, orders.groupId))
    .where(buyerOrderWhere(buyerId, now, search));
  return row.n;
}

export async function findBuyerOrders(
  db: Db,
  buyerId: string,
  now: Date,
  page: { limit: number; offset: number; search?: string },
) {
  return db
    .select(buyerOrderColumns)
    .from(orders)
    .leftJoin(orderGroups, eq(orderGroups.id, orders.groupId))
    .leftJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(buyerOrderWhere(buyerId, now, page.search))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function findBuyerOrder(db: Db, buyerId: string, orderId: string, now: Date) {
  const [row] = await db
    .select({
      ...buyerOrderColumns,
      shippingAddress: orders.shippingAddress,
      installments: orderGroups.installments,
      groupChargedKurus: orderGroups.chargedKurus,
    })
    .from(orders)
    .leftJoin(orderGroups, eq(orderGroups.id, orders.groupId))
    .leftJoin(sellers, eq(sellers.id, orders.sellerId))
    .where(and(eq(orders.id, orderId), visibleToBuyer(buyerId, now)));
  return row ?? null;
}

export async function findOrderLines(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
}

export async function findOrderEvents(db: Db, orderId: string) {
  return db
    .select({
      action: orderEvents.action,
      fromStatus: orderEvents.fromStatus,
      toStatus: orderEvents.toStatus,
      createdAt: orderEvents.createdAt,
    })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** The card of the group's captured payment (brand and last four digits only are ever stored). */
export async function findSucceededPaymentCard(db: Db, groupId: string) {
  const [row] = await db
    .select({ cardBrand: payments.cardBrand, cardLastFour: payments.cardLastFour })
    .from(payments)
    .where(and(eq(payments.groupId, groupId), eq(payments.status, 'succeeded')));
  return row ?? null;
}

export interface SellerOrderFilter {
  sellerId: string;
  /** Exact status, if chosen. */
  status?: string;
  /** Any of these statuses (the pending and completed views). */
  statuses?: readonly string[];
  /** A condition on the seller's approval: the lifecycle's awaitingAcceptanceSql, or its negation. */
  approval?: SQL;
  /** Start of the first day and end of the last day, as Turkish calendar dates ("2026-03-01"). */
  from?: string;
  to?: string;
  cargoCompany?: string;
  /** A search text (order number, the buying store, a product). */
  search?: string;
}

function sellerOrderWhere(filter: SellerOrderFilter): SQL {
  const conditions: SQL[] = [visibleToSellerSql(filter.sellerId)];
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.statuses) conditions.push(inArray(orders.status, [...filter.statuses]));
  if (filter.approval) conditions.push(filter.approval);
  // Calendar days in Turkey, both ends inclusive: [from 00:00, to + 1 day 00:00) Istanbul time.
  if (filter.from) {
    conditions.push(sql`${orders.createdAt} >= (${filter.from}::date)::timestamp at time zone 'Europe/Istanbul'`);
  }
  if (filter.to) {
    conditions.push(sql`${orders.createdAt} < (${filter.to}::date + 1)::timestamp at time zone 'Europe/Istanbul'`);
  }
  if (filter.cargoCompany) conditions.push(eq(orders.cargoCompany, filter.cargoCompany));
  if (filter.search) conditions.push(orderSearchSql(filter.search, orders.buyerId));
  return and(...conditions) as SQL;
}

/**
 * The orders matching a filter the counters cannot answer (a date range, a carrier, a search or the
 * seller's approval): counted
 * over the seller's orders within it. Without one, the counters answer (decision 047).
 */
export async function countFilteredSellerOrders(db: Db, filter: SellerOrderFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(sellerOrderWhere(filter));
  return row.n;
}

/** An order's own columns as its seller sees them (the buyer only as @handle). */
const sellerOrderColumns = {
  orderId: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  createdAt: orders.createdAt,
  escrowEndsAt: orders.escrowEndsAt,
  acceptedAt: orders.acceptedAt,
  acceptBy: orders.acceptBy,
  buyerHandle: buyers.publicHandle,
  buyerSlug: buyers.publicSlug,
  cargoCompany: orders.cargoCompany,
  trackingNumber: orders.trackingNumber,
  hasDispute,
};

/** One page of the seller's orders (newest first), each with its lines: one row per line. */
export async function findSellerOrderRows(db: Db, filter: SellerOrderFilter, limit: number, offset: number) {
  const page = db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(sellerOrderWhere(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  return db
    .select({
      ...sellerOrderColumns,
      orderTotalKurus: orders.totalKurus,
      line: orderItems,
    })
    .from(page)
    .innerJoin(orders, eq(orders.id, page.id))
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderItems.createdAt), asc(orderItems.id));
}

/** Who sold the order (an admin's packing slip is its seller's); null for an unknown order. */
export async function findOrderSellerId(db: Db, orderId: string): Promise<string | null> {
  const [row] = await db.select({ sellerId: orders.sellerId }).from(orders).where(eq(orders.id, orderId));
  return row?.sellerId ?? null;
}

/** The seller's order with its delivery address (the detail dialog). */
export async function findSellerOrder(db: Db, sellerId: string, orderId: string) {
  const [row] = await db
    .select({
      ...sellerOrderColumns,
      subtotalKurus: orders.subtotalKurus,
      shippingKurus: orders.shippingKurus,
      vatKurus: orders.vatKurus,
      discountKurus: orders.discountKurus,
      totalKurus: orders.totalKurus,
      refundedKurus: orders.refundedKurus,
      pricesIncludeVat: orderGroups.pricesIncludeVat,
      shippingAddress: orders.shippingAddress,
      billingParty: orders.billingParty,
    })
    .from(orders)
    .leftJoin(orderGroups, eq(orderGroups.id, orders.groupId))
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(and(eq(orders.id, orderId), visibleToSellerSql(sellerId)));
  return row ?? null;
}
