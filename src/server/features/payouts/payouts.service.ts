import { dashboardTabPath } from '#shared/site-paths.ts';
import type { z } from 'zod';
import { formatKurus } from '#shared/money.ts';
import { payoutMessages as pm } from '#shared/messages/payouts.tr.ts';
import type {
  AccountMovement,
  AccountMovements,
  AccountMovementsRange,
  AdminPayoutList,
  PayoutAccount,
  PayoutRunResult,
} from '#shared/schemas/payouts.ts';
import type { accountMovementsQuerySchema } from '#shared/schemas/payouts.ts';
import type { OrderStatus } from '#shared/status.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AdminContext, MemberContext } from '../../lib/context.ts';
import { formatCsvDate, formatCsvLira, toCsv } from '../../lib/csv.ts';
import type { PaymentProvider } from '../../lib/payments/provider.ts';
import { notify, type NotificationInput } from '../notifications/index.ts';
import { applyOrderTransitionToMany, orderLifecycle } from '../order-lifecycle/index.ts';
import { getPlatformSettings } from '../platform-settings/index.ts';
import { sellerPendingOf } from '../../lib/seller-pending.ts';
import { findSellerCounters } from '../../lib/seller-counters.ts';
import {
  findMovementRows,
  findPaidMovementRows,
  findPayableBalances,
  findPayoutAccount,
  findPayouts,
  findSellersOwed,
  findPendingMovementRows,
  findSellersToAskForPayoutAccount,
  insertPayout,
  lockPayableOrders,
  sumPaidMovementsInRange,
  sumPendingMovementsInRange,
  upsertPayoutAccount,
  type MovementRow,
} from './payouts.repo.ts';

/** The seller panel's account movements tab, where the payout IBAN form sits too. */
const ACCOUNT_MOVEMENTS_PATH = dashboardTabPath('transactions');
/** Orders whose money may be paid out: released (wholly or after a partial refund), not yet paid. */
const PAYABLE_STATUSES = orderLifecycle.completePayout.from;

export async function getOwnPayoutAccount(ctx: MemberContext): Promise<PayoutAccount> {
  const row = await findPayoutAccount(ctx.db, ctx.user.id);
  return { iban: row?.iban ?? null, accountHolder: row?.accountHolder ?? null };
}

export async function saveOwnPayoutAccount(
  ctx: MemberContext,
  input: { iban: string; accountHolder: string },
): Promise<PayoutAccount> {
  await upsertPayoutAccount(ctx.db, ctx.user.id, input, ctx.clock.now());
  return { iban: input.iban, accountHolder: input.accountHolder };
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * One order's line in the account movements, or null when it is neither pending nor paid. Paid:
 * paid out (what the payout settled is what was credited to the seller). Pending: money still
 * in escrow (the seller's part at the commission fixed on the order at payment) or released and still owed.
 */
function toMovement(row: MovementRow, commissionBp: number): AccountMovement | null {
  const held = Number(row.held);
  const payableBalance = Number(row.payable_balance);
  const base = {
    orderId: row.id,
    orderNumber: row.order_number,
    status: row.status as OrderStatus,
    buyerHandle: row.buyer_handle,
    createdAt: iso(row.created_at)!,
    orderAmountKurus: Number(row.total_kurus),
    refundedKurus: Number(row.refunded),
    escrowEndsAt: iso(row.escrow_ends_at),
    withholdingBp: row.withholding_bp ?? 0,
  };
  if (row.payout_id) {
    return {
      ...base,
      commissionKurus: Number(row.commission),
      withholdingKurus: Number(row.withholding),
      amountPaidKurus: Number(row.payable_credited),
      paidAt: iso(row.payout_paid_at),
      state: 'paid',
      isReleased: true,
    };
  }
  const pending = sellerPendingOf({
    status: row.status,
    isPaidOut: false,
    totalKurus: Number(row.total_kurus),
    vatKurus: Number(row.vat_kurus),
    commissionBp: row.commission_bp ?? commissionBp,
    withholdingBp: row.withholding_bp ?? 0,
    heldKurus: held,
    payableCreditedKurus: Number(row.payable_credited),
    payableBalanceKurus: payableBalance,
    commissionKurus: Number(row.commission),
    withholdingKurus: Number(row.withholding),
  });
  if (!pending) return null;
  return {
    ...base,
    commissionKurus: Number(row.commission) + pending.expectedCommissionKurus,
    withholdingKurus: Number(row.withholding) + pending.expectedWithholdingKurus,
    amountPaidKurus: pending.amountKurus,
    paidAt: null,
    state: 'pending',
    isReleased: pending.isReleased,
  };
}

/**
 * The tabs' counts and sums for the range. Without one, the seller's counters (decision 047): a
 * payout is exactly what its orders had been credited, one of the ledger's checked invariants, and
 * the pending figures are each order's, kept with the counters. With a range, the same figures are
 * summed over that range's orders of the seller.
 */
async function sumMovements(db: Db, sellerId: string, range: AccountMovementsRange) {
  if (range.from || range.to) {
    const [paid, pending] = await Promise.all([
      sumPaidMovementsInRange(db, sellerId, range),
      sumPendingMovementsInRange(db, sellerId, range),
    ]);
    return { paid, pending };
  }
  const counters = await findSellerCounters(db, sellerId);
  return {
    paid: { count: counters.paidOutOrders, kurus: counters.paidOutKurus },
    pending: {
      count: counters.pendingOrders,
      kurus: counters.pendingKurus,
      releasedKurus: counters.pendingReleasedKurus,
    },
  };
}

/**
 * The seller's account movements in the range: one page of the chosen tab, read order by order
 * with its ledger balances, and the tabs' counts and the three summary figures from the counters.
 */
export async function getAccountMovements(
  ctx: MemberContext,
  query: z.output<typeof accountMovementsQuerySchema>,
): Promise<AccountMovements> {
  const range = { from: query.from, to: query.to };
  const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
  const [sums, pageRows, settings, account] = await Promise.all([
    sumMovements(ctx.db, ctx.user.id, range),
    query.tab === 'paid'
      ? findPaidMovementRows(ctx.db, ctx.user.id, range, page)
      : findPendingMovementRows(ctx.db, ctx.user.id, range, page),
    getPlatformSettings(ctx.db),
    findPayoutAccount(ctx.db, ctx.user.id),
  ]);
  const { paid, pending } = sums;
  return {
    tab: query.tab,
    rows: pageRows.map((row) => toMovement(row, settings.commissionBp)).filter((m) => m !== null),
    page: query.page,
    pageSize: query.pageSize,
    counts: { pending: pending.count, paid: paid.count },
    payoutAccountMissing: !(account?.iban && account.accountHolder),
    summary: {
      pendingKurus: pending.kurus,
      releasedKurus: pending.releasedKurus,
      paidKurus: paid.kurus,
      count: pending.count + paid.count,
    },
  };
}

/** The statement for the range as CSV (UTF-8 with BOM, ";" separated): pending rows, then paid ones. */
export async function exportAccountMovementsCsv(
  ctx: MemberContext,
  query: AccountMovementsRange,
): Promise<{ fileName: string; body: string }> {
  const [all, settings] = await Promise.all([
    findMovementRows(ctx.db, ctx.user.id, query),
    getPlatformSettings(ctx.db),
  ]);
  const movements = all.map((row) => toMovement(row, settings.commissionBp)).filter((m) => m !== null);
  const rows = [...movements.filter((m) => m.state === 'pending'), ...movements.filter((m) => m.state === 'paid')].map(
    (m) => [
      m.orderNumber,
      formatCsvDate(m.createdAt),
      // The bare handle: a leading "@" would make a spreadsheet read the cell as a formula (csv.ts escapes it).
      m.buyerHandle ?? pm.movements.unknownBuyer,
      m.state === 'paid' ? pm.movements.statusPaid : pm.movements.statusPending,
      formatCsvLira(m.orderAmountKurus),
      formatCsvLira(m.refundedKurus),
      formatCsvLira(m.commissionKurus),
      formatCsvLira(m.withholdingKurus),
      formatCsvLira(m.amountPaidKurus),
      formatCsvDate(m.escrowEndsAt),
      formatCsvDate(m.paidAt),
    ],
  );
  return {
    fileName: pm.csv.fileName(query.from ?? '', query.to ?? ''),
    body: toCsv([...pm.csv.header], rows),
  };
}

/**
 * The notices asking sellers without a payout account (IBAN and holder) for one, each seller once:
 * at the first sale (payment capture, which sends them with its own notifications), or at the
 * first payout that finds none. None for a seller who has one or was already asked.
 */
export async function payoutAccountRequests(tx: Db, sellerIds: string[]): Promise<NotificationInput[]> {
  return (await findSellersToAskForPayoutAccount(tx, sellerIds)).map((userId) => ({
    userId,
    type: 'payout_iban_missing',
    title: pm.notifications.ibanMissingTitle,
    message: pm.notifications.ibanMissingBody,
    actionUrl: ACCOUNT_MOVEMENTS_PATH,
    actionText: pm.notifications.ibanMissingAction,
  }));
}

/**
 * Pays one seller what they are owed for released orders, in one transaction: the payout row,
 * its journal, the orders completed with their events, and the notice. Answers the payout id,
 * 'no_iban', or null when there was nothing (left) to pay.
 */
async function payOutSeller(
  db: Db,
  sellerId: string,
  provider: Pick<PaymentProvider, 'name'>,
  now: Date,
): Promise<string | 'no_iban' | null> {
  return db.transaction(async (tx) => {
    const locked = await lockPayableOrders(tx, sellerId, PAYABLE_STATUSES);
    const payable = (
      await findPayableBalances(
        tx,
        locked.map((o) => o.id),
      )
    ).filter((b) => b.balanceKurus > 0);
    const lines = payable.map((b) => ({ orderId: b.orderId, amountKurus: b.balanceKurus }));
    const withheldKurus = payable.reduce((total, b) => total + b.withheldKurus, 0);
    if (lines.length === 0) return null;
    const account = await findPayoutAccount(tx, sellerId);
    if (!account?.iban || !account.accountHolder) {
      await notify(tx, await payoutAccountRequests(tx, [sellerId]), now);
      return 'no_iban';
    }
    const amountKurus = lines.reduce((total, l) => total + l.amountKurus, 0);
    // The sandbox bank pays at once; with iyzico the marketplace pays its sub-merchants itself
    // after item approval, so the payout only mirrors that transfer in our books.
    const payout = await insertPayout(tx, {
      sellerId,
      amountKurus,
      iban: account.iban,
      accountHolder: account.accountHolder,
      status: 'paid',
      providerReference: provider.name === 'iyzico' ? 'iyzico-marketplace' : 'sandbox-bank',
      createdAt: now,
      paidAt: now,
    });
    const orderIds = lines.map((l) => l.orderId);
    const completed = await applyOrderTransitionToMany(
      tx,
      'completePayout',
      { ids: orderIds },
      { actor: { role: 'system', id: null }, now, set: { completedAt: now }, payout: { id: payout.id, lines } },
    );
    // The rows are locked by this transaction, so none can have moved meanwhile.
    if (completed.length !== orderIds.length) throw new Error(`payout ${payout.id}: orders moved while locked`);
    await notify(
      tx,
      [
        {
          userId: sellerId,
          type: 'payout_paid',
          title: pm.notifications.payoutPaidTitle,
          message: pm.notifications.payoutPaidBody(
            formatKurus(amountKurus),
            orderIds.length,
            withheldKurus > 0 ? formatKurus(withheldKurus) : null,
          ),
          relatedId: payout.id,
          actionUrl: ACCOUNT_MOVEMENTS_PATH,
          actionText: pm.notifications.payoutPaidAction,
        },
      ],
      now,
    );
    return payout.id;
  });
}

/**
 * The payout run: each seller owed money for released orders is paid in their own transaction.
 * Idempotent (paid orders leave the set) and safe on many instances at once (SKIP LOCKED).
 */
export async function runPayouts(
  db: Db,
  clock: Clock,
  provider: Pick<PaymentProvider, 'name'>,
): Promise<PayoutRunResult> {
  const sellers = await findSellersOwed(db, PAYABLE_STATUSES);
  const payoutIds: string[] = [];
  let skipped = 0;
  for (const sellerId of sellers) {
    const outcome = await payOutSeller(db, sellerId, provider, clock.now());
    if (outcome === 'no_iban') skipped += 1;
    else if (outcome) payoutIds.push(outcome);
  }
  return { paid: payoutIds.length, skipped, payoutIds };
}

/** POST /api/admin/payouts/run: an admin runs the payouts now. */
export async function runPayoutsNow(ctx: AdminContext, provider: Pick<PaymentProvider, 'name'>) {
  return runPayouts(ctx.db, ctx.clock, provider);
}

export async function listPayouts(ctx: AdminContext): Promise<AdminPayoutList> {
  const rows = await findPayouts(ctx.db, 200);
  return {
    payouts: rows.map((r) => ({
      ...r,
      status: r.status as 'pending' | 'paid' | 'failed',
      createdAt: r.createdAt.toISOString(),
      paidAt: r.paidAt ? r.paidAt.toISOString() : null,
    })),
  };
}
