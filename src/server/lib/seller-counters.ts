import { and, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '#shared/status.ts';
import type { Db } from '../db/client.ts';
import { selectRows } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { sellerCounters } from '../db/schema/seller-counters.ts';
import { orderBalancesSql, sellerPendingOf } from './seller-pending.ts';

/**
 * Per-seller counters (decision 047): the seller panel's order tabs and paid-out figures, kept in
 * the transaction of each change instead of counted per request. Written by the order lifecycle
 * (every status change and payout goes through it), read by the orders and payouts features.
 */

type CounterKey = Exclude<keyof typeof sellerCounters.$inferSelect, 'sellerId'>;

/** The statuses a seller sees an order in, each with its counter column. */
const counterKeyOf = {
  paid_escrow: 'paidEscrow',
  shipped: 'shipped',
  delivery_confirmed: 'deliveryConfirmed',
  completed: 'completed',
  disputed: 'disputed',
  refunded: 'refunded',
  partially_refunded: 'partiallyRefunded',
  released: 'released',
  cancelled: 'cancelled',
} as const satisfies Partial<Record<OrderStatus, CounterKey>>;
type CountedStatus = keyof typeof counterKeyOf;

/**
 * A seller sees an order once it is paid: never one waiting for payment or cancelled before it.
 * The same rule in SQL is `visibleToSellerSql`, and in the view seller_counters_recount (0029).
 */
export function isVisibleToSeller(order: { status: string; paidAt: Date | null }): boolean {
  return order.status !== 'awaiting_payment' && (order.status !== 'cancelled' || order.paidAt !== null);
}

export function visibleToSellerSql(sellerId: string): SQL {
  return and(
    eq(orders.sellerId, sellerId),
    ne(orders.status, 'awaiting_payment'),
    or(ne(orders.status, 'cancelled'), isNotNull(orders.paidAt)),
  ) as SQL;
}

/** One order's move as the counters see it: its status before and after, and whether it was paid out now. */
export interface CountedMove {
  orderId: string;
  sellerId: string;
  before: { status: string; paidAt: Date | null } | null;
  after: { status: string; paidAt: Date | null };
  paidOutKurus?: number;
}

type Deltas = Partial<Record<CounterKey, number>>;

function add(deltas: Deltas, key: CounterKey, n: number) {
  deltas[key] = (deltas[key] ?? 0) + n;
}

/** The counter of a status the seller sees; a new status needs a column first (and the view's line). */
function counterOf(status: string): CounterKey {
  if (!(status in counterKeyOf)) throw new Error(`seller_counters has no column for status ${status}`);
  return counterKeyOf[status as CountedStatus];
}

/**
 * Adds the moves to their sellers' counters, with the pending figures of the moved orders
 * recomputed (countPendingChanges): one atomic upsert for all their sellers. Call it last in the transaction:
 * the row lock serialises the seller's changes until commit.
 */
export async function countSellerMoves(tx: Db, moves: CountedMove[]): Promise<void> {
  const bySeller = await countPendingChanges(
    tx,
    moves.map((m) => m.orderId),
  );
  for (const move of moves) {
    const deltas = bySeller.get(move.sellerId) ?? {};
    if (move.before && isVisibleToSeller(move.before)) add(deltas, counterOf(move.before.status), -1);
    if (isVisibleToSeller(move.after)) add(deltas, counterOf(move.after.status), 1);
    if (move.paidOutKurus !== undefined) {
      add(deltas, 'paidOutOrders', 1);
      add(deltas, 'paidOutKurus', move.paidOutKurus);
    }
    bySeller.set(move.sellerId, deltas);
  }
  await applyDeltas(tx, bySeller);
}

/**
 * After money of these orders moved in the ledger without a status change (a provider job's
 * release or refund): their pending figures recomputed and the difference counted. Call it last
 * in the transaction, as countSellerMoves.
 */
export async function countSellerMoney(tx: Db, orderIds: string[]): Promise<void> {
  await applyDeltas(tx, await countPendingChanges(tx, orderIds));
}

interface PendingRow {
  id: string;
  seller_id: string;
  status: string;
  payout_id: string | null;
  total_kurus: string;
  vat_kurus: string;
  commission_bp: number;
  withholding_bp: number | null;
  seller_pending_kurus: string | null;
  seller_pending_released: boolean;
  held: string;
  payable_credited: string;
  payable_balance: string;
  commission: string;
  withholding: string;
}

/**
 * Each order's pending figure computed once, here, from its row and ledger as they stand in this
 * transaction, with the function the account movements' row uses (sellerPendingOf), and written
 * on the order; the differences from the figures written before are the sellers' counter deltas.
 * So the counters are always the sum of the figures the screen shows, rounding included
 * (decision 041). The orders are locked by the caller's change, so no other transaction can
 * write their figures in between.
 */
async function countPendingChanges(tx: Db, orderIds: string[]): Promise<Map<string, Deltas>> {
  const bySeller = new Map<string, Deltas>();
  if (orderIds.length === 0) return bySeller;
  const rows = await selectRows<PendingRow>(
    tx,
    sql`select o.id, o.seller_id, o.status, o.payout_id, o.total_kurus::text, o.vat_kurus::text,
               coalesce(o.commission_bp, (select s.commission_bp from platform_settings s where s.id = 1)) as commission_bp,
               o.withholding_bp, o.seller_pending_kurus::text, o.seller_pending_released,
               x.held::text, x.payable_credited::text, x.payable_balance::text, x.commission::text, x.withholding::text
          from orders o cross join lateral ${orderBalancesSql} x
         where o.id in (${sql.join(
           orderIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})`,
  );
  const changed: SQL[] = [];
  for (const row of rows) {
    const pending = sellerPendingOf({
      status: row.status,
      isPaidOut: row.payout_id !== null,
      totalKurus: Number(row.total_kurus),
      vatKurus: Number(row.vat_kurus),
      commissionBp: row.commission_bp,
      withholdingBp: row.withholding_bp ?? 0,
      heldKurus: Number(row.held),
      payableCreditedKurus: Number(row.payable_credited),
      payableBalanceKurus: Number(row.payable_balance),
      commissionKurus: Number(row.commission),
      withholdingKurus: Number(row.withholding),
    });
    const before = row.seller_pending_kurus === null ? null : Number(row.seller_pending_kurus);
    const wasReleased = row.seller_pending_released;
    const after = pending?.amountKurus ?? null;
    const isReleased = pending?.isReleased ?? false;
    if (before === after && wasReleased === isReleased) continue;
    const deltas = bySeller.get(row.seller_id) ?? {};
    add(deltas, 'pendingOrders', (after === null ? 0 : 1) - (before === null ? 0 : 1));
    add(deltas, 'pendingKurus', (after ?? 0) - (before ?? 0));
    add(deltas, 'pendingReleasedKurus', (isReleased ? (after ?? 0) : 0) - (wasReleased ? (before ?? 0) : 0));
    bySeller.set(row.seller_id, deltas);
    changed.push(sql`(${row.id}::uuid, ${after}::bigint, ${isReleased}::boolean)`);
  }
  if (changed.length > 0) {
    await tx.execute(
      sql`update orders o set seller_pending_kurus = v.pending, seller_pending_released = v.released
            from (values ${sql.join(changed, sql`, `)}) as v(id, pending, released)
           where o.id = v.id`,
    );
  }
  return bySeller;
}

/**
 * Applies the deltas with atomic increments (`n = n + d`, never read and written back), in one
 * upsert for all the sellers, its rows in seller id order: PostgreSQL inserts (and locks on
 * conflict) a VALUES list's rows in order, so two transactions moving orders of the same sellers
 * wait for each other but never deadlock.
 */
async function applyDeltas(tx: Db, bySeller: Map<string, Deltas>): Promise<void> {
  const rows = [...bySeller.keys()]
    .sort()
    .map((sellerId) => ({ sellerId, deltas: bySeller.get(sellerId)! }))
    .filter((row) => Object.values(row.deltas).some((n) => n !== 0));
  if (rows.length === 0) return;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row.deltas) as CounterKey[]))];
  await tx
    .insert(sellerCounters)
    .values(
      rows.map((row) => ({ sellerId: row.sellerId, ...Object.fromEntries(keys.map((k) => [k, row.deltas[k] ?? 0])) })),
    )
    .onConflictDoUpdate({
      target: sellerCounters.sellerId,
      set: Object.fromEntries(
        keys.map((k) => [k, sql`${sellerCounters[k]} + excluded.${sql.identifier(sellerCounters[k].name)}`]),
      ),
    });
}

export type SellerCounters = Omit<typeof sellerCounters.$inferSelect, 'sellerId'>;

/** The seller's counters (all zero before their first paid order). */
export async function findSellerCounters(db: Db, sellerId: string): Promise<SellerCounters> {
  const [row] = await db.select().from(sellerCounters).where(eq(sellerCounters.sellerId, sellerId));
  const { sellerId: _, ...counters } = row ?? { sellerId, ...zeroCounters };
  return counters;
}

const zeroCounters: SellerCounters = {
  paidEscrow: 0,
  shipped: 0,
  deliveryConfirmed: 0,
  completed: 0,
  disputed: 0,
  refunded: 0,
  partiallyRefunded: 0,
  released: 0,
  cancelled: 0,
  paidOutOrders: 0,
  paidOutKurus: 0,
  pendingOrders: 0,
  pendingKurus: 0,
  pendingReleasedKurus: 0,
};

/** How many of the seller's orders are in these statuses (all they see without a list). */
export function countInStatuses(counters: SellerCounters, statuses?: readonly string[]): number {
  const keys = statuses
    ? statuses.filter((s): s is CountedStatus => s in counterKeyOf).map((s) => counterKeyOf[s])
    : Object.values(counterKeyOf);
  return keys.reduce((total, key) => total + (counters[key] as number), 0);
}

/**
 * Rewrites every order's pending figure (the view order_seller_pending) and every seller's counters
 * from the tables (the view seller_counters_recount; both also the migration's backfill): for bulk loads that bypass the order lifecycle, such as the bench's
 * (scripts/bench-orders.ts runs them in its load transaction).
 */
export const recountSellerCountersSql = [
  `update orders o set seller_pending_kurus = v.pending_kurus, seller_pending_released = coalesce(v.released, false)
     from order_seller_pending v
    where v.id = o.id and (o.seller_pending_kurus is distinct from v.pending_kurus
                           or o.seller_pending_released is distinct from coalesce(v.released, false))`,
  'delete from seller_counters',
  'insert into seller_counters select * from seller_counters_recount',
] as const;
