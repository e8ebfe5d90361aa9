import type { QueryClient } from '@tanstack/react-query';
import { readCart } from '../../lib/cart-store.ts';
import { sessionQuery } from '../../lib/session.ts';
import { cartQuoteQuery } from './api.ts';

/**
 * main.tsx calls this when the document is the cart (/sepet): the quote is a POST of the stored
 * cart, which no preload link can start, so it goes out here, beside the session's GET, before the
 * router and the page's chunk have loaded. It lands in the cache under the page's own key
 * (useCartQuote), which the page then reads instead of asking again.
 */
export async function startCartQuote(queryClient: QueryClient): Promise<void> {
  const items = readCart();
  if (items.length === 0) return;
  // The server prices for the cookie's member, so the request need not wait for the session; only
  // the key, which names the user, does.
  const answer = cartQuoteQuery(null, items).queryFn({});
  answer.catch(() => undefined); // a failed quote is the page's to ask again and show
  const session = await queryClient.fetchQuery(sessionQuery).catch(() => null);
  if (!session) return;
  await queryClient.prefetchQuery({ ...cartQuoteQuery(session.user?.id ?? null, items), queryFn: () => answer });
}
