import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** The admin sidebar remembers whether it is collapsed for 7 days (spec part 1 §9). */
export const SIDEBAR_COOKIE = 'admin_sidebar';
export const SIDEBAR_COOKIE_MAX_AGE = 7 * 24 * 60 * 60;

export function readSidebarCollapsed(): boolean {
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return entry?.slice(SIDEBAR_COOKIE.length + 1) === 'collapsed';
}

function writeSidebarCollapsed(collapsed: boolean) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIDEBAR_COOKIE}=${collapsed ? 'collapsed' : 'expanded'}; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
}

/** Desktop sidebar state: read from the cookie on load, written back on every change. */
export function useSidebarCollapsed() {
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed);
  useEffect(() => writeSidebarCollapsed(collapsed), [collapsed]);
  const toggle = useCallback(() => setCollapsed((value) => !value), []);
  return { collapsed, toggle };
}

/** The md breakpoint (768 px): above it the sidebar sits beside the page, below it slides in. */
const DESKTOP_QUERY = '(min-width: 768px)';

export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(DESKTOP_QUERY);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(DESKTOP_QUERY).matches,
  );
}

/**
 * Ctrl/Cmd+B toggles the sidebar; Ctrl/Cmd+K focuses the page's search box (any visible element
 * marked `data-admin-search`). Without a search box on the page, Ctrl/Cmd+K is left to the browser.
 */
export function useAdminShortcuts(onToggleSidebar: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.repeat) return;
      const key = event.key.toLowerCase();
      if (key === 'b') {
        event.preventDefault();
        onToggleSidebar();
      } else if (key === 'k') {
        // Pages register their box with data-admin-search; any search field of the page is the fallback.
        const visible = (el: HTMLInputElement) => el.offsetParent !== null;
        const search =
          [...document.querySelectorAll<HTMLInputElement>('[data-admin-search]')].find(visible) ??
          [...document.querySelectorAll<HTMLInputElement>('main input[type="search"]')].find(visible);
        if (!search) return;
        event.preventDefault();
        search.focus();
        search.select();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onToggleSidebar]);
}
