import { createBrowserRouter, type RouteObject } from 'react-router';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { AppShell } from './layouts/app-shell.tsx';
import { RouteErrorScreen } from './error-screens.tsx';
import { LoadingScreen } from '../components/ui/spinner.tsx';

/** Corporate, legal and help pages: route path → content slug. */
const contentRoutes: Record<string, string> = {
  '/hakkimizda': 'hakkimizda',
  '/sss': 'sss',
  '/kullanici-sozlesmesi': 'kullanici-sozlesmesi',
  '/gizlilik-politikasi': 'gizlilik-politikasi',
  '/hesap-kapat': 'hesap-kapat',
  '/nasil-calisir': 'nasil-calisir',
  '/guvenlik': 'guvenlik',
  // The spec spells it "uyyelik"; both spellings show the page.
  '/uyyelik-sartlari': 'uyelik-sartlari',
  '/uyelik-sartlari': 'uyelik-sartlari',
  '/destek': 'destek',
  '/canli-destek': 'canli-destek',
  '/kullanim-sartlari': 'kullanim-sartlari',
  '/gizlilik': 'gizlilik',
  '/kvkk': 'kvkk',
  '/cerez': 'cerez',
};

/** Routes of features that land in later releases: a proper page, never a blank screen. */
const upcomingRoutes: Record<string, string> = {
  '/login': 'Giriş Yap',
  '/auth/login': 'Giriş Yap',
  '/auth': 'Giriş Yap',
  '/register': 'Optik Mağaza Kayıt Formu',
  '/auth/register': 'Optik Mağaza Kayıt Formu',
  '/force-password-reset': 'Yeni Şifre Belirleme',
  '/reset-password': 'Şifre Sıfırlama',
  '/email-debug': 'E-posta Testi',
  '/profilim': 'Profilim',
  '/profile': 'Profilim',
  '/settings': 'Ayarlar',
  '/dashboard': 'Yönetim Paneli',
  '/panel': 'Yönetim Paneli',
  '/store-dashboard/*': 'Mağaza Paneli',
  '/admin/*': 'Admin Paneli',
  '/admin-panel': 'Admin Paneli',
  '/user-management': 'Kullanıcı Yönetimi',
  '/kategoriler': 'Kategoriler',
  '/kategori/:category/:sub?': 'Kategori',
  '/urunler': 'Ürünler',
  '/urun/:id': 'Ürün Detayı',
  '/marketplace': 'Pazar Yeri',
  '/sepet': 'Sepetim',
  '/sepetim': 'Sepetim',
  '/odeme': 'Ödeme',
  '/checkout': 'Ödeme',
  '/siparislerim': 'Siparişlerim',
  '/favorilerim': 'Favorilerim',
  '/mesajlar': 'Mesajlarım',
  '/bildirimler': 'Bildirimler',
  '/urun-ekle': 'Ürün Ekle',
  '/urunlerim': 'Ürünlerim',
  '/markalar': 'Markalar',
};

const children: RouteObject[] = [
  { index: true, element: <LandingPage /> },
  {
    path: '/arama',
    lazy: async () => ({ Component: (await import('../features/search/search-page.tsx')).SearchPage }),
  },
  {
    path: '/iletisim',
    lazy: async () => ({ Component: (await import('../features/contact/contact-page.tsx')).ContactPage }),
  },
  ...Object.entries(contentRoutes).map(([path, slug]) => ({
    path,
    lazy: async () => {
      const { ContentPage } = await import('../features/content/content-page.tsx');
      return { Component: () => <ContentPage slug={slug} /> };
    },
  })),
  ...Object.entries(upcomingRoutes).map(([path, title]) => ({
    path,
    lazy: async () => {
      const { ComingSoonPage } = await import('./pages/coming-soon-page.tsx');
      return { Component: () => <ComingSoonPage title={title} /> };
    },
  })),
  {
    path: '*',
    lazy: async () => ({ Component: (await import('./pages/not-found-page.tsx')).NotFoundPage }),
  },
];

export function createAppRouter() {
  return createBrowserRouter([
    { path: '/', element: <AppShell />, errorElement: <RouteErrorScreen />, hydrateFallbackElement: <LoadingScreen />, children },
  ]);
}
