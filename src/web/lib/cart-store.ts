import { useSyncExternalStore } from 'react';
import { CART_STORAGE_KEY, isCartItem, type CartItem } from '#shared/cart.ts';
import type { CartLineInput, QuotedLine } from '#shared/schemas/checkout.ts';

/** The outcome of a change: the new items, or a refusal because the stock does not allow it. */
export type CartChange = { ok: true; items: CartItem[] } | { ok: false; maxStock: number };

/**
 * The stored text as cart items; missing, unreadable or malformed storage is an empty cart, and
 * a malformed item is dropped without taking the others with it.
 */
export function parseCart(raw: string | null): CartItem[] {
  if (!raw) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(stored)) return [];
  return stored.filter(isCartItem);
}

/**
 * Sets an offer's quantity (whole units; a fraction is cut): zero or less removes it, more than
 * maxStock is refused, and anything but a number changes nothing (spec part 2 §5).
 */
function withQuantity(items: readonly CartItem[], item: CartItem, quantity: number): CartChange {
  const whole = Math.trunc(quantity);
  if (Number.isNaN(whole)) return { ok: true, items: [...items] };
  if (whole <= 0) return { ok: true, items: items.filter((i) => i.id !== item.id) };
  if (whole > item.maxStock) return { ok: false, maxStock: item.maxStock };
  const updated = { ...item, quantity: whole };
  return items.some((i) => i.id === item.id)
    ? { ok: true, items: items.map((i) => (i.id === item.id ? updated : i)) }
    : { ok: true, items: [...items, updated] };
}

/**
 * Puts `item.quantity` more of an offer in the cart. An offer already there keeps its place,
 * takes the offer's latest details and grows; the total is checked against maxStock.
 */
export function addItem(items: readonly CartItem[], item: CartItem): CartChange {
  const existing = items.find((i) => i.id === item.id);
  return withQuantity(items, item, (existing?.quantity ?? 0) + Math.trunc(item.quantity));
}

/** Sets an item's quantity; zero or less removes it, more than maxStock is refused. */
export function setItemQuantity(items: readonly CartItem[], id: string, quantity: number): CartChange {
  const existing = items.find((i) => i.id === id);
  return existing ? withQuantity(items, existing, quantity) : { ok: true, items: [...items] };
}

/** Takes an offer out of the cart. */
export function removeItem(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((i) => i.id !== id);
}

/** The number of units in the cart (the header badge): the sum of the quantities. */
export function countCartUnits(items: readonly CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

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

// --- The browser's cart in localStorage, shared by every tab ------------------------------

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; items: CartItem[] } = { raw: null, items: [] };

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage can be switched off (private modes, policies): the cart is then empty.
    return null;
  }
}

/** The current items; the same array as long as the stored text is unchanged (useSyncExternalStore needs that). */
function readCart(): CartItem[] {
  const raw = readRaw();
  if (raw !== snapshot.raw) snapshot = { raw, items: parseCart(raw) };
  return snapshot.items;
}

function notify() {
  for (const listener of listeners) listener();
}

function applyChange(change: CartChange): CartChange {
  if (change.ok) {
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(change.items));
    } catch {
      // A full or disabled storage keeps the previous cart.
    }
    notify();
  }
  return change;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the cart (or cleared all storage: key null).
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function addToCart(item: CartItem): CartChange {
  return applyChange(addItem(readCart(), item));
}

export function setCartQuantity(id: string, quantity: number): CartChange {
  return applyChange(setItemQuantity(readCart(), id, quantity));
}

export function removeFromCart(id: string): void {
  applyChange({ ok: true, items: removeItem(readCart(), id) });
}

export function clearCart(): void {
  applyChange({ ok: true, items: [] });
}

/** Applies one line's fix, or every line's (see fixItem). */
export function fixCartLines(lines: readonly QuotedLine[]): void {
  applyChange({ ok: true, items: fixAllItems(readCart(), lines) });
}

/** Keeps the stored stock in step with the server's quote (writes only when it differs). */
export function syncCartStock(lines: readonly QuotedLine[]): void {
  const items = readCart();
  const synced = withQuotedStock(items, lines);
  if (synced !== items) applyChange({ ok: true, items: [...synced] });
}

const noItems: CartItem[] = [];

/**
 * The cart's items, re-rendering on changes in this tab and in others. A server-rendered page has
 * no cart (no localStorage there); hydration starts from that empty cart and then reads the stored one.
 */
export function useCartItems(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => noItems);
}
