/**
 * Ledger account names, shared by every reader and writer of `ledger_entries` (statistics now,
 * escrow with trading). Money held in escrow is the credit balance of ESCROW_ACCOUNT.
 */
export const ESCROW_ACCOUNT = 'escrow';
