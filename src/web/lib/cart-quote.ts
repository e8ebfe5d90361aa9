import type { CartItem } from '#shared/cart.ts';
import type { CartLineInput, QuotedLine } from '#shared/schemas/checkout.ts';
import { removeItem, updateCart } from './cart-store.ts';

// The cart against the server's quote: only the cart and checkout pages need it, so it stays
// out of the first download that every page (and the header's cart badge) makes.

/** The cart as the quote and checkout endpoints take it: offer, quantity and the price the buyer saw. */
export function toCartLines(items: readonly CartItem[]): CartLineInput[] {
  return items.map((item) => ({ listingId: item.id, quantity: item.quantity, seenUnitPriceKurus: item.fiyat }));
}

/**
 * The one-click fix of a quoted line's problems: a vanished, switched-off, past-miat or own offer leaves the
 * cart; a new price is accepted (stored as the price seen); the quantity goes down to the stock
 * (sold out: the offer leaves) or up to the seller's minimum (unreachable within the stock: it
 * leaves). The stored stock follows the server's. An item without problems is left as it is.
 */
export function fixItem(items: readonly CartItem[], line: QuotedLine): CartItem[] {
  const item = items.find((i) => i.id === line.listingId);
  if (!item || line.problems.length === 0) return [...items];
  const problems = new Set(line.problems);
  if (problems.has('unavailable') || problems.has('expired') || problems.has('own_offer')) {
    return removeItem(items, item.id);
  }
  let quantity = item.quantity;
  if (problems.has('insufficient_stock')) quantity = Math.min(quantity, line.stock);
  if (problems.has('below_minimum')) {
    // The seller's minimum is more than the stock: it cannot be bought at all.
    if (line.minOrderQty > line.stock) return removeItem(items, item.id);
    quantity = Math.max(quantity, line.minOrderQty);
  }
  if (quantity <= 0) return removeItem(items, item.id);
  const fiyat = problems.has('price_changed') && line.unitPriceKurus ? line.unitPriceKurus : item.fiyat;
  const fixed: CartItem = { ...item, quantity, fiyat, maxStock: line.stock };
  return items.map((i) => (i.id === item.id ? fixed : i));
}

/** Every quoted line's fix at once ("Tüm Değişiklikleri Uygula"). */
export function fixAllItems(items: readonly CartItem[], lines: readonly QuotedLine[]): CartItem[] {
  return lines.reduce<CartItem[]>((current, line) => fixItem(current, line), [...items]);
}

/**
 * The stored stock (maxStock, which the quantity controls obey) brought up to the server's;
 * the same array when nothing differs, so a quote does not rewrite an unchanged cart.
 */
export function withQuotedStock(items: readonly CartItem[], lines: readonly QuotedLine[]): readonly CartItem[] {
  const stockOf = new Map(lines.filter((l) => l.productId !== null).map((l) => [l.listingId, l.stock]));
  const differs = items.some((i) => stockOf.has(i.id) && stockOf.get(i.id) !== i.maxStock);
  return differs ? items.map((i) => (stockOf.has(i.id) ? { ...i, maxStock: stockOf.get(i.id)! } : i)) : items;
}

/** Applies one line's fix, or every line's (see fixItem). */
export function fixCartLines(lines: readonly QuotedLine[]): void {
  updateCart((items) => fixAllItems(items, lines));
}

/** Keeps the stored stock in step with the server's quote (writes only when it differs). */
export function syncCartStock(lines: readonly QuotedLine[]): void {
  updateCart((items) => {
    const synced = withQuotedStock(items, lines);
    return synced === items ? null : synced;
  });
}
