import { CartPage } from '../../features/cart/cart-page.tsx';
import { useReleaseAbandonedPayment } from '../../features/checkout/abandoned-payment.ts';

/** /sepet: the cart, which also gives up a checkout this tab left unpaid at the bank. */
export function CartRoute() {
  useReleaseAbandonedPayment();
  return <CartPage />;
}
