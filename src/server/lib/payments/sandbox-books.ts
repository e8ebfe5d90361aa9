import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxBankPayments } from '../../db/schema/payments.ts';
import type { PaymentOutcome } from './provider.ts';

/**
 * The sandbox bank's books: its test cards and what each does, and how a payment row of its own
 * tables reads as an outcome or as the fields its result page posts back (see sandbox.ts).
 */

export type Scenario =
  | 'succeed'
  | 'insufficient_funds'
  | 'do_not_honour'
  | 'invalid_cvc'
  | 'three_ds_failed'
  | 'slow_success'
  | 'slow_decline';

/**
 * The "slow bank" cards: after 3-D Secure the authorisation and every query time out until this
 * long after authentication (on the app's clock), then the bank answers captured or declined.
 * They stand for a provider whose answer is lost (decision 038).
 */
export const SANDBOX_SLOW_BANK_MS = 5 * 60_000;

export function isSlowScenario(scenario: string | null): boolean {
  return scenario === 'slow_success' || scenario === 'slow_decline';
}

/** iyzico's published test cards and what each does; any other Luhn-valid number succeeds. */
const TEST_CARDS: Record<string, Scenario> = {
  '5528790000000008': 'succeed',
  '5890040000000016': 'succeed',
  '4111111111111129': 'insufficient_funds',
  '4129111111111111': 'do_not_honour',
  '4124111111111116': 'invalid_cvc',
  '4131111111111117': 'three_ds_failed',
  // Not iyzico's: our own cards for a bank that does not answer in time (decision 038).
  '4111111111111145': 'slow_success',
  '4111111111111152': 'slow_decline',
};

export function scenarioOfCard(cardNumber: string): Scenario {
  return TEST_CARDS[cardNumber] ?? 'succeed';
}

const DECLINE_MESSAGES: Record<Exclude<Scenario, 'succeed' | 'slow_success'>, string> = {
  slow_decline: 'Declined after a delay',
  insufficient_funds: 'Insufficient funds',
  do_not_honour: 'Do not honour',
  invalid_cvc: 'Invalid CVC',
  three_ds_failed: '3-D Secure authentication failed',
};

export type BankRow = typeof sandboxBankPayments.$inferSelect;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,64}$/;

export async function findByToken(db: Db, token: string): Promise<BankRow | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db.select().from(sandboxBankPayments).where(eq(sandboxBankPayments.token, token));
  return row ?? null;
}

export async function findByConversation(db: Db, conversationId: string): Promise<BankRow | null> {
  const [row] = await db
    .select()
    .from(sandboxBankPayments)
    .where(eq(sandboxBankPayments.conversationId, conversationId));
  return row ?? null;
}

/** The outcome the bank's books show, once it is final; null while the payment is under way. */
export function outcomeOf(row: BankRow): PaymentOutcome | null {
  switch (row.status) {
    case 'captured':
      return {
        status: 'succeeded',
        providerPaymentId: row.providerPaymentId!,
        // The sandbox bank pays no sub-merchants: our payouts carry the seller's share.
        itemTransactions: (row.itemTransactions ?? []).map((t) => ({ ...t, sellerPayoutKurus: null })),
        cardBrand: row.cardBrand,
        cardLastFour: row.cardLastFour,
      };
    case 'declined': {
      const scenario = (row.scenario ?? 'declined') as Exclude<Scenario, 'succeed' | 'slow_success'>;
      const code = scenario === 'slow_decline' ? 'declined' : scenario;
      return { status: 'failed', code, providerMessage: DECLINE_MESSAGES[scenario] ?? null };
    }
    case 'three_ds_failed':
      return { status: 'failed', code: 'three_ds_failed', providerMessage: DECLINE_MESSAGES.three_ds_failed };
    case 'cancelled':
      return { status: 'failed', code: 'cancelled', providerMessage: 'Cancelled by the card holder' };
    default:
      return null;
  }
}

/** What the result page posts to the callback for a row whose 3-D Secure step is over. */
export function callbackFieldsOf(row: BankRow): Record<string, string> | null {
  const base = { conversationId: row.conversationId, token: row.token };
  switch (row.status) {
    case 'authenticated':
    case 'captured':
    case 'declined':
      return { ...base, status: 'success', mdStatus: '1' };
    case 'three_ds_failed':
      return { ...base, status: 'failure', mdStatus: '0' };
    case 'cancelled':
      return { ...base, status: 'cancelled', mdStatus: '0' };
    default:
      return null;
  }
}
