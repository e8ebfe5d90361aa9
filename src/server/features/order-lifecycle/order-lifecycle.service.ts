import { orderPath, sellerOrderPath } from '#shared/site-paths.ts';
import type { AdminAction } from '#shared/security-log.ts';
import { orderActions, type OrderAction } from '#shared/schemas/orders.ts';
import type { OrderStatus } from '#shared/status.ts';
import { and, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAdminAction } from '../../lib/audit.ts';
import { ESCROW_ACCOUNT, PROVIDER_CLEARING_ACCOUNT, postJournal, postPayout } from '../../lib/ledger.ts';
import { enqueueEmail } from '../../lib/mailer/outbox.ts';
import { countSellerMoves } from '../../lib/seller-counters.ts';
import { transition } from '../../lib/transition.ts';
import { findUserContacts } from '../../lib/user-contacts.ts';
import { notify } from '../notifications/index.ts';
import { lapsedOrderEmail } from './order-lifecycle.mail.ts';
import {
  guardSql,
  insertOrderEvents,
  insertProviderJob,
  restockOrder,
  scopeSql,
  updateOrdersFrom,
  type NewOrderEvent,
  type OrderSet,
  type ProviderJobRow,
} from './order-lifecycle.repo.ts';
import {
  orderLifecycle,
  type OrderActor,
  type OrderGuard,
  type OrderRow,
  type OrderTransition,
  type OrderVerb,
  type ProviderMove,
} from './order-lifecycle.table.ts';

/** Writes timeline entries that are no status change (a reminder, money moved, a dispute answered). */
export async function recordOrderEvents(tx: Db, events: NewOrderEvent[]): Promise<void> {
  await insertOrderEvents(tx, events);
}

/**
 * Queues a money movement that needs the provider: releasing an order's money to its seller, or
 * refunding part of it to the buyer. Written in the transaction of the decision, so the decision
 * and its job commit together (`runProviderJobs` sends it and writes the ledger).
 */
export async function enqueueProviderJob(
  tx: Db,
  input: { kind: ProviderMove; orderId: string; amountKurus: number; reason: string },
  now: Date,
): Promise<ProviderJobRow> {
  return insertProviderJob(tx, { ...input, status: 'pending', nextAttemptAt: now, createdAt: now });
}

export interface OrderChange {
  /** Who applies it: a person's id with their role, or the system (a sweep, the bank, the payout run). */
  actor: { role: OrderActor; id: string | null };
  now: Date;
  /** Columns written with the status (timestamps, carrier, reason). */
  set?: OrderSet;
  /** The order event's details. */
  details?: Record<string, unknown>;
  /** What goes back to the buyer when a verb moves both ways (a partial refund); else the whole escrow. */
  refundKurus?: number;
  /** The provider jobs' reason when the table gives none (how a dispute was decided). */
  reason?: string;
  /** For `restock: 'onRequest'`: whether the decision returns the stock. */
  restock?: boolean;
  /** Mail links (the app's address); required by verbs that mail. */
  appUrl?: string;
  /** The admin audit row (admin verbs): its action and details, and the admin's address. */
  audit?: { action: AdminAction; details: Record<string, unknown>; ip: string | null };
  notFound?: () => AppError;
  refused?: (existing: OrderRow) => AppError;
}

/**
 * Applies one verb of the order table to one order: the conditional status update (lib/transition:
 * of two concurrent changes only one matches), then in the same transaction the order event, the
 * admin audit row, and the effects the table declares (provider jobs, stock, notifications, mails).
 * Answers the updated row.
 */
export async function applyOrderTransition(
  tx: Db,
  verb: OrderVerb,
  id: string,
  change: OrderChange,
): Promise<OrderRow> {
  const rule: OrderTransition = orderLifecycle[verb];
  if (!rule.by.includes(change.actor.role)) throw new Error(`${change.actor.role} may not ${verb}`);
  const party = change.actor.role === 'buyer' || change.actor.role === 'seller' ? change.actor.role : null;
  return transition(
    tx,
    { table: orders, scope: scopeSql(party, change.actor.id) },
    {
      id,
      rule,
      guard: guardSql(rule.guard),
      set: { ...change.set, updatedAt: change.now },
      notFound: change.notFound ?? (() => new AppError('ORDER_NOT_FOUND')),
      refused: change.refused,
      record: async (t, row) => {
        const fromStatus = rule.fromOf?.(row) ?? rule.from[0];
        await runEffects(t, verb, [{ row, fromStatus }], change);
      },
    },
  );
}

/**
 * Applies a system verb to many orders at once: a checkout group's orders (pay, expireUnpaid,
 * failPayment) or the orders of a payout (completePayout). Orders no longer in a `from` status are
 * left alone. `capture` and `payout` carry the journal the table's `ledger` names.
 */
export async function applyOrderTransitionToMany(
  tx: Db,
  verb: OrderVerb,
  selection: { groupId: string } | { ids: string[] },
  change: OrderChange & {
    capture?: { chargedKurus: number; memo: string };
    payout?: { id: string; lines: { orderId: string; amountKurus: number }[] };
  },
): Promise<OrderRow[]> {
  const rule: OrderTransition = orderLifecycle[verb];
  if (rule.ledger === 'payout') {
    // Debits each order's seller payable by what it still owes, so its balance ends at zero.
    await postPayout(tx, change.payout!.lines, `payout ${change.payout!.id}`, change.now);
  }
  const moved = await updateOrdersFrom(tx, selection, rule, {
    ...change.set,
    updatedAt: change.now,
    ...(change.payout ? { payoutId: change.payout.id } : {}),
  });
  if (rule.ledger === 'capture' && moved.length > 0) {
    await postJournal(
      tx,
      [
        { account: PROVIDER_CLEARING_ACCOUNT, amountKurus: change.capture!.chargedKurus },
        ...moved.map(({ row }) => ({ account: ESCROW_ACCOUNT, orderId: row.id, amountKurus: -row.totalKurus })),
      ],
      change.capture!.memo,
      change.now,
    );
  }
  await runEffects(tx, verb, moved, change);
  return moved.map(({ row }) => row);
}

async function runEffects(
  tx: Db,
  verb: OrderVerb,
  moved: { row: OrderRow; fromStatus: string }[],
  change: OrderChange & { payout?: { id: string; lines: { orderId: string; amountKurus: number }[] } },
): Promise<void> {
  const rule: OrderTransition = orderLifecycle[verb];
  const { now } = change;
  await insertOrderEvents(
    tx,
    moved.map(({ row, fromStatus }) => ({
      orderId: row.id,
      actorId: change.actor.id,
      action: rule.event,
      fromStatus,
      toStatus: rule.to,
      details: change.payout
        ? { payoutId: change.payout.id, amountKurus: lineOf(change.payout.lines, row.id) }
        : (change.details ?? {}),
      createdAt: now,
    })),
  );
  for (const { row } of moved) {
    if (change.audit && change.actor.id) {
      await recordAdminAction(
        tx,
        {
          actorId: change.actor.id,
          action: change.audit.action,
          targetType: 'order',
          targetId: row.id,
          details: change.audit.details,
          ip: change.audit.ip,
        },
        now,
      );
    }
    await queueMoves(tx, rule, row, change);
    const restock = rule.restock === 'always' || (rule.restock === 'onRequest' && change.restock === true);
    if (restock) await restockOrder(tx, row.id, now);
    if (rule.notify) await notify(tx, rule.notify(row), now);
  }
  if (rule.mail && moved.length > 0) await mailBothSides(tx, rule.mail, moved, change);
  // Last: the seller's counters row stays locked until commit, so take it after everything else.
  // It also recounts the moved orders' pending money: the capture and the payout journals are
  // posted before this; a refund's or a release's is the provider job's (countSellerMoney).
  // A status change leaves paid_at as it was, except `pay`, whose `from` no seller sees anyway.
  await countSellerMoves(
    tx,
    moved.map(({ row, fromStatus }) => ({
      orderId: row.id,
      sellerId: row.sellerId,
      before: { status: fromStatus, paidAt: row.paidAt },
      after: { status: row.status, paidAt: row.paidAt },
      paidOutKurus: change.payout ? lineOf(change.payout.lines, row.id) : undefined,
    })),
  );
}

function lineOf(lines: { orderId: string; amountKurus: number }[], orderId: string) {
  return lines.find((l) => l.orderId === orderId)?.amountKurus;
}

/** The provider jobs of a verb: the refund first (what the decision gives back), then the release of the rest. */
async function queueMoves(tx: Db, rule: OrderTransition, row: OrderRow, change: OrderChange): Promise<void> {
  const moves: readonly ProviderMove[] = rule.moves ?? [];
  if (moves.length === 0) return;
  // Nothing of the order has been released yet, so what escrow holds is the total less refunds.
  const escrowed = row.totalKurus - row.refundedKurus;
  const refund = moves.includes('refund') ? (change.refundKurus ?? escrowed) : 0;
  const release = moves.includes('release') ? escrowed - refund : 0;
  const reason = rule.reason ?? change.reason ?? rule.event;
  if (refund > 0)
    await enqueueProviderJob(tx, { kind: 'refund', orderId: row.id, amountKurus: refund, reason }, change.now);
  if (release > 0) {
    await enqueueProviderJob(tx, { kind: 'release', orderId: row.id, amountKurus: release, reason }, change.now);
  }
}

async function mailBothSides(
  tx: Db,
  mail: NonNullable<OrderTransition['mail']>,
  moved: { row: OrderRow }[],
  change: OrderChange,
): Promise<void> {
  const contacts = new Map(
    (await findUserContacts(tx, [...new Set(moved.flatMap(({ row }) => [row.buyerId, row.sellerId]))])).map((u) => [
      u.id,
      u,
    ]),
  );
  for (const { row } of moved) {
    for (const side of ['buyer', 'seller'] as const) {
      const to = contacts.get(side === 'buyer' ? row.buyerId : row.sellerId);
      if (!to) continue;
      const url = `${change.appUrl}${side === 'buyer' ? orderPath(row.id) : sellerOrderPath(row.id)}`;
      await enqueueEmail(
        tx,
        to.email,
        lapsedOrderEmail({ template: mail.template, orderNumber: row.orderNumber, body: mail[side](row), url }),
        change.now,
        { relatedTo: `order:${row.id}` },
      );
    }
  }
}

/** The order fields the guards read (a timestamp as a Date or its ISO text; left out = not set). */
export interface OrderFacts {
  status: string;
  acceptedAt?: Date | string | null;
  payoutId?: string | null;
}

function meets(guard: OrderGuard | undefined, order: OrderFacts): boolean {
  if (guard === 'accepted') return Boolean(order.acceptedAt);
  if (guard === 'notAccepted') return !order.acceptedAt;
  if (guard === 'notPaidOut') return !order.payoutId;
  return true;
}

/**
 * The verbs the viewer may apply to the order now, from the same table and guards the conditional
 * updates use. `as` is the viewer's side of the order: its buyer, its seller (each on their own
 * order only, as the routes scope them), or an admin (the dispute decisions).
 */
export function orderActionsFor(order: OrderFacts, as: 'buyer' | 'seller' | 'admin'): OrderAction[] {
  return orderActions.filter((action) => {
    const rule: OrderTransition = orderLifecycle[action];
    return (rule.by as readonly OrderActor[]).includes(as) && applies(rule, order);
  });
}

/** Whether the order is in one of the verb's `from` statuses and meets its guard (whoever applies it). */
function applies(rule: OrderTransition, order: OrderFacts): boolean {
  return (rule.from as readonly OrderStatus[]).includes(order.status as OrderStatus) && meets(rule.guard, order);
}

/**
 * A paid order still waiting for its seller's "Onayla": the table's `accept` applies to it now (its
 * status and its `notAccepted` guard), so both sides are told, whoever looks.
 */
export function isAwaitingAcceptance(order: OrderFacts): boolean {
  return applies(orderLifecycle.accept, order);
}

/** `isAwaitingAcceptance` as SQL, from the same rule: the lists filter on it (issue 22). */
export function awaitingAcceptanceSql(): SQL {
  const rule: OrderTransition = orderLifecycle.accept;
  return and(inArray(orders.status, [...rule.from]), guardSql(rule.guard)) as SQL;
}
