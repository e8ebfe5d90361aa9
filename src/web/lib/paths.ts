import { categories } from '#shared/categories.ts';

/** Every route the client knows, in one place. */
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
  notifications: '/bildirimler',
  messages: '/mesajlar',
} as const;

/** Where the bank sends the buyer back after the card page: the payment's outcome for one order group. */
export function checkoutResultPath(groupId: string): string {
  return `${paths.checkout}/sonuc/${encodeURIComponent(groupId)}`;
}

/** One of the buyer's orders: /siparislerim/:id. */
export function orderPath(id: string): string {
  return `${paths.orders}/${id}`;
}

/** A seller panel tab: /dashboard?tab=<tab>. */
export function dashboardTabPath(tab: 'listings' | 'orders' | 'transactions' | 'settings'): string {
  return `${paths.dashboard}?tab=${tab}`;
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

/** The spec's category ids with their Turkish names (from the shared category list). */
export const categoryLinks = categories.map(({ id, label }) => ({ id, label }));

/** Footer's corporate links (spec part 1 §2). */
export const footerGroups = [
  {
    title: 'Kurumsal',
    links: [
      { to: '/hakkimizda', label: 'Hakkımızda' },
      { to: '/nasil-calisir', label: 'Nasıl Çalışır?' },
      { to: '/guvenlik', label: 'Güvenlik' },
      { to: '/uyyelik-sartlari', label: 'Üyelik Şartları' },
      { to: '/iletisim', label: 'İletişim' },
    ],
  },
  {
    title: 'Yardım',
    links: [
      { to: '/sss', label: 'Sıkça Sorulan Sorular' },
      { to: '/destek', label: 'Destek Merkezi' },
      { to: '/canli-destek', label: 'Canlı Destek' },
      { to: '/hesap-kapat', label: 'Hesap Kapatma' },
    ],
  },
  {
    title: 'Yasal',
    links: [
      { to: '/kullanici-sozlesmesi', label: 'Kullanıcı Sözleşmesi' },
      { to: '/kullanim-sartlari', label: 'Kullanım Şartları' },
      { to: '/gizlilik-politikasi', label: 'Gizlilik Politikası' },
      { to: '/gizlilik', label: 'Gizlilik' },
      { to: '/kvkk', label: 'KVKK Aydınlatma Metni' },
      { to: '/cerez', label: 'Çerez Politikası' },
    ],
  },
] as const;

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
  const search = new URLSearchParams();
  if (options.tab && options.tab !== 'users') search.set('tab', options.tab);
  if (options.user) search.set('user', options.user);
  const text = search.toString();
  return text ? `${adminPaths.userManagement}?${text}` : adminPaths.userManagement;
}
