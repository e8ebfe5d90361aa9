import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AdminAction } from '#shared/security-log.ts';
import { INSPECTION_DAYS } from '#shared/constants.ts';
import { users } from './users.ts';

/** Every role change, with who made it and why (the spec's role_change_audit). */
export const roleChangeAudit = pgTable(
  'role_change_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    changedBy: text('changed_by').references(() => users.id, { onDelete: 'set null' }),
    oldRole: text('old_role').notNull(),
    newRole: text('new_role').notNull(),
    reason: text('reason').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('role_change_audit_changed_idx').on(t.changedAt)],
);

/** Every admin action (approve, reject, role change, delete, settings ...), written in the action's transaction. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').$type<AdminAction>().notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('admin_audit_log_created_idx').on(t.createdAt),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Platform settings, one row (id = 1), edited in /admin/settings and read by the app. */
export const platformSettings = pgTable(
  'platform_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** The general VAT rate (20 % since July 2023): the rate of a category without its own (decision 039). */
    vatRateBp: integer('vat_rate_bp').notNull().default(2000),
    /**
     * VAT rates by listing category (kategori id → basis points), e.g. a reduced 10 % for one
     * category; a category not named here takes vat_rate_bp. Validated by the settings schema.
     */
    vatRatesByCategory: jsonb('vat_rates_by_category').$type<Record<string, number>>().notNull().default({}),
    shippingFeeKurus: bigint('shipping_fee_kurus', { mode: 'number' }).notNull().default(2500),
    escrowDays: integer('escrow_days').notNull().default(15),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(10),
    /** A seller group whose goods subtotal reaches this ships free; 0 turns free shipping off. */
    freeShippingFromKurus: bigint('free_shipping_from_kurus', { mode: 'number' }).notNull().default(100000),
    /** When on, listing prices contain VAT (shown as the part inside); off: VAT is added on top. */
    pricesIncludeVat: boolean('prices_include_vat').notNull().default(false),
    /** The platform's commission on each released order, in basis points (0 = none). */
    commissionBp: integer('commission_bp').notNull().default(0),
    /**
     * E-ticaret stopajı: income tax withheld from the seller on each release, in basis points of
     * the released amount's VAT-exclusive part (100 = 1 %, 0 = off; decision 041).
     */
    withholdingBp: integer('withholding_bp').notNull().default(100),
    /** Days a seller has after the listing's handling days to ship before the order is cancelled. */
    shipGraceDays: integer('ship_grace_days').notNull().default(2),
    /**
     * Days the buyer has to look at shipped goods ("7 gün iade"): a shipped order is not released
     * automatically before shipped + these days (decision 034).
     */
    inspectionDays: integer('inspection_days').notNull().default(INSPECTION_DAYS),
    /** Days after shipping without an invoice before the seller is reminded (once). */
    invoiceReminderDays: integer('invoice_reminder_days').notNull().default(2),
    /** Catalogue category ids whose goods are tracked in ÜTS (the ship dialog asks for their units; decision 044). */
    utsTrackedCategories: jsonb('uts_tracked_categories').$type<string[]>().notNull().default(['lens']),
    /** Where new-application e-mails go; null = the first admin's address. */
    adminNotificationEmail: text('admin_notification_email'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('platform_settings_single_row', sql`${t.id} = 1`),
    check('platform_settings_inspection_days', sql`${t.inspectionDays} between 1 and 30`),
    check(
      'platform_settings_ranges',
      sql`${t.vatRateBp} between 0 and 10000 and ${t.shippingFeeKurus} >= 0 and ${t.escrowDays} between 1 and 90 and ${t.lowStockThreshold} >= 0 and ${t.freeShippingFromKurus} >= 0 and ${t.commissionBp} between 0 and 5000 and ${t.withholdingBp} between 0 and 1000 and ${t.shipGraceDays} between 0 and 30`,
    ),
    check('platform_settings_invoice_reminder_days', sql`${t.invoiceReminderDays} between 1 and 30`),
  ],
);
