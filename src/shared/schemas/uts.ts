import { isValidGtin } from '../barcode.ts';
import { toGtin14 } from '../gs1.ts';
import { utsMessages } from '../messages/uts.tr.ts';
import { z } from './zod-tr.ts';

const s = utsMessages.ship;
const LOT_OR_SERIAL = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;

/** Empty text means "not given". */
const optionalText = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string({ error: message }).regex(LOT_OR_SERIAL, message).optional(),
  );

/**
 * One group of shipped units of a tracked line: a serial number is one unit; a lot may be many.
 * The GTIN is stored as GTIN-14 (a catalogue EAN-13 left-padded with a zero).
 */
export const utsUnitSchema = z
  .object({
    /** ÜTS "ürün numarası": the box's GTIN (8, 12, 13 or 14 digits, check digit verified). */
    gtin: z
      .string({ error: s.gtinInvalid })
      .trim()
      .refine((v) => isValidGtin(v), s.gtinInvalid)
      .transform(toGtin14),
    lot: optionalText(s.lotInvalid),
    serial: optionalText(s.serialInvalid),
    /** Son kullanma tarihi, yyyy-MM-dd. */
    expiry: z.preprocess((v) => (v === '' ? undefined : v), z.iso.date({ error: s.expiryInvalid }).optional()),
    quantity: z
      .number({ error: s.quantityInvalid })
      .int(s.quantityInvalid)
      .min(1, s.quantityInvalid)
      .max(100_000, s.quantityInvalid),
  })
  .superRefine((unit, ctx) => {
    if (!unit.lot && !unit.serial) ctx.addIssue({ code: 'custom', message: s.lotOrSerialRequired, path: ['lot'] });
    if (unit.serial && unit.quantity !== 1) {
      ctx.addIssue({ code: 'custom', message: s.serialQuantityOne, path: ['quantity'] });
    }
  });
export type UtsUnit = z.output<typeof utsUnitSchema>;
export type UtsUnitInput = z.input<typeof utsUnitSchema>;

/** The units shipped for one tracked order line. */
export const utsLineUnitsSchema = z.object({
  orderLineId: z.uuid({ error: s.unknownLine }),
  units: z.array(utsUnitSchema).min(1).max(1_000),
});
export type UtsLineUnits = z.output<typeof utsLineUnitsSchema>;

/** A tracked line as the ship dialog and the server check it. */
export interface UtsTrackedLine {
  orderLineId: string;
  productName: string;
  barcode: string | null;
  quantity: number;
}

/**
 * The rules between a line and its units that need the line: the GTIN is the line's catalogue
 * barcode (compared as GTIN-14), quantities add up to the line's, no serial twice. Null when fine.
 */
export function checkUtsLineUnits(line: UtsTrackedLine, units: readonly UtsUnit[]): string | null {
  if (units.length === 0) return s.unitsMissing(line.productName);
  if (!line.barcode) return s.noBarcode(line.productName);
  const expected = toGtin14(line.barcode);
  if (units.some((u) => u.gtin !== expected)) return s.gtinMismatch(line.productName);
  const serials = units.flatMap((u) => (u.serial ? [u.serial] : []));
  if (new Set(serials).size !== serials.length) return s.serialDuplicate;
  const total = units.reduce((sum, u) => sum + u.quantity, 0);
  if (total !== line.quantity) return s.quantityMismatch(line.productName, total, line.quantity);
  return null;
}

/** GET /api/orders/:id/uts/lines: the order's ÜTS-tracked lines, for the ship dialog. */
export const utsTrackedLineSchema = z.object({
  orderLineId: z.uuid(),
  productName: z.string(),
  marka: z.string(),
  modelKodu: z.string(),
  barcode: z.string().nullable(),
  quantity: z.number().int(),
});
export const utsTrackedLinesSchema = z.object({ lines: z.array(utsTrackedLineSchema) });
export type UtsTrackedLines = z.infer<typeof utsTrackedLinesSchema>;

/** A calendar month in Turkish time, "yyyy-MM" (the query's Turkish name "ay"). */
export const utsReportQuerySchema = z.object({
  ay: z.string({ error: utsMessages.monthInvalid }).regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, utsMessages.monthInvalid),
});
export type UtsReportQuery = z.infer<typeof utsReportQuerySchema>;

/** One transferred unit group, for one side's notification (verme for the seller, alma for the buyer). */
export const utsReportRowSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderNumber: z.string(),
  shippedAt: z.iso.datetime(),
  /** The other party's store title (the buyer on verme, the seller on alma). */
  counterpartyTitle: z.string(),
  /** The other party's ÜTS kurum numarası; null when its application has none. */
  counterpartyUtsNumber: z.string().nullable(),
  productName: z.string(),
  gtin: z.string(),
  lot: z.string().nullable(),
  serial: z.string().nullable(),
  expiry: z.string().nullable(),
  quantity: z.number().int(),
  /** When the caller's side ticked that it notified ÜTS of this order; null if not yet. */
  notifiedAt: z.iso.datetime().nullable(),
});
export type UtsReportRow = z.infer<typeof utsReportRowSchema>;

export const utsReportSchema = z.object({
  month: z.string(),
  side: z.enum(['verme', 'alma']),
  rows: z.array(utsReportRowSchema),
});
export type UtsReport = z.infer<typeof utsReportSchema>;

/** POST /api/orders/:id/uts/bildirildi answers when the caller's side ticked it. */
export const utsNotifiedResultSchema = z.object({
  orderId: z.uuid(),
  side: z.enum(['verme', 'alma']),
  notifiedAt: z.iso.datetime(),
});
export type UtsNotifiedResult = z.infer<typeof utsNotifiedResultSchema>;
