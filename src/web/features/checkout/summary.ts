import { tradingMessages } from '#shared/messages/trading.tr.ts';
import {
  orderAmountRows,
  orderAmountsOfQuote,
  type OrderAmountRow,
  type QuotedAmounts,
} from '#shared/order-amounts.ts';
import { installmentOptions, type Installments } from '#shared/pricing.ts';
import type { CartQuote, QuotedLine } from '#shared/schemas/checkout.ts';
import { formatKurus } from '../../lib/format.ts';

const c = tradingMessages.cart;
const m = tradingMessages.checkout;

export interface SummaryLine {
  listingId: string;
  title: string;
  quantity: number;
  lineTotalKurus: number | null;
}

export interface SummaryGroup {
  sellerId: string;
  /** "@handle", or "Satıcı" when the seller has none. */
  sellerLabel: string;
  lines: SummaryLine[];
  isFreeShipping: boolean;
  /**
   * This order's money in the rows of its order page: goods, shipping, the Peşin discount, VAT per
   * rate of its own lines, what it charges ("İçindeki KDV" after it when prices include VAT).
   */
  rows: OrderAmountRow[];
}

/** What the order summary shows: every amount as the server priced it (nothing is computed here). */
export interface CheckoutSummary {
  groups: SummaryGroup[];
  /** The cart's money in the same rows; its total is what the card is charged. */
  rows: OrderAmountRow[];
  /** No seller charges shipping. */
  isFreeShipping: boolean;
  /** The charged amount in months, as the bank charges them (the last absorbs the leftover kuruş). */
  installmentAmounts: number[];
}

export interface InstallmentPlan {
  installments: Installments;
  chargedKurus: number;
  monthlyKurus: number;
  discountKurus: number;
}

function titleOf(line: QuotedLine): string {
  return [line.marka, line.modelKodu].filter(Boolean).join(' ') || line.name;
}

function sellerLabelOf(handle: string | null): string {
  return handle ? `@${handle}` : m.sellerFallback;
}

/** The server's quote as the summary grouped by seller; null while the quote has no prices. */
export function summaryOf(quote: CartQuote): CheckoutSummary | null {
  const price = quote.price;
  if (!price) return null;
  const linesById = new Map(quote.lines.map((line) => [line.listingId, line]));
  const rowsOf = (quoted: QuotedAmounts) => orderAmountRows(orderAmountsOfQuote(quoted, price.isVatIncluded));
  return {
    groups: price.groups.map((group) => ({
      sellerId: group.sellerId,
      sellerLabel: sellerLabelOf(group.sellerHandle),
      lines: group.listingIds.flatMap((id) => {
        const line = linesById.get(id);
        return line
          ? [{ listingId: id, title: titleOf(line), quantity: line.quantity, lineTotalKurus: line.lineTotalKurus }]
          : [];
      }),
      isFreeShipping: group.isFreeShipping,
      rows: rowsOf(group),
    })),
    rows: rowsOf(price),
    isFreeShipping: price.shippingKurus === 0,
    installmentAmounts: price.installmentAmounts,
  };
}

/** The instalment options the server priced, in the spec's order (1, 2, 3, 6, 12). */
export function plansOf(quote: CartQuote | undefined): InstallmentPlan[] {
  const plans = quote?.price?.plans ?? [];
  return installmentOptions.flatMap((n) => {
    const plan = plans.find((p) => p.installments === n);
    return plan ? [{ ...plan, installments: n }] : [];
  });
}

/**
 * The amount the buyer agrees to pay with the chosen instalments: the server's figure. A quote
 * priced for exactly this choice carries it; otherwise the matching plan of the instalment table.
 */
export function chargedFor(quote: CartQuote | undefined, installments: Installments): number | null {
  const price = quote?.price;
  if (!price) return null;
  if (price.installments === installments) return price.chargedKurus;
  return plansOf(quote).find((p) => p.installments === installments)?.chargedKurus ?? null;
}

export interface LineDifference {
  listingId: string;
  title: string;
  /** The Turkish sentences of what changed, one per problem. */
  texts: string[];
}

/** What differs between the buyer's cart and the offers now, line by line (the cart page fixes them). */
export function differencesOf(quote: CartQuote): LineDifference[] {
  return quote.lines.flatMap((line) => {
    const texts = line.problems.map((problem) => {
      switch (problem) {
        case 'unavailable':
          return c.problems.unavailable;
        case 'expired':
          return c.problems.expired;
        case 'own_offer':
          return c.problems.own_offer;
        case 'price_changed':
          return line.seenUnitPriceKurus !== null && line.unitPriceKurus !== null
            ? c.problems.price_changed(formatKurus(line.seenUnitPriceKurus), formatKurus(line.unitPriceKurus))
            : c.changedTitle;
        case 'insufficient_stock':
          return c.problems.insufficient_stock(line.stock);
        case 'below_minimum':
          return c.problems.below_minimum(line.minOrderQty);
      }
    });
    return texts.length > 0 ? [{ listingId: line.listingId, title: titleOf(line), texts }] : [];
  });
}
