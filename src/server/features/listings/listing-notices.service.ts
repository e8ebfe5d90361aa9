import { addDaysToDay, formatDate, startOfDayInTurkey, todayInTurkey } from '#shared/dates.ts';
import { notificationMessages } from '#shared/messages/notifications.tr.ts';
import { discountedPrice, formatKurus } from '#shared/money.ts';
import { dashboardSectionPath, productPath } from '#shared/site-paths.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { findPriceDropRecipients } from '../favourites/index.ts';
import { notify } from '../notifications/index.ts';
import {
  findListingStocks,
  lockListingsExpiredBefore,
  lockListingsExpiringBy,
  markMiadExpiredNotified,
  markMiadNotified,
  type ListingRow,
} from './listings.repo.ts';

// What listings tell members: low stock after a sale, price drops to favouriters, expiring miad dates.

/** Where stock notifications lead: the seller's product list, filtered to the listings they are about. */
const PRODUCTS_PATH = dashboardSectionPath('products');
const LOW_STOCK_PATH = `${PRODUCTS_PATH}?filter=low-stock`;

/** A listing's name in notifications: brand and model code. */
function listingName(row: { marka: string; modelKodu: string }): string {
  return `${row.marka} ${row.modelKodu}`;
}

/**
 * After a sale (the payment's transaction): tells each seller whose listing the sale took below
 * the platform's low-stock threshold (it was at or above it before), once per crossing. The
 * threshold comes from the settings the payment's transaction already read (one read per capture).
 */
export async function notifyLowStockAfterSale(
  tx: Db,
  sold: { listingId: string | null; quantity: number }[],
  lowStockThreshold: number,
  now: Date,
): Promise<void> {
  const soldBy = new Map<string, number>();
  for (const line of sold)
    if (line.listingId) soldBy.set(line.listingId, (soldBy.get(line.listingId) ?? 0) + line.quantity);
  if (soldBy.size === 0) return;
  const e = notificationMessages.events;
  const low = (await findListingStocks(tx, [...soldBy.keys()])).filter(
    (l) => l.stock < lowStockThreshold && l.stock + soldBy.get(l.id)! >= lowStockThreshold,
  );
  await notify(
    tx,
    low.map((l) => ({
      userId: l.sellerId,
      type: 'stock_low' as const,
      title: e.stockLowTitle,
      message: e.stockLowBody(listingName(l), l.stock),
      relatedId: l.id,
      actionUrl: LOW_STOCK_PATH,
      actionText: e.stockAction,
    })),
    now,
  );
}

/**
 * In the edit's transaction: when the price a member pays (after the discount) of an active,
 * in-stock listing went down and the listing still offers the same product, tells the members who
 * favour that product (their "Fiyat Değişikliği Bildirimleri" on, not the seller), at most once per
 * member and listing a Turkish day so repeated edits do not flood them. Increases tell no one.
 */
export async function notifyPriceDrop(tx: Db, before: ListingRow, after: ListingRow, now: Date): Promise<void> {
  const oldPrice = discountedPrice(before.priceKurus, before.discountPercent);
  const newPrice = discountedPrice(after.priceKurus, after.discountPercent);
  if (newPrice >= oldPrice || after.status !== 'Aktif' || after.stock <= 0) return;
  if (!after.productId || after.productId !== before.productId) return;
  const recipients = await findPriceDropRecipients(tx, {
    productId: after.productId,
    listingId: after.id,
    sellerId: after.sellerId,
    since: startOfDayInTurkey(todayInTurkey(now)),
  });
  const e = notificationMessages.events;
  await notify(
    tx,
    recipients.map((userId) => ({
      userId,
      type: 'price_dropped' as const,
      title: e.priceDroppedTitle,
      message: e.priceDroppedBody(listingName(after), formatKurus(oldPrice), formatKurus(newPrice)),
      relatedId: after.id,
      // The product page shows this listing's offer first when given its id.
      actionUrl: productPath(after.id),
      actionText: e.priceDroppedAction,
    })),
    now,
  );
}

/** A miat this close (or past) is announced to the seller. */
export const MIAD_NOTICE_DAYS = 30;

/**
 * The daily miat sweep, each notice once per listing and miat (idempotent through
 * miad_expired_notified_at and miad_notified_at, safe on many instances with SKIP LOCKED):
 * - an active listing whose miat has passed (before today in Turkey) no longer sells: its seller is
 *   told so, and to give it a new miat or take it off sale;
 * - an active, in-stock listing whose miat is today or within MIAD_NOTICE_DAYS days: its seller is
 *   told it is coming. A listing first seen already past gets only the first notice.
 * Answers how many listings it announced.
 */
export async function notifyExpiringListings(db: Db, clock: Clock, limit = 100): Promise<number> {
  const now = clock.now();
  const today = todayInTurkey(now);
  const lastDay = addDaysToDay(today, MIAD_NOTICE_DAYS);
  const e = notificationMessages.events;
  return db.transaction(async (tx) => {
    const expired = await lockListingsExpiredBefore(tx, today, limit);
    await markMiadExpiredNotified(
      tx,
      expired.map((l) => l.id),
      now,
    );
    const due = await lockListingsExpiringBy(tx, today, lastDay, limit);
    await markMiadNotified(
      tx,
      due.map((l) => l.id),
      now,
    );
    await notify(
      tx,
      [
        ...expired.map((l) => ({
          userId: l.sellerId,
          type: 'listing_expired' as const,
          title: e.expiredTitle,
          message: e.expiredBody(listingName(l), formatDate(l.miad!)),
          relatedId: l.id,
          actionUrl: PRODUCTS_PATH,
          actionText: e.stockAction,
        })),
        ...due.map((l) => ({
          userId: l.sellerId,
          type: 'listing_expiring' as const,
          title: e.expiringTitle,
          message: e.expiringBody(listingName(l), formatDate(l.miad!)),
          relatedId: l.id,
          actionUrl: PRODUCTS_PATH,
          actionText: e.stockAction,
        })),
      ],
      now,
    );
    return expired.length + due.length;
  });
}
