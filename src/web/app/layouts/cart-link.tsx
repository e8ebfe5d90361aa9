import { ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '#shared/messages.tr.ts';
import { countCartUnits, useCartItems } from '../../lib/cart-store.ts';
import { paths } from '../../lib/paths.ts';

/** Badges stop growing here ("99+"); the label still says the real count. */
const BADGE_MAX = 99;

/** The number of units in the browser's cart (every tab's changes included). */
export function useCartUnitCount(): number {
  return countCartUnits(useCartItems());
}

/** The header's cart: an icon with the number of units in the cart ("Sepet, n ürün"). */
export function CartLink() {
  const count = useCartUnitCount();
  return (
    <Link
      to={paths.cart}
      aria-label={messages.nav.cartBadge(count)}
      data-testid="cart-link"
      className="relative grid size-11 shrink-0 place-items-center rounded-lg text-slate-800 hover:bg-slate-100"
    >
      <ShoppingCart aria-hidden="true" className="size-6" />
      {count > 0 ? (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-xs leading-none font-bold text-white tabular-nums"
        >
          {count > BADGE_MAX ? `${BADGE_MAX}+` : count}
        </span>
      ) : null}
    </Link>
  );
}
