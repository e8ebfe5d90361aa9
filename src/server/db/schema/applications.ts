import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Membership applications of stores (the spec's user_applications). */
export const userApplications = pgTable(
  'user_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeName: text('store_name').notNull(),
    authorizedPerson: text('authorized_person').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    taxNumber: text('tax_number').notNull(),
    /** ÜTS (Ürün Takip Sistemi) number; optional in the payload. */
    utsNumber: text('uts_number'),
    city: text('city').notNull(),
    district: text('district'),
    additionalInfo: text('additional_info'),
    applicantType: text('applicant_type').notNull().default('store'),
    /** pending → approved | rejected. */
    status: text('status').notNull().default('pending'),
    adminNotes: text('admin_notes'),
    rejectionReason: text('rejection_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The account created on approval. */
    createdUserId: text('created_user_id').references(() => users.id, { onDelete: 'set null' }),
    submitterIp: text('submitter_ip'),
  },
  (t) => [
    check('user_applications_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    // One pending application per e-mail and per tax number, enforced by the database (race-safe).
    uniqueIndex('user_applications_pending_email_uq')
      .on(t.email)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('user_applications_pending_tax_uq')
      .on(t.taxNumber)
      .where(sql`${t.status} = 'pending'`),
    index('user_applications_submitted_idx').on(t.submittedAt),
  ],
);

/** Documents attached to an application (the tax certificate), kept in private storage. */
export const applicationDocuments = pgTable(
  'application_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => userApplications.id, { onDelete: 'cascade' }),
    /** Path inside the private storage root (DATA_DIR/uploads by default). */
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    /** Detected from the content (magic bytes), never taken from the client. */
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('application_documents_application_idx').on(t.applicationId)],
);
