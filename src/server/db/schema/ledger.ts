import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * Double-entry ledger. amount_kurus is signed: positive = debit, negative = credit.
 * Entries of one journal sum to zero (checked by a deferred constraint trigger at commit) and are
 * immutable (a trigger refuses UPDATE and DELETE). Balances are sums, never stored.
 * Money held in escrow is the credit balance of the account 'escrow': -SUM(amount_kurus).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    journalId: uuid('journal_id').notNull(),
    account: text('account').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    amountKurus: bigint('amount_kurus', { mode: 'number' }).notNull(),
    memo: text('memo'),
    /** On a withholding leg only: the VAT-exclusive base it was computed on (decision 041). */
    baseKurus: bigint('base_kurus', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('ledger_entries_nonzero_check', sql`${t.amountKurus} <> 0`),
    index('ledger_entries_journal_idx').on(t.journalId),
    index('ledger_entries_account_idx').on(t.account),
    // An order's balances (account movements read them order by order) come from this index alone.
    index('ledger_entries_order_account_idx').on(t.orderId, t.account, t.amountKurus),
  ],
);
