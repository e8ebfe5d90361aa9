/**
 * Texts only the cart page's quantity field uses, kept out of tradingMessages (which the landing
 * page loads, at its script budget).
 */
export const cartQuantityMessages = {
  /** A typed quantity above the stock: the line is set to the stock. */
  stockSetToMax: (maxStock: number) => `Stokta ${maxStock} adet var; adet ${maxStock} yapıldı.`,
} as const;
