import { matchPath } from 'react-router';
import { buyerOrdersApiPath, notificationPageApiPath, sellerOrdersApiPath, sessionApiPath } from '#shared/api-paths.ts';
import { notificationFilterFrom } from '../features/notifications/notification-filter.ts';
import { buyerOrdersPageFrom } from '../features/orders/api.ts';
import { orderSearchFrom } from '../features/orders/order-search-box.tsx';
import { sellerOrderFiltersFrom, sellerOrderQueryOf } from '../features/orders/seller-order-filters.ts';
import { paths } from '../lib/paths.ts';

/**
 * What a member's document names for the screens members open most (issue 21,
 * docs/decisions/049-member-preload.md): the API addresses the screen's first queries fetch,
 * from the document's own query string, and the lazy modules of the page (Vite's manifest keys).
 * The session comes first everywhere: every member route's guard waits for it.
 */
export interface MemberPreloads {
  apiPaths: string[];
  modules: string[];
}

const sellerOrdersApi = (params: URLSearchParams) =>
  sellerOrdersApiPath(sellerOrderQueryOf(sellerOrderFiltersFrom(params), orderSearchFrom(params)));

const sellerSectionModules = [
  'app/pages/store-dashboard/store-dashboard-layout.tsx',
  'app/pages/store-dashboard/seller-section-pages.tsx',
];

const screens: { path: string; preloads: (params: URLSearchParams) => MemberPreloads | null }[] = [
  {
    path: paths.orders,
    preloads: (params) => ({
      apiPaths: [buyerOrdersApiPath(buyerOrdersPageFrom(params), orderSearchFrom(params))],
      modules: ['features/orders/buyer-orders-page.tsx'],
    }),
  },
  {
    path: paths.notifications,
    preloads: (params) => ({
      apiPaths: [notificationPageApiPath(notificationFilterFrom(params))],
      modules: ['features/notifications/notifications-page.tsx'],
    }),
  },
  // The seller panel's orders tab (its other tabs start with other queries) and the orders section.
  ...[paths.dashboard, paths.panel].map((path) => ({
    path,
    preloads: (params: URLSearchParams) =>
      params.get('tab') === 'orders'
        ? { apiPaths: [sellerOrdersApi(params)], modules: ['app/pages/seller-panel/seller-panel-page.tsx'] }
        : null,
  })),
  ...[`${paths.dashboard}/orders`, `${paths.storeDashboard}/orders`].map((path) => ({
    path,
    preloads: (params: URLSearchParams) => ({ apiPaths: [sellerOrdersApi(params)], modules: sellerSectionModules }),
  })),
  // The cart's quote is a POST of the browser's stored cart: main.tsx starts it (start-quote.ts).
  {
    path: paths.cart,
    preloads: () => ({ apiPaths: [], modules: ['app/pages/cart-route.tsx', 'features/cart/start-quote.ts'] }),
  },
];

/** The preloads of a member's document at `url` (path and query), or null for a screen that has none. */
export function memberPreloadsOf(url: string): MemberPreloads | null {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const screen = screens.find(({ path }) => matchPath(path, pathname));
  const preloads = screen?.preloads(searchParams);
  return preloads ? { apiPaths: [sessionApiPath, ...preloads.apiPaths], modules: preloads.modules } : null;
}
