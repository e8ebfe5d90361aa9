/**
 * The order group this tab sent to the card page, with the cart lines it bought. The result page
 * removes exactly those lines once the group is paid, and only for the group this tab started:
 * opening an old result page later must not empty a cart filled since.
 */
export interface PendingPayment {
  groupId: string;
  listingIds: string[];
}

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

export function rememberPendingPayment(payment: PendingPayment, store: SessionStore | null = sessionStore()): void {
  try {
    store?.setItem(PENDING_PAYMENT_KEY, JSON.stringify(payment));
  } catch {
    // A full storage only costs the automatic cart clean-up.
  }
}

/** The pending payment of this group, forgotten as it is taken; null for another group or none. */
export function takePendingPayment(
  groupId: string,
  store: SessionStore | null = sessionStore(),
): PendingPayment | null {
  let stored: unknown;
  try {
    stored = JSON.parse(store?.getItem(PENDING_PAYMENT_KEY) ?? 'null');
  } catch {
    return null;
  }
  const payment = stored as Partial<PendingPayment> | null;
  if (payment?.groupId !== groupId || !Array.isArray(payment.listingIds)) return null;
  store?.removeItem(PENDING_PAYMENT_KEY);
  return { groupId, listingIds: payment.listingIds.filter((id): id is string => typeof id === 'string') };
}
