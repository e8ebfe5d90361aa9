import type { OrderStatus } from '../../status.ts';

/**
 * One Turkish label per order state, read by every screen, notice and mail (issue 22): the buyer's
 * and the seller's lists, the admin desk and the dispute page. The spec's words where it names a
 * state (part 2 §4: Ödeme Alındı, Kargolandı, Teslimat Onaylandı, Tamamlandı, Sorunlu). Kept out of
 * tradingMessages, which the landing page loads (its script budget), so only order pages load them.
 */
export const orderStatusLabels = {
  awaiting_payment: 'Ödeme Bekleniyor',
  paid_escrow: 'Ödeme Alındı',
  shipped: 'Kargolandı',
  delivery_confirmed: 'Teslimat Onaylandı',
  completed: 'Tamamlandı',
  disputed: 'Sorunlu',
  refunded: 'İade Edildi',
  partially_refunded: 'Kısmen İade Edildi',
  released: 'Satıcıya Aktarıldı',
  cancelled: 'İptal Edildi',
} as const satisfies Record<OrderStatus, string>;

/** A paid order the seller has not approved yet (the server's `awaitingAcceptance`): the same words on both sides. */
export const awaitingAcceptanceLabel = 'Satıcı Onayı Bekleniyor';
