import { reviewMessages as m } from '#shared/messages/reviews.tr.ts';
import {
  REVIEW_EDIT_DAYS,
  STORE_REVIEWS_PAGE_SIZE,
  type OrderReview,
  type ReplyBody,
  type Review,
  type ReviewBody,
  type StoreRating,
  type StoreReviewList,
} from '#shared/schemas/reviews.ts';
import { releasedOrderStatuses } from '#shared/status.ts';
import { storePath } from '#shared/site-paths.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberContext, ServiceContext } from '../../lib/context.ts';
import { notify } from '../notifications/index.ts';
import {
  countStoreReviews,
  findOrderForReview,
  findReview,
  findReviewByOrder,
  findStoreRatings,
  findStoreReviews,
  insertReview,
  setReply,
  updateOwnReview,
  type ReviewRow,
} from './reviews.repo.ts';

const EDIT_WINDOW_MS = REVIEW_EDIT_DAYS * 24 * 60 * 60 * 1000;

const orderNotFound = () => new AppError('ORDER_NOT_FOUND');
const reviewNotFound = () => new AppError('NOT_FOUND', m.errors.reviewNotFound);

/** An order may be rated once its money has gone to the seller (confirmed, released, in part or paid out). */
export function isOrderReviewable(status: string): boolean {
  return (releasedOrderStatuses as readonly string[]).includes(status);
}

function editableUntil(row: ReviewRow): Date {
  return new Date(row.createdAt.getTime() + EDIT_WINDOW_MS);
}

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    orderId: row.orderId,
    rating: row.rating,
    comment: row.comment,
    buyerHandle: row.buyerHandle,
    buyerSlug: row.buyerSlug,
    reply: row.reply,
    repliedAt: row.repliedAt ? row.repliedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    editableUntil: editableUntil(row).toISOString(),
  };
}

/** The store page's address of a seller, where its reviews are answered. */
function storeReviewsUrl(slug: string | null): string | null {
  return slug ? `${storePath(slug)}#degerlendirmeler` : null;
}

/** An order's review for its buyer or seller (404 for anyone else), with what the caller may do now. */
export async function getOrderReview(ctx: MemberContext, orderId: string): Promise<OrderReview> {
  const order = await findOrderForReview(ctx.db, orderId);
  const userId = ctx.user.id;
  if (!order || (order.buyerId !== userId && order.sellerId !== userId)) throw orderNotFound();
  const row = await findReviewByOrder(ctx.db, orderId);
  const isBuyer = order.buyerId === userId && order.sellerId !== userId;
  const now = ctx.clock.now();
  return {
    review: row ? toReview(row) : null,
    canReview: isBuyer && isOrderReviewable(order.status) && (!row || now < editableUntil(row)),
    canReply: order.sellerId === userId && row !== null && row.reply === null,
  };
}

/**
 * The buyer rates the order's seller, once per order. Someone else's order answers 404, the
 * seller's own sale 403, an order whose money has not reached the seller 409, a second review 409.
 * The seller is notified in the same transaction.
 */
export async function createReview(ctx: MemberContext, orderId: string, body: ReviewBody): Promise<Review> {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    const order = await findOrderForReview(tx, orderId);
    if (!order) throw orderNotFound();
    if (order.sellerId === ctx.user.id) throw new AppError('FORBIDDEN', m.errors.ownStore);
    if (order.buyerId !== ctx.user.id) throw orderNotFound();
    if (!isOrderReviewable(order.status)) throw new AppError('INVALID_STATUS_TRANSITION', m.errors.notEligible);
    const inserted = await insertReview(tx, {
      orderId: order.id,
      sellerId: order.sellerId,
      buyerId: order.buyerId,
      rating: body.rating,
      comment: body.comment,
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted) throw new AppError('CONFLICT', m.errors.alreadyReviewed);
    await notify(
      tx,
      [
        {
          userId: order.sellerId,
          type: 'review_received',
          title: m.notification.title,
          message: m.notification.message(order.orderNumber, body.rating),
          relatedId: order.id,
          actionUrl: storeReviewsUrl(order.sellerSlug),
          actionText: m.notification.action,
        },
      ],
      now,
    );
    return inserted;
  });
  return toReview((await findReview(ctx.db, id))!);
}

/** The buyer edits their review within 14 days of writing it (403 for anyone else, 409 afterwards). */
export async function editReview(ctx: MemberContext, reviewId: string, body: ReviewBody): Promise<Review> {
  const now = ctx.clock.now();
  const before = await findReview(ctx.db, reviewId);
  if (!before) throw reviewNotFound();
  if (before.buyerId !== ctx.user.id) throw new AppError('FORBIDDEN', m.errors.notYourReview);
  // The window is checked in the UPDATE itself, so the answer and the change agree.
  const updated = await updateOwnReview(ctx.db, {
    id: reviewId,
    buyerId: ctx.user.id,
    createdAfter: new Date(now.getTime() - EDIT_WINDOW_MS),
    rating: body.rating,
    comment: body.comment,
    now,
  });
  if (!updated) throw new AppError('CONFLICT', m.errors.editWindowClosed);
  return toReview((await findReview(ctx.db, reviewId))!);
}

/** The reviewed seller answers once (403 for anyone else, 409 for a second answer). */
export async function replyToReview(ctx: MemberContext, reviewId: string, body: ReplyBody): Promise<Review> {
  const before = await findReview(ctx.db, reviewId);
  if (!before) throw reviewNotFound();
  if (before.sellerId !== ctx.user.id) throw new AppError('FORBIDDEN', m.errors.notYourStore);
  const replied = await setReply(ctx.db, {
    id: reviewId,
    sellerId: ctx.user.id,
    reply: body.reply,
    now: ctx.clock.now(),
  });
  if (!replied) throw new AppError('CONFLICT', m.errors.alreadyReplied);
  return toReview((await findReview(ctx.db, reviewId))!);
}

const noRating: StoreRating = { average: null, count: 0 };

/** Each store's average and count (stores without reviews get { average: null, count: 0 }). */
export async function ratingsOfStores(db: Db, sellerIds: string[]): Promise<Map<string, StoreRating>> {
  const rows = await findStoreRatings(db, [...new Set(sellerIds)]);
  const byId = new Map(rows.map((r) => [r.sellerId, { average: r.average, count: r.count }]));
  return new Map(sellerIds.map((id) => [id, byId.get(id) ?? noRating]));
}

/** A page of a store's reviews, newest first; its signed-in owner sees which ones it may answer. */
export async function listStoreReviews(
  ctx: ServiceContext,
  input: { sellerId: string; page: number },
): Promise<StoreReviewList> {
  const pageSize = STORE_REVIEWS_PAGE_SIZE;
  const [rows, total] = await Promise.all([
    findStoreReviews(ctx.db, input.sellerId, pageSize, (input.page - 1) * pageSize),
    countStoreReviews(ctx.db, input.sellerId),
  ]);
  const isOwner = ctx.user?.id === input.sellerId;
  return {
    items: rows.map((row) => ({ ...toReview(row), canReply: isOwner && row.reply === null })),
    total,
    page: input.page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}
