import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Installments } from '#shared/pricing.ts';
import {
  cartQuoteSchema,
  type CartLineInput,
  type CartQuote,
  type CheckoutBody,
  type CheckoutGroupStatus,
  type CheckoutProfile,
  type CheckoutResult,
  type CancelCheckoutResult,
} from '#shared/schemas/checkout.ts';
import { ApiError, apiErrorFrom, apiFetch, fetchWithSession } from '../../lib/api-client.ts';
import { sendWithInProgressRetry } from './idempotency.ts';
import { nextPollDelay } from './result-polling.ts';

export const checkoutKeys = {
  all: ['checkout'] as const,
  profile: ['checkout', 'profile'] as const,
  quote: (lines: CartLineInput[], installments: Installments) => ['checkout', 'quote', lines, installments] as const,
  group: (groupId: string) => ['checkout', 'group', groupId] as const,
};

/** The store's address (prefill), its billing party and the escrow days. */
export function useCheckoutProfile() {
  return useQuery({
    queryKey: checkoutKeys.profile,
    queryFn: ({ signal }) => apiFetch<CheckoutProfile>('/api/checkout/profile', { signal }),
  });
}

/**
 * The server's price of the cart for the chosen instalments. Always asked afresh when the page
 * opens (prices and stock move); while another instalment is being priced the last figures stay.
 */
export function useCheckoutQuote(lines: CartLineInput[], installments: Installments) {
  return useQuery({
    queryKey: checkoutKeys.quote(lines, installments),
    queryFn: ({ signal }) =>
      apiFetch<CartQuote>('/api/cart/quote', { method: 'POST', body: { lines, installments }, signal }),
    enabled: lines.length > 0,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** CART_CHANGED: the server priced the cart differently from what the buyer agreed to; `quote` is its new price. */
export class CartChangedError extends ApiError {
  constructor(
    error: ApiError,
    readonly quote: CartQuote,
  ) {
    super(error.code, error.message, error.status, error.fields);
    this.name = 'CartChangedError';
  }
}

/** POST /api/checkout with its Idempotency-Key; a CART_CHANGED refusal carries the server's new quote. */
export async function postCheckout(body: CheckoutBody, idempotencyKey: string): Promise<CheckoutResult> {
  const response = await fetchWithSession('/api/checkout', {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
  });
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return payload as CheckoutResult;
  const error = apiErrorFrom(response.status, payload);
  if (error.code === 'CART_CHANGED') {
    const quote = cartQuoteSchema.safeParse((payload as { quote?: unknown } | null)?.quote);
    if (quote.success) throw new CartChangedError(error, quote.data);
  }
  throw error;
}

/** Submits one checkout attempt (asking again with the same key while the server reports it in progress). */
export function useSubmitCheckout() {
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CheckoutBody; idempotencyKey: string }) =>
      sendWithInProgressRetry(() => postCheckout(body, idempotencyKey)),
  });
}

/** The order group's payment status, asked every 2 s for up to a minute while the bank's answer is awaited. */
export function useCheckoutGroup(groupId: string, startedAt: number) {
  return useQuery({
    queryKey: checkoutKeys.group(groupId),
    queryFn: ({ signal }) =>
      apiFetch<CheckoutGroupStatus>(`/api/checkout/groups/${encodeURIComponent(groupId)}`, { signal }),
    staleTime: 0,
    refetchInterval: (query) => nextPollDelay(query.state.data?.status, startedAt, Date.now()),
  });
}

/** Gives up an unpaid checkout: its payment is cancelled and the stock goes back at once. */
export function cancelCheckout(groupId: string): Promise<CancelCheckoutResult> {
  return apiFetch<CancelCheckoutResult>(`/api/checkout/groups/${encodeURIComponent(groupId)}/cancel`, {
    method: 'POST',
  });
}

/** "Ödemeyi İptal Et" on the result page; everything priced or listed before is out of date after it. */
export function useCancelCheckout(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => cancelCheckout(groupId),
    onSettled: () => client.invalidateQueries(),
  });
}
