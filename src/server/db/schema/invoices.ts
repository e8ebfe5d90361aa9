import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';
import { users } from './users.ts';

/**
 * The company a store invoices and is invoiced as, one row per store user (absent = the defaults
 * from its approved application). The tax number is not here: it stays the application's.
 */
export const storeBillingProfiles = pgTable('store_billing_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Ticari unvan. */
  companyTitle: text('company_title').notNull(),
  /** Vergi dairesi. */
  taxOffice: text('tax_office').notNull(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  district: text('district'),
  /** e-Fatura mükellefi (true) or invoiced through e-Arşiv (false). */
  isEInvoiceUser: boolean('is_e_invoice_user').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * The seller's invoice of an order, issued by its own e-Fatura/e-Arşiv provider and uploaded here
 * (we carry and check it, we never issue it). One per order; files sit in private storage.
 */
export const orderInvoices = pgTable(
  'order_invoices',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: text('invoice_date').notNull(),
    /** The invoice's ETTN (evrensel tekil tanımlama numarası), a UUID. */
    ettn: uuid('ettn').notNull(),
    pdfKey: text('pdf_key').notNull(),
    pdfName: text('pdf_name').notNull(),
    pdfSizeBytes: bigint('pdf_size_bytes', { mode: 'number' }).notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    xmlKey: text('xml_key'),
    xmlName: text('xml_name'),
    xmlSizeBytes: bigint('xml_size_bytes', { mode: 'number' }),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    /** The buyer's first download; after it the seller can no longer replace the invoice. */
    buyerDownloadedAt: timestamp('buyer_downloaded_at', { withTimezone: true }),
  },
  (t) => [check('order_invoices_date_check', sql`${t.invoiceDate} ~ '^\\d{4}-\\d{2}-\\d{2}$'`)],
);
