/**
 * Navigation state that keeps the scroll position (filters, tabs, views that rewrite the query
 * string): pass it as `state` to `Link`, `navigate` or `setSearchParams`. Every other new
 * navigation starts at the top of the page (app/layouts/scroll-reset.tsx).
 */
export const keepScroll = { keepScroll: true } as const;

export function isKeepScroll(state: unknown): boolean {
  return (state as Partial<typeof keepScroll> | null)?.keepScroll === true;
}
