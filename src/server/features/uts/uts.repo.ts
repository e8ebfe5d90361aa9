import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { utsNotifications, utsTransfers } from '../../db/schema/uts.ts';

export type NewUtsTransfer = typeof utsTransfers.$inferInsert;

/**
 * The order's lines with the category they are tracked by: the listing's kategori at this moment,
 * or the catalogue product's category when the listing is gone (order lines keep no category;
 * decision 044). Null when neither is left.
 */
export async function findOrderLinesWithCategory(db: Db, orderId: string) {
  return selectRows<{
    id: string;
    product_name: string;
    marka: string;
    model_kodu: string;
    barcode: string | null;
    quantity: number;
    category: string | null;
  }>(
    db,
    sql`select oi.id, oi.product_name, oi.marka, oi.model_kodu, oi.barcode, oi.quantity,
               coalesce(l.kategori, cp.category) as category
          from order_items oi
          left join listings l on l.id = oi.listing_id
          left join catalogue_products cp on cp.id = oi.product_id
         where oi.order_id = ${orderId}
         order by oi.created_at, oi.id`,
  );
}

export async function insertUtsTransfers(tx: Db, rows: NewUtsTransfer[]): Promise<void> {
  if (rows.length > 0) await tx.insert(utsTransfers).values(rows);
}

/** The order's parties and status, for the ownership check of a tick. */
export async function findOrderParties(db: Db, orderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      sellerId: orders.sellerId,
      buyerId: orders.buyerId,
      shippedAt: orders.shippedAt,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? null;
}

export async function hasUtsTransfers(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: utsTransfers.id })
    .from(utsTransfers)
    .where(eq(utsTransfers.orderId, orderId))
    .limit(1);
  return row !== undefined;
}

/**
 * Sets the side's notified time once (a second tick keeps the first time) and answers the time in
 * force, with whether this call set it.
 */
export async function markUtsNotified(
  tx: Db,
  orderId: string,
  side: 'verme' | 'alma',
  now: Date,
): Promise<{ notifiedAt: Date; isNew: boolean }> {
  const column = side === 'verme' ? 'utsSellerNotifiedAt' : 'utsBuyerNotifiedAt';
  await tx.insert(utsNotifications).values({ orderId }).onConflictDoNothing();
  const [updated] = await tx
    .update(utsNotifications)
    .set({ [column]: now })
    .where(and(eq(utsNotifications.orderId, orderId), sql`${utsNotifications[column]} is null`))
    .returning();
  if (updated) return { notifiedAt: now, isNew: true };
  const [row] = await tx.select().from(utsNotifications).where(eq(utsNotifications.orderId, orderId));
  return { notifiedAt: row![column]!, isNew: false };
}

/**
 * One side's transfers of the Turkish calendar month `month` (yyyy-MM) by shipping time: the
 * seller's outgoing (verme) or the buyer's incoming (alma), with the other party's store title and
 * ÜTS number from its approved application.
 */
export async function findUtsReportRows(db: Db, side: 'verme' | 'alma', userId: string, month: string) {
  const start = sql`(${`${month}-01`}::date)::timestamp at time zone 'Europe/Istanbul'`;
  const end = sql`((${`${month}-01`}::date + interval '1 month'))::timestamp at time zone 'Europe/Istanbul'`;
  const mine = side === 'verme' ? sql`o.seller_id` : sql`o.buyer_id`;
  const other = side === 'verme' ? sql`o.buyer_id` : sql`o.seller_id`;
  const notified = side === 'verme' ? sql`n.uts_seller_notified_at` : sql`n.uts_buyer_notified_at`;
  return selectRows<{
    id: string;
    order_id: string;
    order_number: string;
    shipped_at: Date | string;
    counterparty_title: string;
    counterparty_uts_number: string | null;
    product_name: string;
    gtin: string;
    lot: string | null;
    serial: string | null;
    expiry: string | null;
    quantity: number;
    notified_at: Date | string | null;
  }>(
    db,
    sql`select t.id, t.order_id, o.order_number, o.shipped_at,
               coalesce(a.store_name, u.full_name) as counterparty_title, a.uts_number as counterparty_uts_number,
               oi.product_name, t.gtin, t.lot, t.serial, t.expiry::text as expiry, t.quantity,
               ${notified} as notified_at
          from uts_transfers t
          join orders o on o.id = t.order_id
          join order_items oi on oi.id = t.order_line_id
          join users u on u.id = ${other}
          left join uts_notifications n on n.order_id = o.id
          left join lateral (
            select ua.store_name, ua.uts_number from user_applications ua
             where ua.created_user_id = ${other} and ua.status = 'approved'
             order by ua.submitted_at desc limit 1) a on true
         where ${mine} = ${userId} and o.shipped_at >= ${start} and o.shipped_at < ${end}
         order by o.shipped_at, o.order_number, oi.created_at, oi.id, t.serial nulls first, t.lot, t.id`,
  );
}
