import { statementMessages } from '../messages/statements.tr.ts';
import { z } from './zod-tr.ts';

/** A calendar month in Turkish time, "yyyy-MM" (the same form as the withholding report's). */
export const statementMonthSchema = z
  .string({ error: statementMessages.monthInvalid })
  .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, statementMessages.monthInvalid);

export const statementParamsSchema = z.object({ month: statementMonthSchema });
export type StatementParams = z.infer<typeof statementParamsSchema>;

const amount = z.number().int();

/** The commission of the month at one VAT rate, and the VAT it contains. */
export const statementCommissionVatSchema = z.object({
  /** The general VAT rate fixed on the sale's checkout (basis points). */
  vatRateBp: z.number().int(),
  commissionKurus: amount,
  vatKurus: amount,
});

/**
 * A store's monthly statement (Aylık Hesap Özeti, decision 043), seller side of the ledger, in kuruş.
 * Balance = escrow still held for the store's sales + what is owed to the store (seller payable).
 * opening + sales − refunds − commission − withholding − payouts = closing.
 */
export const statementSchema = z.object({
  month: z.string(),
  storeTitle: z.string(),
  taxNumber: z.string().nullable(),
  /** What the month's buyers paid into escrow for the store's orders (VAT included). */
  salesKurus: amount,
  /** What escrow gave back to buyers from the store's orders. */
  refundsKurus: amount,
  /** What escrow released to the store (before commission and withholding). */
  releasedKurus: amount,
  /** The platform's commission on the releases, VAT included. */
  commissionKurus: amount,
  /** The VAT contained in the commission (part of commissionKurus, not added to it). */
  commissionVatKurus: amount,
  commissionVat: z.array(statementCommissionVatSchema),
  /** E-ticaret stopajı withheld at release, and its VAT-exclusive base (matrah). */
  withholdingKurus: amount,
  withholdingBaseKurus: amount,
  /** Paid to the store's bank account. */
  payoutsKurus: amount,
  openingEscrowKurus: amount,
  openingPayableKurus: amount,
  openingBalanceKurus: amount,
  closingEscrowKurus: amount,
  closingPayableKurus: amount,
  closingBalanceKurus: amount,
  /** The store as a buyer (not part of the balance): paid by card into escrow for its purchases… */
  purchasesPaidKurus: amount,
  /** …and refunded to it from them. */
  purchasesRefundedKurus: amount,
});
export type Statement = z.infer<typeof statementSchema>;

/** The months a statement may be asked for (today's month is the newest), newest first, for the picker. */
export const STATEMENT_MONTHS = 24;
