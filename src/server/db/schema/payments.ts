import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderGroups } from './orders.ts';
import { users } from './users.ts';

/**
 * A card payment attempt for an order group; its id is the provider's conversation id.
 * pending → succeeded | failed. No card number is ever stored: brand and last four digits only.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => orderGroups.id),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('pending'),
    amountKurus: bigint('amount_kurus', { mode: 'number' }).notNull(),
    installments: smallint('installments').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** The provider's transaction id per order (to approve or refund that order's money). */
    itemTransactions:
      jsonb('item_transactions').$type<
        { itemId: string; providerTransactionId: string; sellerPayoutKurus?: number | null }[]
      >(),
    /**
     * Orders whose seller payout at the provider differs from the seller's share our ledger books
     * (decision 037): shown to the admin; null when the provider's split matched (or it has none).
     */
    payoutMismatch:
      jsonb('payout_mismatch').$type<{ orderId: string; expectedKurus: number; providerKurus: number }[]>(),
    /** An admin settled the mismatch with the provider (audited); it leaves the waiting list. */
    payoutMismatchReviewedAt: timestamp('payout_mismatch_reviewed_at', { withTimezone: true }),
    payoutMismatchReviewedBy: text('payout_mismatch_reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    cardBrand: text('card_brand'),
    cardLastFour: text('card_last_four'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * Set while the provider's answer is unknown (authorisation and the follow-up query both timed
     * out): the card may be charged, so the payment stays pending, the stock stays held and the
     * reconciliation sweep asks the provider again (decision 038).
     */
    outcomeUnknownSince: timestamp('outcome_unknown_since', { withTimezone: true }),
    checkAttempts: smallint('check_attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    lastCheckError: text('last_check_error'),
    /**
     * A capture that arrived after its reservation ended must be voided: pending → done, or failed
     * after the last attempt (an admin then voids or refunds it at the provider).
     */
    voidStatus: text('void_status'),
    voidAttempts: smallint('void_attempts').notNull().default(0),
    voidNextAttemptAt: timestamp('void_next_attempt_at', { withTimezone: true }),
    voidLastError: text('void_last_error'),
  },
  (t) => [
    check('payments_void_status_check', sql`${t.voidStatus} in ('pending', 'done', 'failed')`),
    // The claim's own predicate: a payment closed while its outcome was unknown is still checked.
    index('payments_unknown_due_idx')
      .on(t.nextCheckAt)
      .where(sql`${t.nextCheckAt} is not null`),
    index('payments_void_due_idx')
      .on(t.voidNextAttemptAt)
      .where(sql`${t.voidStatus} = 'pending'`),
    check('payments_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check('payments_amount_check', sql`${t.amountKurus} > 0`),
    index('payments_group_idx').on(t.groupId),
    // A group is captured at most once, whatever races between callbacks.
    uniqueIndex('payments_one_success_per_group')
      .on(t.groupId)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);

/** A seller's payout identity at the provider (iyzico sub-merchant key), filled in by an admin. */
export const sellerPaymentAccounts = pgTable('seller_payment_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  iyzicoSubMerchantKey: text('iyzico_sub_merchant_key'),
  /** Where payouts go: a Turkish IBAN (TR + 24 digits, check digits verified) and its holder. */
  iban: text('iban'),
  accountHolder: text('account_holder'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * The embedded sandbox bank's own books (it stands for a bank outside our system, so it keeps its
 * state in its own tables and shares nothing with ours but the conversation id). No card number:
 * the test card's scenario, brand and last four digits only.
 */
export const sandboxBankPayments = pgTable('sandbox_bank_payments', {
  token: text('token').primaryKey(),
  conversationId: text('conversation_id').notNull().unique(),
  amountKurus: bigint('amount_kurus', { mode: 'number' }).notNull(),
  installments: smallint('installments').notNull(),
  callbackUrl: text('callback_url').notNull(),
  /** What the bank was asked to take per item, and the seller's share of it (older rows lack it). */
  items: jsonb('items').$type<{ itemId: string; priceKurus: number; sellerShareKurus?: number }[]>().notNull(),
  /** awaiting_card → awaiting_3ds → authenticated | three_ds_failed → captured | declined */
  status: text('status').notNull().default('awaiting_card'),
  /** What the test card will do: succeed, insufficient_funds, do_not_honour, invalid_cvc, three_ds_failed. */
  scenario: text('scenario'),
  cardBrand: text('card_brand'),
  cardLastFour: text('card_last_four'),
  threeDsAttempts: smallint('three_ds_attempts').notNull().default(0),
  providerPaymentId: text('provider_payment_id'),
  itemTransactions: jsonb('item_transactions').$type<{ itemId: string; providerTransactionId: string }[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Approvals, refunds and cancellations the sandbox bank was asked for (tests read them). */
export const sandboxBankOperations = pgTable(
  'sandbox_bank_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: text('conversation_id').notNull(),
    kind: text('kind').notNull(),
    providerTransactionId: text('provider_transaction_id'),
    amountKurus: bigint('amount_kurus', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('sandbox_bank_operations_kind_check', sql`${t.kind} in ('approve', 'refund', 'cancel')`),
    index('sandbox_bank_operations_conversation_idx').on(t.conversationId),
  ],
);
