import { dashboardTabPath, orderPath } from '#shared/site-paths.ts';
import { eq } from 'drizzle-orm';
import { disputeMessages as m } from '#shared/messages/disputes.tr.ts';
import type {
  AdminDisputeDetail,
  AdminDisputeList,
  AnswerDisputeBody,
  CreateDisputeBody,
  DecideDisputeBody,
  Dispute,
  DisputeDecision,
  DisputeReason,
} from '#shared/schemas/disputes.ts';
import { disputeTransitions, type DisputeStatus } from '#shared/status.ts';
import type { Db } from '../../db/client.ts';
import { adminDisputes, orders } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import { findActiveAdminIds, findUserContacts } from '../../lib/user-contacts.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AdminContext, MemberContext } from '../../lib/context.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { escapeHtml } from '../../lib/html.ts';
import { layout, type RenderedEmail } from '../../lib/mailer/templates.ts';
import { formatKurus } from '#shared/money.ts';
import type { Storage } from '../../lib/storage.ts';
import { transition } from '../../lib/transition.ts';
import type { IncomingImage } from '../../lib/images.ts';
import { notify, type NotificationInput } from '../notifications/index.ts';
import { listOrderTimeline } from '../orders/index.ts';
import { applyOrderTransition, orderLifecycle, recordOrderEvents, type OrderChange } from '../order-lifecycle/index.ts';
import { disputePhotoKey, removeDisputePhotos, storeDisputePhotos } from '../../lib/photos.ts';
import {
  countEscalatedDisputes,
  escalateDue,
  findAdminDispute,
  findAdminDisputes,
  findDisputeByOrder,
  findOrder,
  findOrderLinesForDispute,
  insertDispute,
  type DisputeRow,
  type OrderRow,
} from './disputes.repo.ts';

/** The seller answers within this; an answer the buyer does not accept within it goes to the admin too. */
export const DISPUTE_ANSWER_MS = 3 * 24 * 60 * 60 * 1000;
const ADMIN_LIST_LIMIT = 200;

/** Private storage and the photos that came with the request (none from a JSON body). */
export interface FileDeps {
  storage: Storage;
  photos: IncomingImage[];
}

const orderNotFound = () => new AppError('ORDER_NOT_FOUND');
const disputeNotFound = () => new AppError('NOT_FOUND', m.disputeNotFound);

/** The money still held in escrow for an order (nothing of a disputed order has been released). */
function escrowedKurus(order: OrderRow): number {
  return order.totalKurus - order.refundedKurus;
}

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** The served name of a stored photo: its key without the prefix. */
function fileOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

function toDispute(row: DisputeRow): Dispute {
  return {
    id: row.id,
    orderId: row.orderId,
    reason: row.reason as DisputeReason,
    customerMessage: row.customerMessage,
    customerPhotos: row.customerPhotos.map(fileOf),
    status: row.status as DisputeStatus,
    sellerMessage: row.sellerMessage,
    sellerPhotos: row.sellerPhotos.map(fileOf),
    sellerOfferKurus: row.sellerOfferKurus,
    sellerAnsweredAt: iso(row.sellerAnsweredAt),
    answerDueAt: row.answerDueAt.toISOString(),
    decision: row.decision as DisputeDecision | null,
    decisionKurus: row.decisionKurus,
    decisionReason: row.decisionReason,
    restock: row.restock,
    decidedAt: iso(row.decidedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

function plainEmail(template: string, subject: string, paragraphs: string[]): RenderedEmail {
  return {
    template,
    subject,
    html: layout(subject, paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')),
    text: paragraphs.join('\n\n'),
  };
}

/** Notifies and mails buyer and seller in the transaction of the change they report. */
async function tellBoth(
  tx: Db,
  order: OrderRow,
  messages: { buyer: Omit<NotificationInput, 'userId'>; seller: Omit<NotificationInput, 'userId'> },
  /** The mail's template name, and its subject for each side. */
  mail: { template: string; subject: Record<'buyer' | 'seller', string> },
  now: Date,
): Promise<void> {
  const parts = [
    { userId: order.buyerId, ...messages.buyer, subject: mail.subject.buyer },
    { userId: order.sellerId, ...messages.seller, subject: mail.subject.seller },
  ];
  await notify(
    tx,
    parts.map(({ subject: _subject, ...note }) => note),
    now,
  );
  const contacts = await findUserContacts(tx, [order.buyerId, order.sellerId]);
  for (const part of parts) {
    const contact = contacts.find((c) => c.id === part.userId);
    if (!contact) continue;
    await enqueueEmail(
      tx,
      contact.email,
      plainEmail(mail.template, part.subject, [`Merhaba ${contact.name},`, part.message]),
      now,
      { relatedTo: `order:${order.id}` },
    );
  }
}

/** The buyer reports a problem: the order stops in escrow (disputed) until an agreement or an admin decides. */
export async function createDispute(
  ctx: MemberContext,
  files: FileDeps,
  orderId: string,
  body: CreateDisputeBody,
): Promise<Dispute> {
  // Checked before any photo is decoded, so nobody but the buyer of a disputable order costs a decode.
  const before = await findOrder(ctx.db, orderId);
  if (!before || before.buyerId !== ctx.user.id) throw orderNotFound();
  if (!(orderLifecycle.dispute.from as readonly string[]).includes(before.status)) {
    throw new AppError('INVALID_STATUS_TRANSITION', m.orderNotDisputable);
  }
  const photoKeys = await storeDisputePhotos(files.storage, files.photos);
  return withPhotoCleanup(files.storage, photoKeys, () => insertDisputeOf(ctx, orderId, body, photoKeys));
}

/** Runs the change; photos stored for it are removed again when it fails. */
async function withPhotoCleanup<T>(storage: Storage, keys: string[], run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    await removeDisputePhotos(storage, keys);
    throw error;
  }
}

async function insertDisputeOf(
  ctx: MemberContext,
  orderId: string,
  body: CreateDisputeBody,
  photoKeys: string[],
): Promise<Dispute> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const order = await applyOrderTransition(tx, 'dispute', orderId, {
      actor: { role: 'buyer', id: ctx.user.id },
      now,
      set: { refundRequestedAt: now, disputeReason: body.reason },
      details: { reason: body.reason },
      refused: () => new AppError('INVALID_STATUS_TRANSITION', m.orderNotDisputable),
    });
    const dispute = await insertDispute(tx, {
      orderId: order.id,
      reason: body.reason,
      customerMessage: body.description,
      customerPhotos: photoKeys,
      status: 'open',
      answerDueAt: new Date(now.getTime() + DISPUTE_ANSWER_MS),
      createdAt: now,
      updatedAt: now,
    });
    const n = m.notifications;
    await tellBoth(
      tx,
      order,
      {
        buyer: {
          type: 'dispute_created',
          title: n.createdTitle,
          message: n.createdBody(order.orderNumber),
          relatedId: order.id,
          actionUrl: orderPath(order.id),
        },
        seller: {
          type: 'dispute_reported',
          title: n.reportedTitle,
          message: n.reportedBody(order.orderNumber, m.reasons[body.reason]),
          relatedId: order.id,
          actionUrl: dashboardTabPath('orders'),
        },
      },
      {
        template: 'dispute_created',
        subject: {
          buyer: m.mail.createdSubject(order.orderNumber),
          seller: m.mail.reportedSubject(order.orderNumber),
        },
      },
      now,
    );
    return toDispute(dispute);
  });
}

/**
 * A photo of a dispute, for the order's buyer, its seller and admins (404 for anyone else, and
 * for a file the dispute does not reference).
 */
export async function openDisputePhoto(ctx: MemberContext, storage: Storage, orderId: string, file: string) {
  const order = await findOrder(ctx.db, orderId);
  const isParty = order && (order.buyerId === ctx.user.id || order.sellerId === ctx.user.id);
  if (!order || !(isParty || ctx.user.role === 'admin')) throw orderNotFound();
  const dispute = await findDisputeByOrder(ctx.db, orderId);
  const key = disputePhotoKey(file);
  if (!dispute || ![...dispute.customerPhotos, ...dispute.sellerPhotos].includes(key)) throw disputeNotFound();
  const opened = await storage.open(key);
  if (!opened) throw disputeNotFound();
  return opened;
}

/** The dispute of an order, for its buyer or its seller (404 for anyone else). */
export async function getOrderDispute(ctx: MemberContext, orderId: string): Promise<Dispute> {
  const order = await findOrder(ctx.db, orderId);
  if (!order || (order.buyerId !== ctx.user.id && order.sellerId !== ctx.user.id)) throw orderNotFound();
  const dispute = await findDisputeByOrder(ctx.db, orderId);
  if (!dispute) throw disputeNotFound();
  return toDispute(dispute);
}

async function findOwnOrder(db: Db, orderId: string, userId: string, side: 'buyer' | 'seller'): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order || (side === 'buyer' ? order.buyerId : order.sellerId) !== userId) throw orderNotFound();
  return order;
}

/** The seller's statement, and optionally an offer to refund part or all of the escrowed amount. */
export async function answerDispute(
  ctx: MemberContext,
  files: FileDeps,
  orderId: string,
  body: AnswerDisputeBody,
): Promise<Dispute> {
  const before = await findOwnOrder(ctx.db, orderId, ctx.user.id, 'seller');
  const open = await findDisputeByOrder(ctx.db, before.id);
  if (!open) throw disputeNotFound();
  if (open.status !== 'open') throw new AppError('INVALID_STATUS_TRANSITION', m.notAnswerable);
  const photoKeys = await storeDisputePhotos(files.storage, files.photos);
  return withPhotoCleanup(files.storage, photoKeys, () => saveAnswer(ctx, orderId, body, photoKeys));
}

async function saveAnswer(
  ctx: MemberContext,
  orderId: string,
  body: AnswerDisputeBody,
  photoKeys: string[],
): Promise<Dispute> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, orderId, ctx.user.id, 'seller');
    const existing = await findDisputeByOrder(tx, orderId);
    if (!existing) throw disputeNotFound();
    const offer = body.offerKurus ?? null;
    if (offer !== null && offer > escrowedKurus(order)) {
      throw new AppError('VALIDATION_FAILED', m.amountTooHigh, { offerKurus: m.amountTooHigh });
    }
    const dispute = await transition(
      tx,
      { table: adminDisputes },
      {
        id: existing.id,
        rule: disputeTransitions.answer,
        set: {
          sellerMessage: body.statement,
          sellerPhotos: photoKeys,
          sellerOfferKurus: offer,
          sellerAnsweredAt: now,
          updatedAt: now,
        },
        refused: () => new AppError('INVALID_STATUS_TRANSITION', m.notAnswerable),
        record: (t) =>
          recordOrderEvents(t, [
            {
              orderId,
              actorId: ctx.user.id,
              action: 'dispute_answered',
              details: { offerKurus: offer },
              createdAt: now,
            },
          ]),
      },
    );
    const note = {
      userId: order.buyerId,
      type: 'dispute_answered' as const,
      title: m.notifications.answeredTitle,
      message: m.notifications.answeredBody(order.orderNumber),
      relatedId: order.id,
      actionUrl: orderPath(order.id),
    };
    await notify(tx, [note], now);
    const [buyer] = await findUserContacts(tx, [order.buyerId]);
    if (buyer) {
      await enqueueEmail(
        tx,
        buyer.email,
        plainEmail('dispute_answered', m.mail.answeredSubject(order.orderNumber), [
          `Merhaba ${buyer.name},`,
          note.message,
          offer ? m.mail.answeredOffer(formatKurus(offer)) : m.mail.answeredNoOffer,
        ]),
        now,
        { relatedTo: `order:${order.id}` },
      );
    }
    return toDispute(dispute);
  });
}

interface Resolution {
  decision: DisputeDecision;
  /** What goes back to the buyer (0 for a release). */
  refundKurus: number;
  reason: string;
  restock: boolean;
  decidedBy: string;
  /** 'agreement' or 'admin_decision', kept on the provider jobs and the timeline. */
  via: 'agreement' | 'admin_decision';
  /** An admin's decision is audited with the order's change. */
  audit?: OrderChange['audit'];
}

/**
 * Ends a dispute: the dispute and the order move conditionally (so of two concurrent decisions
 * only one commits), and the money movements are queued as provider jobs in the same transaction.
 */
async function resolve(tx: Db, order: OrderRow, dispute: DisputeRow, r: Resolution, now: Date): Promise<DisputeRow> {
  const releaseKurus = escrowedKurus(order) - r.refundKurus;
  const verb = r.refundKurus === 0 ? 'releaseDisputed' : releaseKurus === 0 ? 'refundFully' : 'refundPartly';
  const resolved = await transition(
    tx,
    { table: adminDisputes },
    {
      id: dispute.id,
      rule: disputeTransitions.resolve,
      set: {
        decision: r.decision,
        decisionKurus: r.refundKurus,
        decisionReason: r.reason,
        restock: r.restock,
        decidedBy: r.decidedBy,
        decidedAt: now,
        updatedAt: now,
      },
      refused: () => new AppError('INVALID_STATUS_TRANSITION', m.alreadyDecided),
      record: async () => {},
    },
  );
  await applyOrderTransition(tx, verb, order.id, {
    actor: { role: r.via === 'agreement' ? 'agreement' : 'admin', id: r.decidedBy },
    now,
    details: { decision: r.decision, refundKurus: r.refundKurus, via: r.via },
    refundKurus: r.refundKurus,
    reason: r.via,
    restock: r.restock,
    audit: r.audit,
    refused: () => new AppError('INVALID_STATUS_TRANSITION', m.alreadyDecided),
  });
  const decisionText =
    r.decision === 'release' ? m.decisions.release : `${m.decisions[r.decision]} (${formatKurus(r.refundKurus)})`;
  const note = {
    type: 'dispute_resolved' as const,
    title: m.notifications.decidedTitle,
    message: m.notifications.decidedBody(order.orderNumber, decisionText),
    relatedId: order.id,
  };
  await tellBoth(
    tx,
    order,
    {
      buyer: { ...note, actionUrl: orderPath(order.id) },
      seller: { ...note, actionUrl: dashboardTabPath('orders') },
    },
    {
      template: 'dispute_resolved',
      subject: { buyer: m.mail.decidedSubject(order.orderNumber), seller: m.mail.decidedSubject(order.orderNumber) },
    },
    now,
  );
  return resolved;
}

/** The buyer accepts the seller's refund offer: resolved by agreement, without an admin. */
export async function acceptDisputeOffer(ctx: MemberContext, orderId: string): Promise<Dispute> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, orderId, ctx.user.id, 'buyer');
    const dispute = await findDisputeByOrder(tx, orderId);
    if (!dispute) throw disputeNotFound();
    const offer = dispute.sellerOfferKurus;
    if (dispute.status !== 'seller_answered' || offer === null) {
      throw new AppError('INVALID_STATUS_TRANSITION', m.noOffer);
    }
    const full = offer >= escrowedKurus(order);
    const resolved = await resolve(
      tx,
      order,
      dispute,
      {
        decision: full ? 'full_refund' : 'partial_refund',
        refundKurus: Math.min(offer, escrowedKurus(order)),
        reason: m.agreementReason,
        restock: false,
        decidedBy: ctx.user.id,
        via: 'agreement',
      },
      now,
    );
    return toDispute(resolved);
  });
}

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
          seller: { type: 'dispute_escalated', ...told, relatedId: order.id, actionUrl: dashboardTabPath('orders') },
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
