import type { Db } from '../../db/client.ts';
import type { PlatformSettings, PublicSettings } from '#shared/schemas/platform-settings.ts';
import type { AdminContext } from '../../lib/context.ts';
import { recordAdminAction } from '../../lib/audit.ts';
import {
  findOldestActiveAdminEmail,
  findPlatformSettings,
  findUserName,
  updatePlatformSettingsRow,
  type PlatformSettingsRow,
} from './platform-settings.repo.ts';

/** The settings the app runs with (VAT, shipping and free-shipping limit, escrow days, low-stock threshold, admin mail). */
export async function getPlatformSettings(db: Db) {
  return findPlatformSettings(db);
}

/** How old the settings a read-only preview (the cart quote) may be; see getRecentPlatformSettings. */
export const RECENT_SETTINGS_MAX_AGE_MS = 5_000;
const recentSettings = new WeakMap<Db, { readAt: number; row: Promise<PlatformSettingsRow> }>();

/**
 * The settings as read at most RECENT_SETTINGS_MAX_AGE_MS ago by this process, for previews only
 * (the cart quote runs on every cart change; this saves it a round trip). Another instance's change
 * shows here within that bound; this instance's own change at once. Anything that commits money
 * reads getPlatformSettings(tx) inside its transaction and compares with what the buyer saw.
 */
export function getRecentPlatformSettings(db: Db): Promise<PlatformSettingsRow> {
  const now = performance.now();
  const cached = recentSettings.get(db);
  if (cached && now - cached.readAt < RECENT_SETTINGS_MAX_AGE_MS) return cached.row;
  // Concurrent callers share the one read in flight; a failed read is not kept.
  const row = findPlatformSettings(db);
  const entry = { readAt: now, row };
  recentSettings.set(db, entry);
  row.catch(() => {
    if (recentSettings.get(db) === entry) recentSettings.delete(db);
  });
  return row;
}

/** Where admin notifications go: the configured address, else the oldest active admin's. */
export async function resolveAdminNotificationEmail(db: Db): Promise<string | null> {
  const settings = await findPlatformSettings(db);
  if (settings.adminNotificationEmail) return settings.adminNotificationEmail;
  return findOldestActiveAdminEmail(db);
}

/** The settings as the admin screen shows them (with who changed them last). */
export async function getPlatformSettingsView(db: Db): Promise<PlatformSettings> {
  const row = await findPlatformSettings(db);
  return toView(row, row.updatedBy ? await findUserName(db, row.updatedBy) : null);
}

/**
 * What every visitor's app may know: VAT, shipping fee and its free-from limit, escrow and inspection days,
 * low-stock threshold, and whether prices include VAT (the "+KDV" / "KDV dahil" labels).
 */
export async function getPublicSettings(db: Db): Promise<PublicSettings> {
  const row = await findPlatformSettings(db);
  return {
    vatRateBp: row.vatRateBp,
    vatRatesByCategory: row.vatRatesByCategory,
    shippingFeeKurus: row.shippingFeeKurus,
    escrowDays: row.escrowDays,
    lowStockThreshold: row.lowStockThreshold,
    freeShippingFromKurus: row.freeShippingFromKurus,
    pricesIncludeVat: row.pricesIncludeVat,
    commissionBp: row.commissionBp,
    inspectionDays: row.inspectionDays,
  };
}

/**
 * Saves the settings (already validated by the schema; the table's CHECK constraints guard the
 * ranges too) and writes the admin audit row, with the old and new values, in one transaction.
 */
export async function updatePlatformSettings(
  ctx: AdminContext,
  input: UpdatePlatformSettingsValues,
): Promise<PlatformSettings> {
  const now = ctx.clock.now();
  // An absent optional field keeps its value: never write (or audit) undefined.
  const values = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as UpdatePlatformSettingsValues;
  const view = await ctx.db.transaction(async (tx) => {
    const before = await findPlatformSettings(tx);
    const after = await updatePlatformSettingsRow(tx, { ...values, updatedAt: now, updatedBy: ctx.user.id });
    const changed = Object.fromEntries(
      (Object.keys(values) as (keyof UpdatePlatformSettingsValues)[])
        // By value: the category rates are an object, equal in content when unchanged.
        .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        .map((key) => [key, { from: before[key], to: after[key] }]),
    );
    await recordAdminAction(
      tx,
      {
        actorId: ctx.user.id,
        action: 'settings_updated',
        targetType: 'platform_settings',
        targetId: '1',
        details: { changed },
        ip: ctx.ip,
      },
      now,
    );
    return toView(after, ctx.user.fullName);
  });
  recentSettings.delete(ctx.db);
  return view;
}

export interface UpdatePlatformSettingsValues {
  vatRateBp: number;
  /** VAT rates by category; absent keeps them. */
  vatRatesByCategory?: Record<string, number>;
  shippingFeeKurus: number;
  escrowDays: number;
  lowStockThreshold: number;
  /** 0 turns free shipping off; absent keeps the current value. */
  freeShippingFromKurus?: number;
  /** Absent keeps the current value. */
  pricesIncludeVat?: boolean;
  adminNotificationEmail: string | null;
  /** Absent keeps the current value. */
  commissionBp?: number;
  /** Absent keeps the current value. */
  withholdingBp?: number;
  /** Absent keeps the current value. */
  shipGraceDays?: number;
  /** Absent keeps the current value. */
  inspectionDays?: number;
  /** Absent keeps the current value. */
  invoiceReminderDays?: number;
  /** Absent keeps the current value. */
  utsTrackedCategories?: string[];
}

function toView(row: PlatformSettingsRow, updatedByName: string | null): PlatformSettings {
  return {
    vatRateBp: row.vatRateBp,
    vatRatesByCategory: row.vatRatesByCategory,
    shippingFeeKurus: row.shippingFeeKurus,
    escrowDays: row.escrowDays,
    lowStockThreshold: row.lowStockThreshold,
    freeShippingFromKurus: row.freeShippingFromKurus,
    pricesIncludeVat: row.pricesIncludeVat,
    adminNotificationEmail: row.adminNotificationEmail,
    commissionBp: row.commissionBp,
    withholdingBp: row.withholdingBp,
    shipGraceDays: row.shipGraceDays,
    inspectionDays: row.inspectionDays,
    invoiceReminderDays: row.invoiceReminderDays,
    utsTrackedCategories: row.utsTrackedCategories,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName,
  };
}
