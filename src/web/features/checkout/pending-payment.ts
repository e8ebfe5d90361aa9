import type { CheckoutAttempt } from './idempotency.ts';

/**
 * What this tab remembers of its checkout across the full page navigations to the card page and
 * back (sessionStorage: per tab, gone with it).
 *
 * - The attempt (Idempotency-Key and body): coming back from the card page (Back button, reload)
 *   and paying again with the same cart and address replays the same order group instead of
 *   creating a second one whose reservation would compete with the first for the last units.
 * - The pending payment: the group this tab sent to the card page, with the cart lines it bought.
 *   The result page removes exactly those lines once the group is paid, and only for the group
 *   this tab started: opening an old result page later must not empty a cart filled since.
 */
export interface PendingPayment {
  groupId: string;
  listingIds: string[];
}

const ATTEMPT_KEY = 'checkout:attempt';
const PENDING_PAYMENT_KEY = 'checkout:pending-payment';

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): SessionStore | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage switched off: the cart (in localStorage) is then unavailable too.
    return null;
  }
}

function read(store: SessionStore | null, key: string): unknown {
  try {
    return JSON.parse(store?.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function write(store: SessionStore | null, key: string, value: unknown) {
  try {
    store?.setItem(key, JSON.stringify(value));
  } catch {
    // A full storage only costs the replay after a reload and the automatic cart clean-up.
  }
}

export function loadAttempt(store: SessionStore | null = sessionStore()): CheckoutAttempt | null {
  const attempt = read(store, ATTEMPT_KEY) as Partial<CheckoutAttempt> | null;
  return typeof attempt?.key === 'string' && typeof attempt.fingerprint === 'string'
    ? { key: attempt.key, fingerprint: attempt.fingerprint }
    : null;
}

export function saveAttempt(attempt: CheckoutAttempt | null, store: SessionStore | null = sessionStore()): void {
  if (attempt) write(store, ATTEMPT_KEY, attempt);
  else store?.removeItem(ATTEMPT_KEY);
}

export function rememberPendingPayment(payment: PendingPayment, store: SessionStore | null = sessionStore()): void {
  write(store, PENDING_PAYMENT_KEY, payment);
}

/**
 * The pending payment of this group, forgotten as it is taken, together with the attempt that
 * created it (the group is settled: paying again is a new order group). Null for another group.
 */
export function takePendingPayment(
  groupId: string,
  store: SessionStore | null = sessionStore(),
): PendingPayment | null {
  const payment = peekPendingPayment(store);
  if (payment?.groupId !== groupId) return null;
  store?.removeItem(PENDING_PAYMENT_KEY);
  store?.removeItem(ATTEMPT_KEY);
  return payment;
}

/** The payment this tab sent to the card page and has not settled yet, left in place (null when none). */
export function peekPendingPayment(store: SessionStore | null = sessionStore()): PendingPayment | null {
  const payment = read(store, PENDING_PAYMENT_KEY) as Partial<PendingPayment> | null;
  if (typeof payment?.groupId !== 'string' || !Array.isArray(payment.listingIds)) return null;
  return {
    groupId: payment.groupId,
    listingIds: payment.listingIds.filter((id): id is string => typeof id === 'string'),
  };
}
