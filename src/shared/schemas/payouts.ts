import { payoutMessages as pm } from '../messages/payouts.tr.ts';
import { orderStatuses } from '../status.ts';
import { dateRangeShape, refineDateRange } from './date-filter.ts';
import { z } from './zod-tr.ts';

/** IBAN as typed: spaces dropped, letters upper-cased (stored this way). */
export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

/**
 * ISO 13616 check: move the first four characters to the end, letters become 10..35, and the
 * number modulo 97 must be 1. Computed digit by digit, so no big integers are needed.
 */
export function hasValidIbanCheckDigits(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const digits = code >= 65 && code <= 90 ? String(code - 55) : char;
    for (const digit of digits) {
      if (digit < '0' || digit > '9') return false;
      remainder = (remainder * 10 + Number(digit)) % 97;
    }
  }
  return remainder === 1;
}

/** A Turkish IBAN: TR + 24 digits (2 check digits, 5 bank code, 1 reserved, 16 account), check digits verified. */
export const turkishIbanSchema = z
  .string({ error: pm.account.ibanRequired })
  .transform(normalizeIban)
  .superRefine((iban, ctx) => {
    if (iban.length === 0) {
      ctx.addIssue({ code: 'custom', message: pm.account.ibanRequired });
    } else if (/^[A-Z]{2}/.test(iban) && !iban.startsWith('TR')) {
      ctx.addIssue({ code: 'custom', message: pm.account.ibanCountry });
    } else if (!/^TR\d{24}$/.test(iban)) {
      ctx.addIssue({ code: 'custom', message: pm.account.ibanFormat });
    } else if (!hasValidIbanCheckDigits(iban)) {
      ctx.addIssue({ code: 'custom', message: pm.account.ibanCheck });
    }
  });

/** PUT /api/account/payout-account: where the seller's payouts go. */
export const payoutAccountBodySchema = z.object({
  iban: turkishIbanSchema,
  accountHolder: z
    .string({ error: pm.account.holderRequired })
    .trim()
    .min(1, pm.account.holderRequired)
    .min(3, pm.account.holderShort)
    .max(100, pm.account.holderLong),
});
export type PayoutAccountBody = z.input<typeof payoutAccountBodySchema>;

/** The seller's payout account; both null until set. */
export const payoutAccountSchema = z.object({
  iban: z.string().nullable(),
  accountHolder: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** Date range of the account movements (the CSV statement): Turkish calendar days of the order date, both inclusive. */
export const accountMovementsRangeSchema = refineDateRange(z.object(dateRangeShape));
export type AccountMovementsRange = z.infer<typeof accountMovementsRangeSchema>;

export const movementTabs = ['pending', 'paid'] as const;
export type MovementTab = (typeof movementTabs)[number];

/** The range, the tab (Bekleyen Ödemelerim or Hesabıma Aktarılanlar) and one page of it. */
export const accountMovementsQuerySchema = refineDateRange(
  z.object({
    ...dateRangeShape,
    tab: z.enum(movementTabs).default('pending'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
);
export type AccountMovementsQuery = Partial<z.output<typeof accountMovementsQuerySchema>>;

/**
 * One order in the seller's account movements, from the ledger. Pending: money in escrow
 * (`amountPaidKurus` is then what the seller will get at today's commission) or released and
 * owed; paid: paid out (`paidAt` is the payout's date).
 */
export const accountMovementSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  /** The buyer's public handle without "@", null when the buyer has none. */
  buyerHandle: z.string().nullable(),
  createdAt: z.iso.datetime(),
  orderAmountKurus: z.number().int(),
  refundedKurus: z.number().int(),
  commissionKurus: z.number().int(),
  /** E-ticaret stopajı withheld (released money) or to be withheld (money still in escrow). */
  withholdingKurus: z.number().int(),
  /** The withholding rate fixed on the order at payment, in basis points (0: none). */
  withholdingBp: z.number().int(),
  /** What the seller gets (or got) for the order: after commission, withholding and refunds. */
  amountPaidKurus: z.number().int(),
  escrowEndsAt: z.iso.datetime().nullable(),
  paidAt: z.iso.datetime().nullable(),
  state: z.enum(['pending', 'paid']),
  /**
   * The money has left escrow (the buyer was told the seller is paid): a pending row then only
   * waits for the next payout, or for the seller's IBAN when `payoutAccountMissing`.
   */
  isReleased: z.boolean(),
});
export type AccountMovement = z.infer<typeof accountMovementSchema>;

export const accountMovementsSchema = z.object({
  tab: z.enum(movementTabs),
  /** One page of the tab's rows, newest order first. */
  rows: z.array(accountMovementSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Rows in each tab (the tab labels' counts). */
  counts: z.object({ pending: z.number().int(), paid: z.number().int() }),
  /** The seller has no IBAN and holder yet: released money waits for them. */
  payoutAccountMissing: z.boolean(),
  summary: z.object({
    /** Of the pending amount, what has already left escrow (released, waiting for the payout). */
    releasedKurus: z.number().int(),
    /** Bekleyen Ödemeler: the sum of the pending rows' amounts. */
    pendingKurus: z.number().int(),
    /** Hesabıma Aktarılan: the sum of the paid rows' amounts. */
    paidKurus: z.number().int(),
    /** Toplam İşlem: how many rows in all. */
    count: z.number().int(),
  }),
});
export type AccountMovements = z.infer<typeof accountMovementsSchema>;

export const payoutRunResultSchema = z.object({
  paid: z.number().int(),
  skipped: z.number().int(),
  payoutIds: z.array(z.uuid()),
});
export type PayoutRunResult = z.infer<typeof payoutRunResultSchema>;

export const adminPayoutSchema = z.object({
  id: z.uuid(),
  sellerId: z.string(),
  sellerName: z.string().nullable(),
  sellerHandle: z.string().nullable(),
  amountKurus: z.number().int(),
  iban: z.string(),
  accountHolder: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  providerReference: z.string().nullable(),
  orderCount: z.number().int(),
  /** E-ticaret stopajı withheld from the payout's orders at release (from the ledger). */
  withheldKurus: z.number().int(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
});
export const adminPayoutListSchema = z.object({ payouts: z.array(adminPayoutSchema) });
export type AdminPayoutList = z.infer<typeof adminPayoutListSchema>;
