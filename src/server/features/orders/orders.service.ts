import { listingImageUrl } from '#shared/schemas/listings.ts';
import { splitInstallments } from '#shared/pricing.ts';
import type {
  BuyerOrder,
  BuyerOrderDetail,
  BuyerOrderList,
  buyerOrderQuerySchema,
  CargoCompany,
  OrderLine,
  SellerOrderDetail,
  SellerOrderList,
  sellerOrderQuerySchema,
} from '#shared/schemas/orders.ts';
import type { OrderStatus } from '#shared/status.ts';
import { not } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { orderItems } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberContext } from '../../lib/context.ts';
import { awaitingAcceptanceSql, isAwaitingAcceptance, orderActionsFor } from '../order-lifecycle/index.ts';
import { isOrderReviewable } from '../reviews/index.ts';
import {
  countBuyerOrders,
  countOrdersWithStatus,
  countFilteredSellerOrders,
  findBuyerOrder,
  findBuyerOrders,
  findOrderEvents,
  findOrderLines,
  findRecentSellerOrders,
  findOrderSellerId,
  findSellerOrder,
  findSellerOrderRows,
  findSucceededPaymentCard,
  sumSellerOrders,
  type SellerOrderFilter,
} from './orders.repo.ts';
import { findOrderInvoiceView } from '../invoices/index.ts';
import { countInStatuses, findSellerCounters } from '../../lib/seller-counters.ts';
import { findBuyerStore } from '../../lib/store-identity.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { renderPackingSlipPdf } from './orders.pdf.ts';

/**
 * Orders that count on the seller's dashboard: paid ones and every later state. Unpaid
 * (awaiting_payment), cancelled-unpaid and fully refunded orders are no sales.
 */
const COUNTED_ORDER_STATUSES: readonly OrderStatus[] = [
  'paid_escrow',
  'shipped',
  'delivery_confirmed',
  'completed',
  'released',
  'disputed',
  'partially_refunded',
];
/** Orders whose payment waits in escrow for shipping count as pending. */
const PENDING_ORDER_STATUS: OrderStatus = 'paid_escrow';
/** The seller panel's "Bekleyen" and "Tamamlanan" views. */
const SELLER_VIEW_STATUSES: Record<'pending' | 'completed', readonly OrderStatus[]> = {
  pending: ['paid_escrow'],
  completed: ['delivery_confirmed', 'completed', 'released'],
};

/**
 * The seller's sold orders, pending count and revenue net of refunds (in all and in `month`,
 * "2026-03", the Turkish month of the payment): the same sales the seller reports sum
 * (lib/seller-sales-sql.ts), so the panel and the reports never disagree.
 */
export async function getSellerOrderFigures(db: Db, sellerId: string, month: string) {
  return sumSellerOrders(db, sellerId, PENDING_ORDER_STATUS, month);
}

/** The seller's latest counted orders, newest first, each telling whether it awaits the seller's approval. */
export async function listRecentSellerOrders(db: Db, sellerId: string, limit: number) {
  const rows = await findRecentSellerOrders(db, sellerId, COUNTED_ORDER_STATUSES, limit);
  return rows.map(({ acceptedAt, ...row }) => ({
    ...row,
    status: row.status as OrderStatus,
    awaitingAcceptance: isAwaitingAcceptance({ status: row.status, acceptedAt }),
  }));
}

/** Orders completed on the whole platform (the landing page's figure). */
export async function countCompletedOrders(db: Db): Promise<number> {
  return countOrdersWithStatus(db, 'completed');
}

type LineRow = typeof orderItems.$inferSelect;

function toOrderLine(line: LineRow): OrderLine {
  return {
    id: line.id,
    listingId: line.listingId,
    productId: line.productId,
    marka: line.marka,
    modelKodu: line.modelKodu,
    productName: line.productName,
    barcode: line.barcode,
    thumbnailUrl: listingImageUrl(line.thumbnailKey),
    unitPriceKurus: line.unitPriceKurus,
    vatRateBp: line.vatRateBp,
    quantity: line.quantity,
    lineTotalKurus: line.lineTotalKurus,
    vatKurus: line.vatKurus,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type BuyerOrderRow = Awaited<ReturnType<typeof findBuyerOrders>>[number];

function toBuyerOrder(row: BuyerOrderRow, lines: LineRow[]): BuyerOrder {
  return {
    ...row,
    status: row.status as OrderStatus,
    cargoCompany: row.cargoCompany as CargoCompany | null,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    escrowEndsAt: iso(row.escrowEndsAt),
    acceptedAt: iso(row.acceptedAt),
    acceptBy: iso(row.acceptBy),
    awaitingAcceptance: isAwaitingAcceptance(row),
    pricesIncludeVat: row.pricesIncludeVat ?? false,
    items: lines.map(toOrderLine),
    isReviewable: isOrderReviewable(row.status),
    actions: orderActionsFor(row, 'buyer'),
  };
}

function groupLines(lines: LineRow[]): Map<string, LineRow[]> {
  const byOrder = new Map<string, LineRow[]>();
  for (const line of lines) byOrder.set(line.orderId, [...(byOrder.get(line.orderId) ?? []), line]);
  return byOrder;
}

/** The member's own orders as buyer, newest first, one page (those the search text finds, if any). */
export async function listBuyerOrders(
  ctx: MemberContext,
  query: z.output<typeof buyerOrderQuerySchema>,
): Promise<BuyerOrderList> {
  const now = ctx.clock.now();
  const [total, rows] = await Promise.all([
    countBuyerOrders(ctx.db, ctx.user.id, now, query.q),
    findBuyerOrders(ctx.db, ctx.user.id, now, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      search: query.q,
    }),
  ]);
  const lines = groupLines(
    await findOrderLines(
      ctx.db,
      rows.map((r) => r.id),
    ),
  );
  return {
    orders: rows.map((r) => toBuyerOrder(r, lines.get(r.id) ?? [])),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** An order's timeline (its events, oldest first), as buyers, sellers and the admin desk show it. */
export async function listOrderTimeline(db: Db, orderId: string) {
  const events = await findOrderEvents(db, orderId);
  return events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }));
}

/** One of the member's own orders; anyone else's answers as if it did not exist. */
export async function getBuyerOrder(ctx: MemberContext, orderId: string): Promise<BuyerOrderDetail> {
  const row = await findBuyerOrder(ctx.db, ctx.user.id, orderId, ctx.clock.now());
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const [lines, events, card, invoice] = await Promise.all([
    findOrderLines(ctx.db, [row.id]),
    listOrderTimeline(ctx.db, row.id),
    row.groupId ? findSucceededPaymentCard(ctx.db, row.groupId) : null,
    findOrderInvoiceView(ctx.db, row.id),
  ]);
  const { shippingAddress, installments, groupChargedKurus, ...order } = row;
  return {
    ...toBuyerOrder(order, lines),
    shippingAddress: shippingAddress ? { ...shippingAddress, postal_code: shippingAddress.postal_code ?? null } : null,
    installments,
    installmentAmounts:
      installments !== null && groupChargedKurus !== null ? splitInstallments(groupChargedKurus, installments) : null,
    cardBrand: card?.cardBrand ?? null,
    cardLastFour: card?.cardLastFour ?? null,
    events,
    invoice,
  };
}

/** The seller's orders, one row per line, every filter applied in the database; paginated by order. */
export async function listSellerOrders(
  ctx: MemberContext,
  query: z.output<typeof sellerOrderQuerySchema>,
): Promise<SellerOrderList> {
  // "Satıcı Onayı Bekleniyor" and "Ödeme Alındı" split the paid orders by the seller's approval, as
  // their labels do (orderStatusLabel); the counters know paid_escrow only as one figure.
  const awaiting = awaitingAcceptanceSql();
  const isAwaitingFilter = query.status === 'awaiting_acceptance';
  const filter: SellerOrderFilter = {
    sellerId: ctx.user.id,
    status: isAwaitingFilter ? undefined : query.status,
    approval: isAwaitingFilter ? awaiting : query.status === 'paid_escrow' ? not(awaiting) : undefined,
    statuses: query.view === 'all' ? undefined : SELLER_VIEW_STATUSES[query.view],
    from: query.from,
    to: query.to,
    cargoCompany: query.cargoCompany,
    search: query.q,
  };
  // The status tabs come from the seller's counters row; only a date range, a carrier, a search text
  // or the approval needs a count (over that seller's orders inside the filter; paid orders awaiting
  // approval or shipping are few, bounded by their deadlines).
  const isAnsweredByCounters = !filter.from && !filter.to && !filter.cargoCompany && !filter.search && !filter.approval;
  const [counters, filteredCount, rows] = await Promise.all([
    findSellerCounters(ctx.db, ctx.user.id),
    isAnsweredByCounters ? null : countFilteredSellerOrders(ctx.db, filter),
    findSellerOrderRows(ctx.db, filter, query.pageSize, (query.page - 1) * query.pageSize),
  ]);
  // A status chosen within a view matches the orders in both.
  const statuses = filter.status
    ? [filter.status].filter((s) => !filter.statuses || filter.statuses.includes(s))
    : filter.statuses;
  return {
    rows: rows.map((r) => ({
      ...r,
      status: r.status as OrderStatus,
      cargoCompany: r.cargoCompany as CargoCompany | null,
      createdAt: r.createdAt.toISOString(),
      escrowEndsAt: iso(r.escrowEndsAt),
      acceptedAt: iso(r.acceptedAt),
      acceptBy: iso(r.acceptBy),
      awaitingAcceptance: isAwaitingAcceptance(r),
      line: toOrderLine(r.line),
      actions: orderActionsFor(r, 'seller'),
    })),
    total: filteredCount ?? countInStatuses(counters, statuses),
    allOrders: countInStatuses(counters),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One of the seller's own (paid) orders with its lines and delivery address. */
export async function getSellerOrder(ctx: MemberContext, orderId: string): Promise<SellerOrderDetail> {
  const row = await findSellerOrder(ctx.db, ctx.user.id, orderId);
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const [lines, events, invoice] = await Promise.all([
    findOrderLines(ctx.db, [row.orderId]),
    listOrderTimeline(ctx.db, row.orderId),
    findOrderInvoiceView(ctx.db, row.orderId),
  ]);
  return {
    ...row,
    status: row.status as OrderStatus,
    cargoCompany: row.cargoCompany as CargoCompany | null,
    createdAt: row.createdAt.toISOString(),
    escrowEndsAt: iso(row.escrowEndsAt),
    acceptedAt: iso(row.acceptedAt),
    acceptBy: iso(row.acceptBy),
    awaitingAcceptance: isAwaitingAcceptance(row),
    pricesIncludeVat: row.pricesIncludeVat ?? false,
    shippingAddress: row.shippingAddress
      ? { ...row.shippingAddress, postal_code: row.shippingAddress.postal_code ?? null }
      : null,
    items: lines.map(toOrderLine),
    events,
    invoice,
    actions: orderActionsFor(row, 'seller'),
  };
}

/**
 * The packing slip of one of the seller's own orders as a PDF: the delivery address and the lines,
 * no prices. An admin gets any paid order's slip, as its seller would; anyone else (another store,
 * the buyer) gets ORDER_NOT_FOUND.
 */
export async function exportPackingSlipPdf(
  ctx: MemberContext,
  orderId: string,
): Promise<{ fileName: string; body: Buffer }> {
  const sellerId = ctx.user.role === 'admin' ? await findOrderSellerId(ctx.db, orderId) : ctx.user.id;
  const row = sellerId ? await findSellerOrder(ctx.db, sellerId, orderId) : null;
  if (!sellerId || !row) throw new AppError('ORDER_NOT_FOUND');
  const [lines, store] = await Promise.all([findOrderLines(ctx.db, [row.orderId]), findBuyerStore(ctx.db, sellerId)]);
  const address = row.shippingAddress;
  const storeName = store?.storeName ?? store?.fullName ?? '';
  const body = await renderPackingSlipPdf({
    orderNumber: row.orderNumber,
    createdAt: row.createdAt,
    sender: store?.handle ? `${storeName} (@${store.handle})` : storeName,
    recipient: address
      ? [
          address.full_name,
          address.address,
          [address.district, address.city].filter(Boolean).join(' / ') +
            (address.postal_code ? ` ${address.postal_code}` : ''),
          address.phone,
        ]
      : [],
    lines,
  });
  return { fileName: tradingMessages.orders.packingSlip.fileName(row.orderNumber), body };
}
