import type {
  AdminOrderDetail,
  AdminOrderList,
  AdminOrderRow,
  AdminOrdersQuery,
} from '#shared/schemas/admin-orders.ts';
import type { OrderStatus } from '#shared/status.ts';
import type { AdminContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sumEscrowHeld } from '../../lib/ledger.ts';
import { orderActionsFor } from '../order-lifecycle/index.ts';
import {
  countOrdersByStatus,
  findAdminOrderRow,
  findAdminOrders,
  findGroupPayment,
  findOrderDispute,
  findOrderLedger,
  findOrderLines,
  findOrderProviderJobs,
  findOrderTimeline,
  type AdminOrderRowRaw,
} from './admin-orders.repo.ts';

export const ADMIN_ORDERS_PAGE_SIZE = 25;

const iso = (value: Date | string): string => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

function toRow(row: AdminOrderRowRaw): AdminOrderRow {
  return {
    id: row.id,
    orderNumber: row.order_number,
    createdAt: iso(row.created_at),
    status: row.status as OrderStatus,
    buyer: { id: row.buyer_id, name: row.buyer_name, handle: row.buyer_handle },
    seller: { id: row.seller_id, name: row.seller_name, handle: row.seller_handle },
    totalKurus: Number(row.total_kurus),
    refundedKurus: Number(row.refunded_kurus),
    escrowHeldKurus: Number(row.held),
    actions: orderActionsFor({ status: row.status }, 'admin'),
  };
}

/** The admin orders desk: a filtered page of orders, newest first, with escrow held and counts. */
export async function listAdminOrders(ctx: AdminContext, query: AdminOrdersQuery): Promise<AdminOrderList> {
  const { rows, total } = await findAdminOrders(ctx.db, query, ADMIN_ORDERS_PAGE_SIZE);
  const counts = await countOrdersByStatus(ctx.db);
  return {
    orders: rows.map(toRow),
    page: query.page,
    pageSize: ADMIN_ORDERS_PAGE_SIZE,
    total,
    escrowHeldKurus: await sumEscrowHeld(ctx.db),
    statusCounts: Object.fromEntries(counts.map((c) => [c.status, Number(c.count)])),
  };
}

/** One order with everything the admin needs to answer a question about it. */
export async function getAdminOrder(ctx: AdminContext, id: string): Promise<AdminOrderDetail> {
  const row = await findAdminOrderRow(ctx.db, id);
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const [lines, payment, timeline, ledger, jobs, dispute] = await Promise.all([
    findOrderLines(ctx.db, id),
    row.group_id ? findGroupPayment(ctx.db, row.group_id) : Promise.resolve(null),
    findOrderTimeline(ctx.db, id),
    findOrderLedger(ctx.db, id),
    findOrderProviderJobs(ctx.db, id),
    findOrderDispute(ctx.db, id),
  ]);
  return {
    ...toRow(row),
    subtotalKurus: Number(row.subtotal_kurus),
    shippingKurus: Number(row.shipping_kurus),
    vatKurus: Number(row.vat_kurus),
    discountKurus: Number(row.discount_kurus),
    paidAt: isoOrNull(row.paid_at),
    escrowEndsAt: isoOrNull(row.escrow_ends_at),
    shippingAddress: row.shipping_address,
    billingParty: row.billing_party,
    lines: lines.map((l) => ({
      id: l.id,
      marka: l.marka,
      modelKodu: l.model_kodu,
      productName: l.product_name,
      barcode: l.barcode,
      unitPriceKurus: Number(l.unit_price_kurus),
      quantity: l.quantity,
      lineTotalKurus: Number(l.line_total_kurus),
    })),
    payment: payment
      ? {
          status: payment.status,
          cardBrand: payment.card_brand,
          cardLastFour: payment.card_last_four,
          installments: payment.installments,
        }
      : null,
    shipment: {
      cargoCompany: row.cargo_company,
      trackingNumber: row.tracking_number,
      shippedAt: isoOrNull(row.shipped_at),
    },
    timeline: timeline.map((e) => ({
      id: e.id,
      action: e.action,
      fromStatus: e.from_status,
      toStatus: e.to_status,
      actorId: e.actor_id,
      createdAt: iso(e.created_at),
    })),
    ledger: ledger.map((e) => ({
      id: Number(e.id),
      account: e.account,
      amountKurus: Number(e.amount_kurus),
      memo: e.memo,
      createdAt: iso(e.created_at),
    })),
    providerJobs: jobs.map((j) => ({
      id: j.id,
      kind: j.kind,
      amountKurus: Number(j.amount_kurus),
      status: j.status,
      attempts: j.attempts,
      lastError: j.last_error,
      createdAt: iso(j.created_at),
    })),
    dispute,
  };
}
