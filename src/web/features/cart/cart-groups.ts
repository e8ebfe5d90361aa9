import type { CartItem } from '#shared/cart.ts';
import type { CartQuote, QuotedLine } from '#shared/schemas/checkout.ts';

type QuotedGroup = NonNullable<CartQuote['price']>['groups'][number];

export interface CartEntry {
  item: CartItem;
  /** The server's word on this item; undefined while the quote of the current cart is not in yet. */
  line: QuotedLine | undefined;
}

export interface CartSellerGroup {
  /** The seller's id; null for offers that no longer exist (their seller is unknown). */
  sellerId: string | null;
  sellerHandle: string | null;
  /** The seller's store page address, once the quote names it. */
  sellerSlug: string | null;
  entries: CartEntry[];
  /** The group's money from the quote; null for visitors, or while a group has no priced line. */
  price: QuotedGroup | null;
}

/**
 * The cart's items in seller groups, in the order the sellers first appear in the cart. The seller
 * comes from the quote when it has the line (the stored one otherwise); money only from the quote.
 */
export function groupCartBySeller(items: readonly CartItem[], quote: CartQuote | undefined): CartSellerGroup[] {
  const lineOf = new Map(quote?.lines.map((line) => [line.listingId, visibleProblems(line, quote.pricesVisible)]));
  const groups = new Map<string | null, CartSellerGroup>();
  for (const item of items) {
    const line = lineOf.get(item.id);
    const sellerId = line ? line.sellerId : item.seller_id;
    let group = groups.get(sellerId);
    if (!group) {
      const price = quote?.price?.groups.find((g) => g.sellerId === sellerId) ?? null;
      group = {
        sellerId,
        sellerHandle: line?.sellerHandle ?? price?.sellerHandle ?? null,
        sellerSlug: line?.sellerSlug ?? price?.sellerSlug ?? null,
        entries: [],
        price,
      };
      groups.set(sellerId, group);
    }
    group.sellerHandle ??= line?.sellerHandle ?? null;
    group.sellerSlug ??= line?.sellerSlug ?? null;
    group.entries.push({ item, line });
  }
  return [...groups.values()];
}

/**
 * The line's problems a buyer can act on: a visitor sees no prices, so a price change is not
 * theirs to accept (it is shown after signing in).
 */
export function visibleProblems(line: QuotedLine, pricesVisible: boolean): QuotedLine {
  return pricesVisible ? line : { ...line, problems: line.problems.filter((p) => p !== 'price_changed') };
}

/** The quoted lines that need a change before checkout ("Tüm Değişiklikleri Uygula" applies them all). */
export function linesWithProblems(items: readonly CartItem[], quote: CartQuote | undefined): QuotedLine[] {
  const inCart = new Set(items.map((i) => i.id));
  return (quote?.lines ?? [])
    .map((line) => visibleProblems(line, quote!.pricesVisible))
    .filter((line) => line.problems.length > 0 && inCart.has(line.listingId));
}
