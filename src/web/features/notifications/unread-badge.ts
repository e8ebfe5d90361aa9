// No message imports here: the mobile menu's badge loads with every page.

/** The bell's badge: the count, "9+" above 9, nothing at 0. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
