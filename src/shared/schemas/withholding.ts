import { withholdingMessages } from '../messages/withholding.tr.ts';
import { z } from './zod-tr.ts';

/** A calendar month in Turkish time, "yyyy-MM". */
export const withholdingReportQuerySchema = z.object({
  month: z
    .string({ error: withholdingMessages.monthInvalid })
    .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, withholdingMessages.monthInvalid),
});
export type WithholdingReportQuery = z.infer<typeof withholdingReportQuerySchema>;

const amount = z.number().int();

/** What was withheld from one seller's releases in the month. */
export const withholdingReportRowSchema = z.object({
  sellerId: z.string(),
  /** The store name of the approved application, else the account name. */
  storeTitle: z.string(),
  /** From the approved application; null for an account that came without one. */
  taxNumber: z.string().nullable(),
  /** Released to the seller (VAT included), on releases that withheld. */
  grossKurus: amount,
  /** The VAT-exclusive base the withholding was computed on (matrah). */
  baseKurus: amount,
  withheldKurus: amount,
});
export type WithholdingReportRow = z.infer<typeof withholdingReportRowSchema>;

export const withholdingReportSchema = z.object({
  month: z.string(),
  rows: z.array(withholdingReportRowSchema),
  totals: z.object({ grossKurus: amount, baseKurus: amount, withheldKurus: amount }),
});
export type WithholdingReport = z.infer<typeof withholdingReportSchema>;
