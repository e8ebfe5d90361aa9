import { sql } from 'drizzle-orm';
import { applyBasisPoints } from '#shared/money.ts';
import {
  ESCROW_ACCOUNT,
  PLATFORM_COMMISSION_ACCOUNT,
  PROVIDER_CLEARING_ACCOUNT,
  SELLER_PAYABLE_ACCOUNT,
  WITHHOLDING_PAYABLE_ACCOUNT,
} from './ledger.ts';
import { withholdingOfRelease } from './withholding.ts';

/**
 * An order's ledger balances, read per order (`o` in the caller's query) from the (order_id,
 * account, amount) index: the account movements' rows and the seller's pending counters read the
 * same figures.
 */
export const orderBalancesSql = sql`(
  select coalesce(-sum(e.amount_kurus) filter (where e.account = ${ESCROW_ACCOUNT}), 0) as held,
         coalesce(-sum(e.amount_kurus) filter (where e.account = ${SELLER_PAYABLE_ACCOUNT} and e.amount_kurus < 0), 0) as payable_credited,
         coalesce(-sum(e.amount_kurus) filter (where e.account = ${SELLER_PAYABLE_ACCOUNT}), 0) as payable_balance,
         coalesce(-sum(e.amount_kurus) filter (where e.account = ${PLATFORM_COMMISSION_ACCOUNT}), 0) as commission,
         coalesce(-sum(e.amount_kurus) filter (where e.account = ${WITHHOLDING_PAYABLE_ACCOUNT}), 0) as withholding,
         coalesce(-sum(e.amount_kurus) filter (where e.account = ${PROVIDER_CLEARING_ACCOUNT}), 0) as refunded,
         count(*) as entries
    from ledger_entries e where e.order_id = o.id)`;

/** Orders whose escrow is settled the other way or never filled: never pending for the seller. */
export const NEVER_PENDING: readonly string[] = ['awaiting_payment', 'cancelled', 'refunded', 'completed'];

/** What sellerPendingOf reads of an order: its row and its ledger balances, in kuruş. */
export interface OrderMoney {
  status: string;
  isPaidOut: boolean;
  totalKurus: number;
  vatKurus: number;
  /** The commission rate fixed on the order at payment, else today's. */
  commissionBp: number;
  withholdingBp: number;
  /** What escrow still holds for the order. */
  heldKurus: number;
  /** Credited to the seller in all (releases), what they are still owed, and the commission and withholding booked. */
  payableCreditedKurus: number;
  payableBalanceKurus: number;
  commissionKurus: number;
  withholdingKurus: number;
}

/** The seller's pending figure of one order: their part of what escrow holds, plus what was released and not paid out. */
export interface SellerPending {
  /** What the release of the money still in escrow will take as commission and withhold (decision 041). */
  expectedCommissionKurus: number;
  expectedWithholdingKurus: number;
  /** What the seller will be paid for the order. */
  amountKurus: number;
  /** The money has left escrow and waits for the payout. */
  isReleased: boolean;
}

/**
 * The one computation of an order's pending figure (null when it is not pending): the account
 * movements' row shows it, and the seller's counters add exactly it, written at each change of the
 * order's status or ledger (lib/seller-counters.ts), so the summary equals the sum of the rows. The
 * SQL twin is the view order_seller_pending (migration 0030), which the tests compare with it.
 */
export function sellerPendingOf(order: OrderMoney): SellerPending | null {
  const held = order.heldKurus;
  if (order.isPaidOut || NEVER_PENDING.includes(order.status)) return null;
  if (held <= 0 && order.payableBalanceKurus <= 0) return null;
  const inEscrow = Math.max(held, 0);
  const expectedCommissionKurus = applyBasisPoints(inEscrow, order.commissionBp);
  // What the release of the money still in escrow will withhold (the rate is fixed on paid orders).
  const expectedWithholdingKurus = withholdingOfRelease(
    { totalKurus: order.totalKurus, vatKurus: order.vatKurus, withholdingBp: order.withholdingBp },
    order.payableCreditedKurus + order.commissionKurus + order.withholdingKurus,
    inEscrow,
  ).withholdingKurus;
  return {
    expectedCommissionKurus,
    expectedWithholdingKurus,
    amountKurus: Math.max(order.payableBalanceKurus, 0) + inEscrow - expectedCommissionKurus - expectedWithholdingKurus,
    isReleased: held <= 0,
  };
}
