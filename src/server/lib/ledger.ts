import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerEntries } from '../db/schema/ledger.ts';

/**
 * Ledger account names, shared by every reader and writer of `ledger_entries`.
 * Amounts are signed: positive = debit, negative = credit.
 * - ESCROW_ACCOUNT: money held for buyers until release; its credit balance per order_id is what
 *   escrow holds for that order.
 * - PROVIDER_CLEARING_ACCOUNT: money captured by the card provider and not yet paid out (debit
 *   balance = what the provider holds for us).
 * - SELLER_PAYABLE_ACCOUNT, PLATFORM_COMMISSION_ACCOUNT: see below.
 */
export const ESCROW_ACCOUNT = 'escrow';
export const PROVIDER_CLEARING_ACCOUNT = 'provider_clearing';
/** What we owe sellers for released orders until paid out (credit balance, per order_id). */
export const SELLER_PAYABLE_ACCOUNT = 'seller_payable';
/** The platform's commission on released orders (credit balance = revenue). */
export const PLATFORM_COMMISSION_ACCOUNT = 'platform_commission';
/**
 * Income tax withheld from sellers at release (e-ticaret stopajı), owed to the tax office until
 * declared (credit balance, per order_id; each leg carries its VAT-exclusive base; decision 041).
 */
export const WITHHOLDING_PAYABLE_ACCOUNT = 'withholding_payable';

export interface LedgerLeg {
  account: string;
  orderId?: string | null;
  amountKurus: number;
  /** A withholding leg's taxable base (decision 041); null elsewhere. */
  baseKurus?: number | null;
}

/**
 * Writes one balanced journal. The legs must sum to zero (checked here, and again by the
 * database's deferred trigger at commit); call it with the transaction of the change it records.
 */
export async function postJournal(tx: Db, legs: LedgerLeg[], memo: string, now: Date): Promise<string> {
  const sum = legs.reduce((total, leg) => total + leg.amountKurus, 0);
  if (sum !== 0 || legs.some((leg) => !Number.isSafeInteger(leg.amountKurus) || leg.amountKurus === 0)) {
    throw new Error(`unbalanced or malformed journal (${memo}): sum ${sum}`);
  }
  const journalId = randomUUID();
  await tx.insert(ledgerEntries).values(
    legs.map((leg) => ({
      journalId,
      account: leg.account,
      orderId: leg.orderId ?? null,
      amountKurus: leg.amountKurus,
      baseKurus: leg.baseKurus ?? null,
      memo,
      createdAt: now,
    })),
  );
  return journalId;
}

/** The journal of one order's money. Legs of zero are left out (a 0 % commission has no leg). */
function orderLegs(orderId: string, legs: [string, number][]): LedgerLeg[] {
  return legs.filter(([, amount]) => amount !== 0).map(([account, amountKurus]) => ({ account, orderId, amountKurus }));
}

/**
 * Escrow releases `amountKurus` of an order to its seller: the commission (basis points of the
 * released amount, rounded half away from zero) goes to the platform, the withholding (on its
 * VAT-exclusive base, see lib/withholding.ts) to the tax payable, the rest is owed to the seller.
 */
export async function postRelease(
  tx: Db,
  input: { orderId: string; amountKurus: number; commissionKurus: number; withholdingKurus: number; baseKurus: number },
  memo: string,
  now: Date,
): Promise<string> {
  const { orderId, amountKurus, commissionKurus, withholdingKurus, baseKurus } = input;
  const legs = orderLegs(orderId, [
    [ESCROW_ACCOUNT, amountKurus],
    [SELLER_PAYABLE_ACCOUNT, -(amountKurus - commissionKurus - withholdingKurus)],
    [PLATFORM_COMMISSION_ACCOUNT, -commissionKurus],
    [WITHHOLDING_PAYABLE_ACCOUNT, -withholdingKurus],
  ]).map((leg) => (leg.account === WITHHOLDING_PAYABLE_ACCOUNT ? { ...leg, baseKurus } : leg));
  return postJournal(tx, legs, memo, now);
}

/** Escrow gives `amountKurus` of an order back to the buyer's card (through the provider). */
export async function postRefund(
  tx: Db,
  input: { orderId: string; amountKurus: number },
  memo: string,
  now: Date,
): Promise<string> {
  return postJournal(
    tx,
    orderLegs(input.orderId, [
      [ESCROW_ACCOUNT, input.amountKurus],
      [PROVIDER_CLEARING_ACCOUNT, -input.amountKurus],
    ]),
    memo,
    now,
  );
}

/** A payout settles what the seller is owed for these orders; the money leaves the provider. */
export async function postPayout(
  tx: Db,
  lines: { orderId: string; amountKurus: number }[],
  memo: string,
  now: Date,
): Promise<string> {
  const total = lines.reduce((sum, line) => sum + line.amountKurus, 0);
  return postJournal(
    tx,
    [
      ...lines
        .filter((line) => line.amountKurus !== 0)
        .map((line) => ({ account: SELLER_PAYABLE_ACCOUNT, orderId: line.orderId, amountKurus: line.amountKurus })),
      { account: PROVIDER_CLEARING_ACCOUNT, amountKurus: -total },
    ],
    memo,
    now,
  );
}

/** What escrow holds now, over every order: the credit balance of ESCROW_ACCOUNT (credits are negative). */
export async function sumEscrowHeld(db: Db): Promise<number> {
  const [row] = await db
    .select({ held: sql<string>`coalesce(-sum(${ledgerEntries.amountKurus}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, ESCROW_ACCOUNT));
  return Number(row.held);
}
