/** Who may do what with an order's ÜTS data (decision 044). Pure rules, no queries. */

export type UtsSide = 'verme' | 'alma';

/** The caller's side of an order: its seller notifies "verme", its buyer "alma"; anyone else none. */
export function utsSideOf(order: { sellerId: string; buyerId: string }, userId: string): UtsSide | null {
  if (order.sellerId === userId) return 'verme';
  if (order.buyerId === userId) return 'alma';
  return null;
}

/** A line is tracked when its category is one the admin marked; a line without a category is not. */
export function isUtsTracked(category: string | null, trackedCategories: readonly string[]): boolean {
  return category !== null && trackedCategories.includes(category);
}
