import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CartItem } from '#shared/cart.ts';
import type { Installments } from '#shared/pricing.ts';
import type { CartLineInput, CartQuote, CartQuoteBody } from '#shared/schemas/checkout.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { toCartLines } from '../../lib/cart-quote.ts';
import { useSession } from '../../lib/session.ts';

export const cartKeys = {
  all: ['cart'] as const,
  /** Keyed by who asks (visitors get no prices) and by exactly what the cart holds. */
  quote: (userId: string | null, lines: CartLineInput[]) => ['cart', 'quote', userId, lines] as const,
};

export function fetchCartQuote(body: CartQuoteBody, signal?: AbortSignal): Promise<CartQuote> {
  return apiFetch<CartQuote>('/api/cart/quote', { method: 'POST', body, signal });
}

/**
 * The cart shows the price before a payment is chosen: without the Peşin discount, which only the
 * checkout's "Peşin" takes. That is the price of paying in instalments (the same for every count),
 * so the cart is quoted for one; quoted as Peşin, its VAT would be that of a discounted base it
 * does not show (decision 039: the discount lowers the VAT base).
 */
const cartPriceInstallments: Installments = 2;

/** The quote of these items for this user (prices depend on who asks), fresh for a short while: stock and prices move. */
export function cartQuoteQuery(userId: string | null, items: readonly CartItem[]) {
  const lines = toCartLines(items);
  return {
    queryKey: cartKeys.quote(userId, lines),
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      fetchCartQuote({ lines, installments: cartPriceInstallments }, signal),
    staleTime: 30_000,
  };
}

/**
 * The server's quote of the cart, asked again whenever the cart changes. The previous quote stays
 * on screen while the next one loads (isPlaceholderData), so the page does not flash.
 */
export function useCartQuote(items: readonly CartItem[]) {
  const session = useSession();
  return useQuery({
    ...cartQuoteQuery(session.data?.user?.id ?? null, items),
    // Prices depend on who asks: wait for the session. An empty cart needs no quote.
    enabled: !session.isPending && items.length > 0,
    placeholderData: keepPreviousData,
  });
}
