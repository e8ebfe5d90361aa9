import { z } from './zod-tr.ts';

/** The browser's cart lives in localStorage under this key (spec part 2 §3). */
export const CART_STORAGE_KEY = 'cart';

/**
 * A cart item in the spec's shape. fiyat is the unit price in kuruş (the discounted price when the
 * offer has a discount); the server prices the order again at checkout.
 */
export const cartItemSchema = z.object({
  /** The listing (offer) id. */
  id: z.uuid(),
  marka: z.string(),
  model_kodu: z.string(),
  fiyat: z.number().int().positive(),
  quantity: z.number().int().positive(),
  maxStock: z.number().int().nonnegative(),
  images: z.array(z.string()),
  seller_id: z.string(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
