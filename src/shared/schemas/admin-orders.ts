import { adminOrderMessages } from '../messages/admin-orders.tr.ts';
import { orderStatuses } from '../status.ts';
import { pageSchema } from './common.ts';
import { dateFilterSchema, dateRangeShape, refineDateRange } from './date-filter.ts';
import { orderActionsSchema } from './orders.ts';
import { z } from './zod-tr.ts';

/** The admin orders desk search: text (order number or store), status, created-date range (Istanbul days). */
export const adminOrdersQuerySchema = refineDateRange(
  z.object({
    q: z.string().trim().max(100).optional(),
    status: z.enum(orderStatuses).optional(),
    /** "Faturasız": paid (or later) orders whose seller has not uploaded the invoice. */
    invoice: z.enum(['missing']).optional(),
    ...dateRangeShape,
    page: pageSchema,
  }),
);
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** The desk's search form: the query's fields as typed ("" for any), put into the address as they are. */
export const adminOrdersFilterFormSchema = refineDateRange(
  z.object({
    q: z.string().trim().max(100),
    status: z.union([z.literal(''), z.enum(orderStatuses)]),
    invoice: z.union([z.literal(''), z.literal('missing')]),
    from: z.union([z.literal(''), dateFilterSchema]),
    to: z.union([z.literal(''), dateFilterSchema]),
  }),
);
export type AdminOrdersFilterForm = z.infer<typeof adminOrdersFilterFormSchema>;

const partySchema = z.object({ id: z.string(), name: z.string(), handle: z.string().nullable() });

export const adminOrderRowSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: z.enum(orderStatuses),
  buyer: partySchema,
  seller: partySchema,
  totalKurus: z.number().int(),
  refundedKurus: z.number().int(),
  /** Money escrow holds for the order now: the credit balance of its 'escrow' ledger entries. */
  escrowHeldKurus: z.number().int(),
  /** The dispute decisions an admin may take on the order now (from the server's order table). */
  actions: orderActionsSchema,
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Everything escrow holds now, across all orders (ledger account 'escrow'). */
  escrowHeldKurus: z.number().int(),
  /** Orders per status, over the whole table. */
  statusCounts: z.partialRecord(z.enum(orderStatuses), z.number().int()),
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const adminOrderDetailSchema = adminOrderRowSchema.extend({
  subtotalKurus: z.number().int(),
  shippingKurus: z.number().int(),
  vatKurus: z.number().int(),
  discountKurus: z.number().int(),
  paidAt: z.string().nullable(),
  escrowEndsAt: z.string().nullable(),
  shippingAddress: z.record(z.string(), z.unknown()).nullable(),
  billingParty: z.record(z.string(), z.unknown()).nullable(),
  lines: z.array(
    z.object({
      id: z.uuid(),
      marka: z.string(),
      modelKodu: z.string(),
      productName: z.string(),
      barcode: z.string().nullable(),
      unitPriceKurus: z.number().int(),
      quantity: z.number().int(),
      lineTotalKurus: z.number().int(),
    }),
  ),
  payment: z
    .object({
      status: z.string(),
      cardBrand: z.string().nullable(),
      cardLastFour: z.string().nullable(),
      installments: z.number().int(),
    })
    .nullable(),
  shipment: z.object({
    cargoCompany: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    shippedAt: z.string().nullable(),
  }),
  timeline: z.array(
    z.object({
      id: z.uuid(),
      action: z.string(),
      fromStatus: z.string().nullable(),
      toStatus: z.string().nullable(),
      actorId: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Ledger lines of the order; signed kuruş (positive = debit, negative = credit). */
  ledger: z.array(
    z.object({
      id: z.number().int(),
      account: z.string(),
      amountKurus: z.number().int(),
      memo: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  providerJobs: z.array(
    z.object({
      id: z.uuid(),
      kind: z.string(),
      amountKurus: z.number().int(),
      status: z.string(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  dispute: z.object({ id: z.uuid(), status: z.string(), reason: z.string() }).nullable(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/**
 * Money waiting on the provider (decision 038): payments whose bank answer was lost, refunds not yet
 * known to be made, and voids of late captures. `needsAttention`: the automatic retries are used up.
 */
export const adminWaitingMoneySchema = z.object({
  payments: z.array(
    z.object({
      id: z.uuid(),
      groupId: z.uuid(),
      amountKurus: z.number().int(),
      /** pending while unknown; failed when the checkout was closed meanwhile (a capture is then voided). */
      status: z.enum(['pending', 'succeeded', 'failed']),
      unknownSince: z.iso.datetime(),
      checkAttempts: z.number().int(),
      nextCheckAt: z.iso.datetime().nullable(),
      needsAttention: z.boolean(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.uuid(),
      orderId: z.uuid(),
      orderNumber: z.string(),
      amountKurus: z.number().int(),
      status: z.enum(['pending', 'failed']),
      /** Sent to the provider with no answer yet: it is looked up before any resend. */
      isSent: z.boolean(),
      attempts: z.number().int(),
      createdAt: z.iso.datetime(),
      nextAttemptAt: z.iso.datetime(),
      lastError: z.string().nullable(),
      needsAttention: z.boolean(),
    }),
  ),
  voids: z.array(
    z.object({
      paymentId: z.uuid(),
      groupId: z.uuid(),
      amountKurus: z.number().int(),
      status: z.enum(['pending', 'failed']),
      attempts: z.number().int(),
      capturedAt: z.iso.datetime().nullable(),
      nextAttemptAt: z.iso.datetime().nullable(),
      lastError: z.string().nullable(),
      needsAttention: z.boolean(),
    }),
  ),
  /** Orders whose seller payout at the provider differs from the share our ledger books (decision 037). */
  payoutMismatches: z.array(
    z.object({
      paymentId: z.uuid(),
      orderId: z.uuid(),
      expectedKurus: z.number().int(),
      providerKurus: z.number().int(),
      capturedAt: z.iso.datetime().nullable(),
    }),
  ),
});
export type AdminWaitingMoney = z.infer<typeof adminWaitingMoneySchema>;

const waitingErrors = adminOrderMessages.waiting.errors;

/** A payment on the waiting list (":id" of the check, void-retry and payout-review actions). */
export const waitingPaymentParamsSchema = z.object({ id: z.uuid({ error: waitingErrors.invalidPaymentId }) });
export type WaitingPaymentParams = z.infer<typeof waitingPaymentParamsSchema>;

/** A refund or release provider job on the waiting list (":id" of its retry). */
export const waitingProviderJobParamsSchema = z.object({
  id: z.uuid({ error: waitingErrors.invalidProviderJobId }),
});
export type WaitingProviderJobParams = z.infer<typeof waitingProviderJobParamsSchema>;

/** What an admin action on the waiting list answers: a Turkish line for the toast. */
export const waitingActionResultSchema = z.object({ message: z.string() });
export type WaitingActionResult = z.infer<typeof waitingActionResultSchema>;
