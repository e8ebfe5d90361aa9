import { orderPath, sellerOrderPath } from '#shared/site-paths.ts';
import { disputeMessages as m } from '#shared/messages/disputes.tr.ts';
import type {
  AnswerDisputeBody,
  CreateDisputeBody,
  Dispute,
  DisputeDecision,
  DisputeReason,
} from '#shared/schemas/disputes.ts';
import { disputeTransitions, type DisputeStatus } from '#shared/status.ts';
import type { Db } from '../../db/client.ts';
import { adminDisputes } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserContacts } from '../../lib/user-contacts.ts';
import type { MemberContext } from '../../lib/context.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { formatKurus } from '#shared/money.ts';
import type { Storage } from '../../lib/storage.ts';
import { transition } from '../../lib/transition.ts';
import type { IncomingImage } from '../../lib/images.ts';
import { notify } from '../notifications/index.ts';
import { applyOrderTransition, orderLifecycle, recordOrderEvents, type OrderChange } from '../order-lifecycle/index.ts';
import { disputePhotoKey, removeDisputePhotos, storeDisputePhotos } from '../../lib/photos.ts';
import { findDisputeByOrder, findOrder, insertDispute, type DisputeRow, type OrderRow } from './disputes.repo.ts';
import { plainEmail, tellBoth } from './disputes.mail.ts';

/** The seller answers within this; an answer the buyer does not accept within it goes to the admin too. */
export const DISPUTE_ANSWER_MS = 3 * 24 * 60 * 60 * 1000;

/** Private storage and the photos that came with the request (none from a JSON body). */
export interface FileDeps {
  storage: Storage;
  photos: IncomingImage[];
}

export const orderNotFound = () => new AppError('ORDER_NOT_FOUND');
export const disputeNotFound = () => new AppError('NOT_FOUND', m.disputeNotFound);

/** The money still held in escrow for an order (nothing of a disputed order has been released). */
export function escrowedKurus(order: OrderRow): number {
  return order.totalKurus - order.refundedKurus;
}

export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** The served name of a stored photo: its key without the prefix. */
function fileOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

export function toDispute(row: DisputeRow): Dispute {
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
          actionUrl: sellerOrderPath(order.id),
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
        plainEmail(
          'dispute_answered',
          m.mail.answeredSubject(order.orderNumber),
          [
            `Merhaba ${buyer.name},`,
            note.message,
            offer ? m.mail.answeredOffer(formatKurus(offer)) : m.mail.answeredNoOffer,
          ],
          note.actionUrl,
        ),
        now,
        { relatedTo: `order:${order.id}` },
      );
    }
    return toDispute(dispute);
  });
}

export interface Resolution {
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
export async function resolve(
  tx: Db,
  order: OrderRow,
  dispute: DisputeRow,
  r: Resolution,
  now: Date,
): Promise<DisputeRow> {
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
      seller: { ...note, actionUrl: sellerOrderPath(order.id) },
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
