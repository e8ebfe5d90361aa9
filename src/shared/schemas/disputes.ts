import { disputeMessages as m } from '../messages/disputes.tr.ts';
import { parseLira } from '../money.ts';
import { disputeStatuses } from '../status.ts';
import { z } from './zod-tr.ts';

/** The kinds of problem a buyer reports (spec part 2 §4 "Sorun Bildir"). */
export const disputeReasons = [
  'damaged',
  'missing_items',
  'wrong_product',
  'not_delivered',
  'counterfeit',
  'other',
] as const;
export type DisputeReason = (typeof disputeReasons)[number];

export const disputeDecisions = ['full_refund', 'partial_refund', 'release'] as const;
export type DisputeDecision = (typeof disputeDecisions)[number];

const text = (required: string, tooLong: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** Photos a buyer or seller may attach to their statement. */
export const DISPUTE_PHOTO_LIMIT = 3;

/** An amount in kuruş; a multipart form sends it as text ("" for none). */
const kurus = z
  .number({ error: m.amountInvalid })
  .int(m.amountInvalid)
  .positive(m.amountInvalid)
  .max(Number.MAX_SAFE_INTEGER, m.amountInvalid);

/** The buyer's problem report. */
export const createDisputeBodySchema = z.object({
  reason: z.enum(disputeReasons, { error: m.reasonRequired }),
  description: text(m.descriptionRequired, m.descriptionTooLong, 2000),
});
export type CreateDisputeBody = z.infer<typeof createDisputeBodySchema>;

/** The seller's answer; an offer is what the seller would refund (at most the escrowed amount). */
export const answerDisputeBodySchema = z.object({
  statement: text(m.statementRequired, m.statementTooLong, 2000),
  offerKurus: z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v)) : v), kurus.nullish()),
});
export type AnswerDisputeBody = z.infer<typeof answerDisputeBodySchema>;

/** The seller's answer form: the offer typed in lira ("10,00", blank for none), read into the body above. */
export const answerDisputeFormSchema = z
  .object({ statement: answerDisputeBodySchema.shape.statement, offer: z.string() })
  .superRefine((v, ctx) => {
    if (v.offer.trim() && !kurus.safeParse(parseLira(v.offer)).success)
      ctx.addIssue({ code: 'custom', path: ['offer'], message: m.amountInvalid });
  })
  .transform((v): AnswerDisputeBody => ({
    statement: v.statement,
    offerKurus: v.offer.trim() ? parseLira(v.offer) : null,
  }));
export type AnswerDisputeFormValues = z.input<typeof answerDisputeFormSchema>;

/** An admin's decision; amountKurus is the refund of a partial refund (the rest goes to the seller). */
export const decideDisputeBodySchema = z.object({
  decision: z.enum(disputeDecisions, { error: m.amountInvalid }),
  amountKurus: kurus.optional(),
  reason: text(m.decisionReasonRequired, m.decisionReasonTooLong, 1000),
  restock: z.boolean().optional().default(false),
});
export type DecideDisputeBody = z.infer<typeof decideDisputeBodySchema>;

/** The admin's decision form: the partial refund typed in lira ("10,00"), read into the body above. */
export const decideDisputeFormSchema = z
  .object({
    decision: decideDisputeBodySchema.shape.decision,
    amount: z.string(),
    reason: decideDisputeBodySchema.shape.reason,
    restock: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'partial_refund' && !kurus.safeParse(parseLira(v.amount)).success)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: m.amountInvalid });
  })
  .transform((v): DecideDisputeBody => ({
    decision: v.decision,
    amountKurus: v.decision === 'partial_refund' ? (parseLira(v.amount) ?? undefined) : undefined,
    reason: v.reason,
    restock: v.restock,
  }));
export type DecideDisputeFormValues = z.input<typeof decideDisputeFormSchema>;

/** A dispute as its buyer, its seller and the admins see it. */
export const disputeSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  reason: z.enum(disputeReasons),
  customerMessage: z.string(),
  /** File names of the buyer's photos (GET /api/orders/:id/dispute/photos/:file). */
  customerPhotos: z.array(z.string()),
  status: z.enum(disputeStatuses),
  sellerMessage: z.string().nullable(),
  sellerPhotos: z.array(z.string()),
  sellerOfferKurus: z.number().int().nullable(),
  sellerAnsweredAt: z.iso.datetime().nullable(),
  answerDueAt: z.iso.datetime(),
  decision: z.enum(disputeDecisions).nullable(),
  decisionKurus: z.number().int().nullable(),
  decisionReason: z.string().nullable(),
  restock: z.boolean(),
  decidedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const adminDisputeRowSchema = disputeSchema.extend({
  orderNumber: z.string(),
  orderStatus: z.string(),
  totalKurus: z.number().int(),
  buyerName: z.string(),
  sellerName: z.string(),
});
export const adminDisputeListSchema = z.object({
  items: z.array(adminDisputeRowSchema),
  /** Disputes an admin must act on (escalated), for the menu badge. */
  waiting: z.number().int(),
});
export type AdminDisputeList = z.infer<typeof adminDisputeListSchema>;

export const adminDisputeDetailSchema = adminDisputeRowSchema.extend({
  escrowedKurus: z.number().int(),
  refundedKurus: z.number().int(),
  cargoCompany: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shippedAt: z.iso.datetime().nullable(),
  lines: z.array(
    z.object({
      productName: z.string(),
      marka: z.string(),
      modelKodu: z.string(),
      quantity: z.number().int(),
      unitPriceKurus: z.number().int(),
      lineTotalKurus: z.number().int(),
    }),
  ),
  events: z.array(
    z.object({
      action: z.string(),
      fromStatus: z.string().nullable(),
      toStatus: z.string().nullable(),
      createdAt: z.iso.datetime(),
    }),
  ),
});
export type AdminDisputeDetail = z.infer<typeof adminDisputeDetailSchema>;
