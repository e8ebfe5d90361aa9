/**
 * The browser's cart (spec part 2 §3). Kept free of zod: the header's cart badge reads it on every
 * page, the landing page included, whose script budget zod would break.
 */

/** The cart lives in localStorage under this key. */
export const CART_STORAGE_KEY = 'cart';

/**
 * A cart item in the spec's shape. fiyat is the unit price in kuruş (the discounted price when the
 * offer has a discount) as the buyer saw it; the server prices the cart again.
 */
export interface CartItem {
  /** The listing (offer) id. */
  id: string;
  marka: string;
  model_kodu: string;
  fiyat: number;
  quantity: number;
  maxStock: number;
  images: string[];
  seller_id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isWhole = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;

/** Whether a stored value is a well-formed cart item (storage is outside input: anything may be there). */
export function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    UUID.test(v.id) &&
    typeof v.marka === 'string' &&
    typeof v.model_kodu === 'string' &&
    isWhole(v.fiyat, 1) &&
    isWhole(v.quantity, 1) &&
    isWhole(v.maxStock, 0) &&
    Array.isArray(v.images) &&
    v.images.every((image) => typeof image === 'string') &&
    typeof v.seller_id === 'string'
  );
}
