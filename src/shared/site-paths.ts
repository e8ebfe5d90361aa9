/**
 * The app's URL paths in one place: the web router and links, and the links the server writes
 * into mails and notifications (prefixed with APP_URL there). Pure strings, no DOM.
 */
export const paths = {
  home: '/',
  search: '/arama',
  about: '/hakkimizda',
  contact: '/iletisim',
  login: '/login',
  authLogin: '/auth/login',
  auth: '/auth',
  register: '/register',
  authRegister: '/auth/register',
  forgotPassword: '/sifremi-unuttum',
  resetPassword: '/reset-password',
  forcePasswordReset: '/force-password-reset',
  favourites: '/favorilerim',
  dashboard: '/dashboard',
  /** The seller panel's other address (the prototype's). */
  panel: '/panel',
  profile: '/profilim',
  settings: '/settings',
  storeDashboard: '/store-dashboard',
  products: '/urunler',
  myProducts: '/urunlerim',
  addProduct: '/urun-ekle',
  admin: '/admin',
  userManagement: '/user-management',
  categories: '/kategoriler',
  marketplace: '/marketplace',
  cart: '/sepet',
  checkout: '/odeme',
  checkoutAlias: '/checkout',
  orders: '/siparislerim',
  /** The buyer's ÜTS alma list (decision 044). */
  ordersUts: '/siparislerim/uts',
  notifications: '/bildirimler',
  messages: '/mesajlar',
  brands: '/markalar',
} as const;

/**
 * The patterns of the pages addressed by a parameter, as the web router declares them and the
 * server renderer matches them (entry-server's public pages): one spelling for both.
 */
export const routePatterns = {
  category: '/kategori/:category',
  subcategory: '/kategori/:category/:sub',
  product: '/urun/:id',
  store: '/magaza/:slug',
} as const;

/** A store's public page: /magaza/:slug. */
export function storePath(slug: string): string {
  return `/magaza/${encodeURIComponent(slug)}`;
}

/** The search filtered by one brand (/arama?brand=…), as the brand facet sets it. */
export function brandSearchPath(brand: string): string {
  return `${paths.search}?brand=${encodeURIComponent(brand)}`;
}

/** Where the bank sends the buyer back after the card page: the payment's outcome for one order group. */
export function checkoutResultPath(groupId: string): string {
  return `${paths.checkout}/sonuc/${encodeURIComponent(groupId)}`;
}

/** One of the buyer's orders: /siparislerim/:id. */
export function orderPath(id: string): string {
  return `${paths.orders}/${id}`;
}

/** One message thread: /mesajlar/:id. */
export function threadPath(id: string): string {
  return `${paths.messages}/${encodeURIComponent(id)}`;
}

/**
 * Starts (or reopens) the thread about a listing or an order: a plain link any feature can give,
 * the messages page opens the thread and moves on to it.
 */
export function newThreadPath(subject: { listingId: string } | { orderId: string }): string {
  const query = 'listingId' in subject ? `ilan=${subject.listingId}` : `siparis=${subject.orderId}`;
  return `${paths.messages}/yeni?${query}`;
}

/** A seller panel tab: /dashboard?tab=<tab>. */
export function dashboardTabPath(tab: 'listings' | 'orders' | 'transactions' | 'settings'): string {
  return `${paths.dashboard}?tab=${tab}`;
}

/**
 * One of the seller's orders: the panel's orders tab with its detail open (?order=). Where order
 * notifications and mails send the seller, as /siparislerim/:id sends the buyer.
 */
export function sellerOrderPath(id: string): string {
  return `${dashboardTabPath('orders')}&order=${encodeURIComponent(id)}`;
}

/** A section of the seller panel: /dashboard/products, /dashboard/orders, … (notifications link there). */
export function dashboardSectionPath(
  section: 'products' | 'orders' | 'reports' | 'uts' | 'settings' | 'profile',
): string {
  return `${paths.dashboard}/${section}`;
}

export function categoryPath(id: string, sub?: string): string {
  return sub ? `/kategori/${id}/${sub}` : `/kategori/${id}`;
}

/** /urun/:id takes a catalogue product id, or a listing id (that offer is then shown first). */
export function productPath(id: string): string {
  return `/urun/${id}`;
}

export function searchPath(query: string): string {
  return `${paths.search}?q=${encodeURIComponent(query)}`;
}

/** The admin area (spec part 1 §2); all behind the admin guard. */
export const adminPaths = {
  overview: '/admin',
  overviewAlias: '/admin-panel',
  userManagement: '/user-management',
  applications: '/admin/applications',
  catalogue: '/admin/catalogue',
  analytics: '/admin/analytics',
  systemStatus: '/admin/system-status',
  notifications: '/admin/notifications',
  reports: '/admin/reports',
  database: '/admin/database',
  security: '/admin/security',
  settings: '/admin/settings',
  payouts: '/admin/payouts',
  orders: '/admin/orders',
  emailDebug: '/email-debug',
  disputes: '/admin/disputes',
} as const;

/** /user-management with a tab, and optionally a user's details open. */
export function userManagementPath(options: { tab?: 'users' | 'applications'; user?: string } = {}): string {
  const search: string[] = [];
  if (options.tab && options.tab !== 'users') search.push(`tab=${options.tab}`);
  if (options.user) search.push(`user=${encodeURIComponent(options.user)}`);
  return search.length > 0 ? `${adminPaths.userManagement}?${search.join('&')}` : adminPaths.userManagement;
}
