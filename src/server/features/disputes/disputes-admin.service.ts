import { orderPath, sellerOrderPath } from '#shared/site-paths.ts';
import { eq } from 'drizzle-orm';
import { disputeMessages as m } from '#shared/messages/disputes.tr.ts';
import type { AdminDisputeDetail, AdminDisputeList, DecideDisputeBody, Dispute } from '#shared/schemas/disputes.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import { findActiveAdminIds } from '../../lib/user-contacts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AdminContext } from '../../lib/context.ts';
import { notify } from '../notifications/index.ts';
import { listOrderTimeline } from '../orders/index.ts';
import { recordOrderEvents } from '../order-lifecycle/index.ts';
import {
  countEscalatedDisputes,
  escalateDue,
  findAdminDispute,
  findAdminDisputes,
  findDisputeByOrder,
  findOrder,
  findOrderLinesForDispute,
} from './disputes.repo.ts';
import { tellBoth } from './disputes.mail.ts';
import {
  DISPUTE_ANSWER_MS,
  disputeNotFound,
  escrowedKurus,
  iso,
  orderNotFound,
  resolve,
  toDispute,
} from './disputes.service.ts';

const ADMIN_LIST_LIMIT = 200;

/** An admin's decision: full refund (optionally restocking), partial refund (rest released), or release. */
export async function decideDispute(ctx: AdminContext, orderId: string, body: DecideDisputeBody): Promise<Dispute> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    // Locks the order, so a second admin's decision waits for this one and then finds it decided.
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw orderNotFound();
    const dispute = await findDisputeByOrder(tx, orderId);
    if (!dispute) throw disputeNotFound();
    if (dispute.status === 'resolved') throw new AppError('INVALID_STATUS_TRANSITION', m.alreadyDecided);
    const escrowed = escrowedKurus(order);
    let refundKurus = 0;
    if (body.decision === 'full_refund') refundKurus = escrowed;
    if (body.decision === 'partial_refund') {
      const amount = body.amountKurus;
      if (amount === undefined || amount <= 0 || amount >= escrowed) {
        throw new AppError('VALIDATION_FAILED', m.partialAmountRange, { amountKurus: m.partialAmountRange });
      }
      refundKurus = amount;
    }
    const restock = body.decision === 'full_refund' && body.restock;
    const resolved = await resolve(
      tx,
      order,
      dispute,
      {
        decision: body.decision,
        refundKurus,
        reason: body.reason,
        restock,
        decidedBy: ctx.user.id,
        via: 'admin_decision',
        audit: {
          action: 'dispute_decided',
          details: { decision: body.decision, refundKurus, restock, reason: body.reason },
          ip: ctx.ip,
        },
      },
      now,
    );
    return toDispute(resolved);
  });
}

/**
 * The sweep: disputes unanswered past their deadline, or answered but not agreed within 3 days,
 * go to the admin desk (escalated). Idempotent; returns how many moved.
 */
export async function escalateDueDisputes(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const moved = await escalateDue(tx, now, DISPUTE_ANSWER_MS);
    const admins = moved.length > 0 ? await findActiveAdminIds(tx) : [];
    for (const row of moved) {
      await recordOrderEvents(tx, [
        { orderId: row.orderId, actorId: null, action: 'dispute_escalated', createdAt: now },
      ]);
      const order = await findOrder(tx, row.orderId);
      if (!order) continue;
      const told = { title: m.notifications.escalatedTitle, message: m.notifications.escalatedBody(order.orderNumber) };
      await tellBoth(
        tx,
        order,
        {
          buyer: { type: 'dispute_escalated', ...told, relatedId: order.id, actionUrl: orderPath(order.id) },
          seller: { type: 'dispute_escalated', ...told, relatedId: order.id, actionUrl: sellerOrderPath(order.id) },
        },
        { template: 'dispute_escalated', subject: { buyer: told.title, seller: told.title } },
        now,
      );
      // Admins are told as well as shown the badge: a waiting dispute holds a store's money.
      await notify(
        tx,
        admins.map((userId) => ({
          userId,
          type: 'dispute_waiting' as const,
          title: m.notifications.waitingTitle,
          message: m.notifications.waitingBody(order.orderNumber),
          relatedId: order.id,
          actionUrl: `/admin/disputes?order=${order.id}`,
        })),
        now,
      );
    }
    return moved.length;
  });
}

type AdminRow = NonNullable<Awaited<ReturnType<typeof findAdminDispute>>>;

function toAdminRow(row: AdminRow) {
  return {
    ...toDispute(row.dispute),
    orderNumber: row.orderNumber,
    orderStatus: row.orderStatus,
    totalKurus: row.totalKurus,
    buyerName: row.buyerName,
    sellerName: row.sellerName,
  };
}

export async function listAdminDisputes(ctx: AdminContext): Promise<AdminDisputeList> {
  const [rows, waiting] = await Promise.all([
    findAdminDisputes(ctx.db, ADMIN_LIST_LIMIT),
    countEscalatedDisputes(ctx.db),
  ]);
  return { items: rows.map(toAdminRow), waiting };
}

/** How many disputes wait for an admin (the admin menu's badge). */
export async function countWaitingDisputes(db: Db): Promise<number> {
  return countEscalatedDisputes(db);
}

export async function getAdminDispute(ctx: AdminContext, orderId: string): Promise<AdminDisputeDetail> {
  const row = await findAdminDispute(ctx.db, orderId);
  if (!row) throw disputeNotFound();
  const [lines, events] = await Promise.all([
    findOrderLinesForDispute(ctx.db, orderId),
    listOrderTimeline(ctx.db, orderId),
  ]);
  return {
    ...toAdminRow(row),
    escrowedKurus: row.dispute.status === 'resolved' ? 0 : row.totalKurus - row.refundedKurus,
    refundedKurus: row.refundedKurus,
    cargoCompany: row.cargoCompany,
    trackingNumber: row.trackingNumber,
    shippedAt: iso(row.shippedAt),
    lines,
    events,
  };
}
