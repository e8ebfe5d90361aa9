import { and, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '#shared/status.ts';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { sellerCounters } from '../db/schema/seller-counters.ts';

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
 * Adds the moves to their sellers' counters with atomic increments (`n = n + d`, never read and
 * written back), one upsert per seller in seller id order: two transactions moving orders of the
 * same sellers lock their rows in the same order, so they wait for each other but never deadlock.
 * Call it last in the transaction: the row lock serialises the seller's changes until commit.
 */
export async function countSellerMoves(tx: Db, moves: CountedMove[]): Promise<void> {
  const bySeller = new Map<string, Deltas>();
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
  for (const sellerId of [...bySeller.keys()].sort()) {
    const changed = Object.entries(bySeller.get(sellerId)!).filter(([, n]) => n !== 0) as [CounterKey, number][];
    if (changed.length === 0) continue;
    await tx
      .insert(sellerCounters)
      .values({ sellerId, ...Object.fromEntries(changed) })
      .onConflictDoUpdate({
        target: sellerCounters.sellerId,
        set: Object.fromEntries(changed.map(([key, n]) => [key, sql`${sellerCounters[key]} + ${n}`])),
      });
  }
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
};

/** How many of the seller's orders are in these statuses (all they see without a list). */
export function countInStatuses(counters: SellerCounters, statuses?: readonly string[]): number {
  const keys = statuses
    ? statuses.filter((s): s is CountedStatus => s in counterKeyOf).map((s) => counterKeyOf[s])
    : Object.values(counterKeyOf);
  return keys.reduce((total, key) => total + (counters[key] as number), 0);
}

/**
 * Rewrites every seller's counters from the tables (the view seller_counters_recount, also the
 * migration's backfill): for bulk loads that bypass the order lifecycle, such as the bench's
 * (scripts/bench-orders.ts runs them in its load transaction).
 */
export const recountSellerCountersSql = [
  'delete from seller_counters',
  'insert into seller_counters select * from seller_counters_recount',
] as const;
