import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { orders, payouts } from '../../db/schema/orders.ts';
import { sellerPaymentAccounts } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { SELLER_PAYABLE_ACCOUNT, WITHHOLDING_PAYABLE_ACCOUNT } from '../../lib/ledger.ts';
import { orderBalancesSql } from '../../lib/seller-pending.ts';

export async function findPayoutAccount(db: Db, userId: string) {
  const [row] = await db
    .select({ iban: sellerPaymentAccounts.iban, accountHolder: sellerPaymentAccounts.accountHolder })
    .from(sellerPaymentAccounts)
    .where(eq(sellerPaymentAccounts.userId, userId));
  return row ?? null;
}

/** Sets the IBAN and holder, keeping the admin's sub-merchant key (the row may not exist yet). */
export async function upsertPayoutAccount(
  db: Db,
  userId: string,
  values: { iban: string; accountHolder: string },
  now: Date,
) {
  await db
    .insert(sellerPaymentAccounts)
    .values({ userId, ...values, updatedAt: now, updatedBy: userId })
    .onConflictDoUpdate({
      target: sellerPaymentAccounts.userId,
      set: { ...values, updatedAt: now, updatedBy: userId },
    });
}

export interface MovementRow {
  id: string;
  order_number: string;
  status: string;
  created_at: Date | string;
  total_kurus: string;
  escrow_ends_at: Date | string | null;
  payout_id: string | null;
  payout_paid_at: Date | string | null;
  buyer_handle: string | null;
  /** Escrow's credit balance for the order: what it still holds. */
  held: string;
  /** Credited to the seller in all (releases). */
  payable_credited: string;
  /** Still owed to the seller (releases minus payouts). */
  payable_balance: string;
  commission: string;
  /** The commission rate fixed on the order at payment (null: never paid). */
  commission_bp: number | null;
  /** Withheld at release (e-ticaret stopajı, decision 041). */
  withholding: string;
  /** The withholding rate fixed on the order at payment (null: never paid, or paid before withholding). */
  withholding_bp: number | null;
  /** The order's VAT (the withholding base is VAT-exclusive). */
  vat_kurus: string;
  /** Given back to the buyer's card (refund journals carry the order on their clearing leg). */
  refunded: string;
}

type MovementRange = { from?: string; to?: string };

/** The seller's orders created within the Turkish calendar days [from, to] (both inclusive). */
function movementOrdersWhere(sellerId: string, range: MovementRange, extra: SQL[] = []): SQL {
  const conditions: SQL[] = [sql`o.seller_id = ${sellerId}`, ...extra];
  // Calendar days in Turkey, both ends inclusive: [from 00:00, to + 1 day 00:00) Istanbul time.
  if (range.from) conditions.push(sql`o.created_at >= (${range.from}::date)::timestamp at time zone 'Europe/Istanbul'`);
  if (range.to) conditions.push(sql`o.created_at < (${range.to}::date + 1)::timestamp at time zone 'Europe/Istanbul'`);
  return sql.join(conditions, sql` and `);
}

/** The orders of `where`, newest first, with their ledger balances; orders the ledger never touched are left out. */
function selectMovementRows(db: Db, where: SQL, page?: { limit: number; offset: number }) {
  // A page's ids first, from the index alone (the seller's paid and pending indexes end with the
  // page's order), then only those orders' rows: a deep offset skips index entries, not rows.
  const selected = page
    ? sql`select o.* from orders o
           where o.id in (select o.id from orders o where ${where}
                           order by o.created_at desc, o.id desc limit ${page.limit} offset ${page.offset})`
    : sql`select o.* from orders o where ${where}`;
  return selectRows<MovementRow>(
    db,
    sql`select o.id, o.order_number, o.status, o.created_at, o.total_kurus::text, o.escrow_ends_at, o.payout_id, o.commission_bp,
               o.withholding_bp, o.vat_kurus::text,
               p.paid_at as payout_paid_at, b.public_handle as buyer_handle,
               x.held::text, x.payable_credited::text, x.payable_balance::text, x.commission::text, x.withholding::text, x.refunded::text
          from (${selected}) o
          cross join lateral ${orderBalancesSql} x
          left join payouts p on p.id = o.payout_id
          left join users b on b.id = o.buyer_id
         where x.entries > 0
         order by o.created_at desc, o.id desc`,
  );
}

/** Every order of the seller in the range with its ledger balances (the CSV statement). */
export async function findMovementRows(db: Db, sellerId: string, range: MovementRange) {
  return selectMovementRows(db, movementOrdersWhere(sellerId, range));
}

/** One page of the seller's pending orders (money in escrow or released and not paid out), newest first. */
export async function findPendingMovementRows(
  db: Db,
  sellerId: string,
  range: MovementRange,
  page: { limit: number; offset: number },
) {
  return selectMovementRows(db, movementOrdersWhere(sellerId, range, [sql`o.seller_pending_kurus is not null`]), page);
}

/**
 * The seller's pending orders created within the range: how many, what the seller will get for
 * them and of that what is released, summed from the figures kept on the orders with the
 * counters (lib/seller-counters.ts). Without a range the counters row answers.
 */
export async function sumPendingMovementsInRange(db: Db, sellerId: string, range: MovementRange) {
  const where = movementOrdersWhere(sellerId, range, [sql`o.seller_pending_kurus is not null`]);
  const [row] = await selectRows<{ count: string; kurus: string; released: string }>(
    db,
    sql`select count(*)::text as count, coalesce(sum(o.seller_pending_kurus), 0)::text as kurus,
               coalesce(sum(o.seller_pending_kurus) filter (where o.seller_pending_released), 0)::text as released
          from orders o
         where ${where}`,
  );
  return { count: Number(row.count), kurus: Number(row.kurus), releasedKurus: Number(row.released) };
}

/** One page of the paid-out orders, newest first: balances are read for that page only. */
export async function findPaidMovementRows(
  db: Db,
  sellerId: string,
  range: MovementRange,
  page: { limit: number; offset: number },
) {
  return selectMovementRows(db, movementOrdersWhere(sellerId, range, [sql`o.payout_id is not null`]), page);
}

/**
 * How many of the seller's orders created within the range were paid out and what was paid for
 * them (their seller-payable credits). Without a range the seller's counters answer (decision 047).
 */
export async function sumPaidMovementsInRange(
  db: Db,
  sellerId: string,
  range: MovementRange,
): Promise<{ count: number; kurus: number }> {
  const where = movementOrdersWhere(sellerId, range, [sql`o.payout_id is not null`]);
  const [row] = await selectRows<{ count: string; kurus: string }>(
    db,
    sql`select count(*)::text as count, coalesce(sum(x.credited), 0)::text as kurus
          from orders o
          cross join lateral (
            select coalesce(-sum(e.amount_kurus), 0) as credited from ledger_entries e
             where e.order_id = o.id and e.account = ${SELLER_PAYABLE_ACCOUNT} and e.amount_kurus < 0) x
         where ${where}`,
  );
  return { count: Number(row.count), kurus: Number(row.kurus) };
}

/**
 * Sellers who are owed money for orders that may be paid out (released, not yet paid out).
 * Read without locks: each seller is then handled in its own transaction that locks and re-checks.
 */
export async function findSellersOwed(db: Db, statuses: readonly string[]): Promise<string[]> {
  const rows = await selectRows<{ seller_id: string }>(
    db,
    sql`select distinct o.seller_id
          from orders o
          join ledger_entries e on e.order_id = o.id and e.account = ${SELLER_PAYABLE_ACCOUNT}
         where o.payout_id is null and o.status in (${sql.join(
           statuses.map((s) => sql`${s}`),
           sql`, `,
         )})
         group by o.seller_id, o.id
        having sum(e.amount_kurus) < 0
         order by o.seller_id`,
  );
  return rows.map((r) => r.seller_id);
}

/**
 * Locks the seller's orders that may be paid out. SKIP LOCKED: an order another run holds is left
 * to that run, so concurrent runs never wait for each other nor pay an order twice.
 */
export async function lockPayableOrders(tx: Db, sellerId: string, statuses: readonly string[]) {
  return tx
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.sellerId, sellerId), isNull(orders.payoutId), inArray(orders.status, [...statuses])))
    .orderBy(orders.id)
    .for('update', { skipLocked: true });
}

/**
 * What the seller is still owed per order (seller payable credit balance), for these orders, and
 * what was withheld from it at release (decision 041).
 */
export async function findPayableBalances(tx: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const rows = await selectRows<{ order_id: string; balance: string; withheld: string }>(
    tx,
    sql`select order_id,
               coalesce(-sum(amount_kurus) filter (where account = ${SELLER_PAYABLE_ACCOUNT}), 0)::text as balance,
               coalesce(-sum(amount_kurus) filter (where account = ${WITHHOLDING_PAYABLE_ACCOUNT}), 0)::text as withheld
          from ledger_entries
         where account in (${SELLER_PAYABLE_ACCOUNT}, ${WITHHOLDING_PAYABLE_ACCOUNT})
           and order_id in (${sql.join(
             orderIds.map((id) => sql`${id}::uuid`),
             sql`, `,
           )})
         group by order_id`,
  );
  return rows.map((r) => ({
    orderId: r.order_id,
    balanceKurus: Number(r.balance),
    withheldKurus: Number(r.withheld),
  }));
}

export async function insertPayout(tx: Db, values: typeof payouts.$inferInsert) {
  const [row] = await tx.insert(payouts).values(values).returning();
  return row;
}

/**
 * Of these sellers, those without a complete payout account (IBAN and holder) who were not yet
 * sent the "no IBAN" notice: one query for all the sellers of a capture.
 */
export async function findSellersToAskForPayoutAccount(db: Db, sellerIds: string[]): Promise<string[]> {
  if (sellerIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(sellerPaymentAccounts, eq(sellerPaymentAccounts.userId, users.id))
    .where(
      and(
        inArray(users.id, sellerIds),
        sql`(coalesce(${sellerPaymentAccounts.iban}, '') = '' or coalesce(${sellerPaymentAccounts.accountHolder}, '') = '')`,
        sql`not exists (select 1 from ${notifications} where ${notifications.userId} = ${users.id} and ${notifications.type} = 'payout_iban_missing')`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function findPayouts(db: Db, limit: number) {
  return db
    .select({
      id: payouts.id,
      sellerId: payouts.sellerId,
      sellerName: users.name,
      sellerHandle: users.publicHandle,
      amountKurus: payouts.amountKurus,
      iban: payouts.iban,
      accountHolder: payouts.accountHolder,
      status: payouts.status,
      providerReference: payouts.providerReference,
      createdAt: payouts.createdAt,
      paidAt: payouts.paidAt,
      orderCount: sql<number>`(select count(*) from orders o where o.payout_id = ${payouts.id})`.mapWith(Number),
      withheldKurus: sql<number>`(select coalesce(-sum(e.amount_kurus), 0) from orders o
        join ledger_entries e on e.order_id = o.id and e.account = ${WITHHOLDING_PAYABLE_ACCOUNT}
        where o.payout_id = ${payouts.id})`.mapWith(Number),
    })
    .from(payouts)
    .leftJoin(users, eq(users.id, payouts.sellerId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
}
