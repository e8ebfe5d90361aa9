import { cartMessages } from './trading/cart.tr.ts';
import { checkoutMessages } from './trading/checkout.tr.ts';
import { orderMessages } from './trading/orders.tr.ts';
import { tradingNotificationMessages } from './trading/notifications.tr.ts';

/** Turkish texts of trading: cart, checkout, payment, orders, notifications (spec part 2 §2, §5, §8). */
export const tradingMessages = {
  ...cartMessages,
  ...checkoutMessages,
  ...orderMessages,
  ...tradingNotificationMessages,
} as const;
