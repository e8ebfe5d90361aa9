import { useSyncExternalStore } from 'react';
import { CART_STORAGE_KEY, isCartItem, type CartItem } from '#shared/cart.ts';

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
export function readCart(): CartItem[] {
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

/**
 * Replaces the stored cart with `update`'s items; null leaves it untouched (no write, no
 * re-render). For the cart page's changes in cart-quote.ts.
 */
export function updateCart(update: (items: CartItem[]) => readonly CartItem[] | null): void {
  const items = update(readCart());
  if (items) applyChange({ ok: true, items: [...items] });
}

const noItems: CartItem[] = [];

/**
 * The cart's items, re-rendering on changes in this tab and in others. A server-rendered page has
 * no cart (no localStorage there); hydration starts from that empty cart and then reads the stored one.
 */
export function useCartItems(): CartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => noItems);
}
