import { billingProfileMessages, invoiceMessages } from '../messages/invoices.tr.ts';
import { isProvince } from '../provinces.ts';
import { z } from './zod-tr.ts';

const b = billingProfileMessages;
const i = invoiceMessages;

/** Invoice files (PDF, optional UBL XML) are capped like the application documents. */
export const INVOICE_FILE_MAX_BYTES = 10 * 1024 * 1024;

/** PUT /api/me/billing-profile: what the store may change (not its tax number). */
export const billingProfileBodySchema = z.object({
  companyTitle: z.string({ error: b.companyTitleMin }).trim().min(2, b.companyTitleMin).max(200, b.companyTitleMax),
  taxOffice: z.string({ error: b.taxOfficeMin }).trim().min(2, b.taxOfficeMin).max(100, b.taxOfficeMax),
  address: z.string({ error: b.addressMin }).trim().min(10, b.addressMin).max(500, b.addressMax),
  city: z.string({ error: b.cityInvalid }).trim().refine(isProvince, b.cityInvalid),
  district: z
    .string()
    .trim()
    .max(100, b.districtMax)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  /** e-Fatura mükellefi (true) or e-Arşiv (false). */
  isEInvoiceUser: z.boolean(),
});
export type BillingProfileBody = z.input<typeof billingProfileBodySchema>;
export type BillingProfileInput = z.output<typeof billingProfileBodySchema>;

/** The billing party as shown and snapshotted onto orders. */
export const billingPartySchema = z.object({
  companyName: z.string(),
  taxNumber: z.string(),
  city: z.string(),
  district: z.string().nullable(),
  /** Absent on orders placed before billing profiles existed. */
  taxOffice: z.string().optional(),
  address: z.string().optional(),
  isEInvoiceUser: z.boolean().optional(),
});
export type BillingPartyView = z.infer<typeof billingPartySchema>;

/** GET /api/me/billing-profile: the saved profile, or the defaults from the approved application. */
export const billingProfileSchema = z.object({
  companyTitle: z.string(),
  taxOffice: z.string(),
  address: z.string(),
  city: z.string(),
  district: z.string().nullable(),
  isEInvoiceUser: z.boolean(),
  /** From the approved application; read-only. */
  taxNumber: z.string(),
  /** False while the defaults from the application are shown. */
  isSaved: z.boolean(),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;

/** GİB invoice numbers: a 3-character series, the 4-digit year and a 9-digit sequence. */
export const INVOICE_NUMBER_PATTERN = /^[A-Z0-9]{3}\d{13}$/;
const ETTN_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The text fields of the invoice upload (multipart); the server checks the date against the order and its clock. */
export const invoiceFieldsSchema = z.object({
  invoiceNumber: z
    .string({ error: i.invoiceNumberInvalid })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(INVOICE_NUMBER_PATTERN, i.invoiceNumberInvalid)),
  /** YYYY-MM-DD. */
  invoiceDate: z.string({ error: i.invoiceDateInvalid }).trim().refine(isCalendarDate, i.invoiceDateInvalid),
  /** Evrensel tekil tanımlama numarası: a UUID, stored lower-case. */
  ettn: z
    .string({ error: i.ettnInvalid })
    .trim()
    .regex(ETTN_PATTERN, i.ettnInvalid)
    .transform((v) => v.toLowerCase()),
});
export type InvoiceFields = z.input<typeof invoiceFieldsSchema>;
export type InvoiceFieldValues = z.output<typeof invoiceFieldsSchema>;

/** An order's invoice as both stores see it (the files are downloaded separately). */
export const orderInvoiceSchema = z.object({
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  ettn: z.string(),
  hasXml: z.boolean(),
  uploadedAt: z.iso.datetime(),
  /** The seller may replace it until the buyer has downloaded it. */
  canReplace: z.boolean(),
});
export type OrderInvoice = z.infer<typeof orderInvoiceSchema>;

/**
 * Statuses on which the seller may upload the invoice: paid and after, not cancelled or wholly
 * refunded. A disputed or partly refunded sale still has to be invoiced (the kept goods, or the
 * goods until the dispute ends), so both are here.
 */
export const invoiceableStatuses = [
  'paid_escrow',
  'shipped',
  'delivery_confirmed',
  'disputed',
  'released',
  'partially_refunded',
  'completed',
] as const;
