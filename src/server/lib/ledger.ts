import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { ledgerEntries } from '../db/schema/ledger.ts';

/**
 * Ledger account names, shared by every reader and writer of `ledger_entries`.
 * Amounts are signed: positive = debit, negative = credit.
 * - ESCROW_ACCOUNT: money held for buyers until release; its credit balance per order_id is what
 *   escrow holds for that order.
 * - PROVIDER_CLEARING_ACCOUNT: money captured by the card provider and not yet paid out (debit
 *   balance = what the provider holds for us).
 */
export const ESCROW_ACCOUNT = 'escrow';
export const PROVIDER_CLEARING_ACCOUNT = 'provider_clearing';

export interface LedgerLeg {
  account: string;
  orderId?: string | null;
  amountKurus: number;
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
      memo,
      createdAt: now,
    })),
  );
  return journalId;
}
