import { reviewMessages as m } from '../messages/reviews.tr.ts';
import { z } from './zod-tr.ts';

/** The buyer's rating stays editable this long after it was written. */
export const REVIEW_EDIT_DAYS = 14;
export const REVIEW_COMMENT_MAX = 1000;
/** Reviews per page on a store page. */
export const STORE_REVIEWS_PAGE_SIZE = 10;

/** The buyer's rating of an order's seller: 1–5 stars and an optional comment. */
export const reviewBodySchema = z.object({
  rating: z
    .number({ error: m.validation.ratingRequired })
    .int(m.validation.ratingRequired)
    .min(1, m.validation.ratingRequired)
    .max(5, m.validation.ratingRequired),
  comment: z
    .string({ error: m.validation.commentTooLong })
    .trim()
    .max(REVIEW_COMMENT_MAX, m.validation.commentTooLong)
    .default(''),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;
/** What the form holds before parsing (the comment may be absent). */
export type ReviewFormValues = z.input<typeof reviewBodySchema>;

/** The seller's one answer to a review. */
export const replyBodySchema = z.object({
  reply: z
    .string({ error: m.validation.replyRequired })
    .trim()
    .min(1, m.validation.replyRequired)
    .max(REVIEW_COMMENT_MAX, m.validation.replyTooLong),
});
export type ReplyBody = z.infer<typeof replyBodySchema>;

/** A store's rating: the average of its reviews to one decimal (null without reviews) and their count. */
export const storeRatingSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type StoreRating = z.infer<typeof storeRatingSchema>;

/** A review as the buyer, the seller and the store page's visitors see it. */
export const reviewSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  rating: z.number().int(),
  comment: z.string(),
  /** The reviewing store's public handle (shown with @); null when it has none. */
  buyerHandle: z.string().nullable(),
  /** The reviewing store's page address (/magaza/:slug). */
  buyerSlug: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The buyer may edit it until then (created + 14 days). */
  editableUntil: z.iso.datetime(),
});
export type Review = z.infer<typeof reviewSchema>;

/** An order's review as its buyer or seller sees it, with what the caller may do now. */
export const orderReviewSchema = z.object({
  review: reviewSchema.nullable(),
  /** The caller is the buyer and may write (no review yet) or edit (within 14 days) now. */
  canReview: z.boolean(),
  /** The caller is the seller and the review has no answer yet. */
  canReply: z.boolean(),
});
export type OrderReview = z.infer<typeof orderReviewSchema>;

/** A page of a store's reviews, newest first; canReply tells the signed-in owner which ones await an answer. */
export const storeReviewListSchema = z.object({
  items: z.array(reviewSchema.extend({ canReply: z.boolean() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type StoreReviewList = z.infer<typeof storeReviewListSchema>;
