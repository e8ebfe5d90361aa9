import { createBrowserRouter, type RouteObject } from 'react-router';
import { contentPages } from '#shared/site-pages.ts';
import { AppShell } from './layouts/app-shell.tsx';
import { RouteErrorScreen } from './error-screens.tsx';
import { RequireAdmin, RequireMember, RequireStoreOwner } from './guards.tsx';
import { HomePage } from './pages/home-page.tsx';
import { adminPaths } from '../lib/paths.ts';
import { LoadingScreen } from '../components/ui/spinner.tsx';

/**
 * Routes of features that land in later releases: a proper page, never a blank screen.
 * Grouped by who may open them; the groups sit under the matching guards below.
 */
const upcomingRoutes = {
  public: {
    '/sepet': 'Sepetim',
    '/sepetim': 'Sepetim',
    '/markalar': 'Markalar',
  },
  member: {
    '/odeme': 'Ödeme',
    '/checkout': 'Ödeme',
    '/siparislerim': 'Siparişlerim',
    '/mesajlar': 'Mesajlarım',
    '/bildirimler': 'Bildirimler',
  },
  storeOwner: {
    '/store-dashboard/*': 'Mağaza Paneli',
  },
} satisfies Record<string, Record<string, string>>;

function comingSoon(routes: Record<string, string>): RouteObject[] {
  return Object.entries(routes).map(([path, title]) => ({
    path,
    lazy: async () => {
      const { ComingSoonPage } = await import('./pages/coming-soon-page.tsx');
      return { Component: () => <ComingSoonPage title={title} /> };
    },
  }));
}

/** Sign-in screens: one lazy chunk each, so neither the landing page nor each other pay for them. */
const authRoutes: RouteObject[] = [
  { path: '/login', lazy: async () => ({ Component: (await import('../features/auth/login-page.tsx')).LoginPage }) },
  {
    path: '/auth/login',
    lazy: async () => {
      const { AuthPage } = await import('../features/auth/auth-page.tsx');
      return { Component: () => <AuthPage /> };
    },
  },
  {
    path: '/auth',
    lazy: async () => {
      const { AuthPage } = await import('../features/auth/auth-page.tsx');
      return { Component: () => <AuthPage withRegisterToggle /> };
    },
  },
  {
    path: '/sifremi-unuttum',
    lazy: async () => ({ Component: (await import('../features/auth/forgot-password-page.tsx')).ForgotPasswordPage }),
  },
  {
    path: '/reset-password',
    lazy: async () => ({ Component: (await import('../features/auth/reset-password-page.tsx')).ResetPasswordPage }),
  },
  {
    path: '/force-password-reset',
    lazy: async () => ({
      Component: (await import('../features/auth/force-password-reset-page.tsx')).ForcePasswordResetPage,
    }),
  },
];

/** The membership application form: /register allows 5 MB files, /auth/register 10 MB (both readings of the spec). */
const applicationFormRoutes: RouteObject[] = (['register', 'auth-register'] as const).map((variant) => ({
  path: variant === 'register' ? '/register' : '/auth/register',
  lazy: async () => {
    const { ApplicationFormPage } = await import('../features/applications/application-form-page.tsx');
    return { Component: () => <ApplicationFormPage variant={variant} /> };
  },
}));

const categoryRoute = async () => ({
  Component: (await import('../features/marketplace/category-page.tsx')).CategoryPage,
});
const listingsRoute = (variant: 'products' | 'marketplace') => async () => {
  const { ListingsPage } = await import('../features/marketplace/listings-page.tsx');
  return { Component: () => <ListingsPage variant={variant} /> };
};

/** The buying side: categories, all listings, the marketplace view and the product page (public; prices for members only). */
const marketplaceRoutes: RouteObject[] = [
  {
    path: '/kategoriler',
    lazy: async () => ({ Component: (await import('../features/marketplace/categories-page.tsx')).CategoriesPage }),
  },
  { path: '/kategori/:category', lazy: categoryRoute },
  { path: '/kategori/:category/:sub', lazy: categoryRoute },
  { path: '/urunler', lazy: listingsRoute('products') },
  { path: '/marketplace', lazy: listingsRoute('marketplace') },
  {
    path: '/urun/:id',
    lazy: async () => ({ Component: (await import('../features/marketplace/product-page.tsx')).ProductPage }),
  },
];

const profileRoute = async () => ({ Component: (await import('../features/account/profile-page.tsx')).ProfilePage });
const sellerPanelRoute = async () => ({
  Component: (await import('./pages/seller-panel/seller-panel-page.tsx')).SellerPanelPage,
});
/** /urun-ekle and /urunlerim: the seller panel's listings tab, at the product form or the product list. */
const sellerListingsRoute = (focus: 'form' | 'list') => async () => {
  const { SellerPanelPage } = await import('./pages/seller-panel/seller-panel-page.tsx');
  return { Component: () => <SellerPanelPage focus={focus} /> };
};

const adminOverviewRoute = async () => ({
  Component: (await import('../features/admin/admin-overview-page.tsx')).AdminOverviewPage,
});

/** The admin area: one lazy layout (sidebar, quick stats, shortcuts) around a lazy chunk per page. */
const adminArea: RouteObject = {
  lazy: async () => ({ Component: (await import('../features/admin/admin-layout.tsx')).AdminLayout }),
  children: [
    { path: adminPaths.overview, lazy: adminOverviewRoute },
    { path: adminPaths.overviewAlias, lazy: adminOverviewRoute },
    {
      path: adminPaths.userManagement,
      lazy: async () => ({
        Component: (await import('./pages/user-management-page.tsx')).UserManagementPage,
      }),
    },
    {
      path: adminPaths.applications,
      lazy: async () => ({ Component: (await import('./pages/admin-applications-route.tsx')).ApplicationsRoute }),
    },
    {
      path: adminPaths.catalogue,
      lazy: async () => ({
        Component: (await import('../features/catalogue/admin-catalogue-page.tsx')).AdminCataloguePage,
      }),
    },
    {
      path: adminPaths.analytics,
      lazy: async () => ({ Component: (await import('../features/admin/analytics-page.tsx')).AnalyticsPage }),
    },
    {
      path: adminPaths.systemStatus,
      lazy: async () => ({ Component: (await import('../features/admin/system-status-page.tsx')).SystemStatusPage }),
    },
    {
      path: adminPaths.notifications,
      lazy: async () => ({ Component: (await import('../features/admin/notifications-page.tsx')).NotificationsPage }),
    },
    {
      path: adminPaths.reports,
      lazy: async () => ({ Component: (await import('../features/admin/reports-page.tsx')).ReportsPage }),
    },
    {
      path: adminPaths.database,
      lazy: async () => ({ Component: (await import('../features/admin/database-page.tsx')).DatabasePage }),
    },
    {
      path: adminPaths.security,
      lazy: async () => ({ Component: (await import('../features/admin/security-log-page.tsx')).SecurityLogPage }),
    },
    {
      path: adminPaths.settings,
      lazy: async () => ({
        Component: (await import('../features/admin/platform-settings-page.tsx')).PlatformSettingsPage,
      }),
    },
    {
      path: adminPaths.emailDebug,
      lazy: async () => ({ Component: (await import('../features/admin/email-debug-page.tsx')).EmailDebugPage }),
    },
  ],
};

const memberRoutes: RouteObject[] = [
  { path: '/profilim', lazy: profileRoute },
  { path: '/profile', lazy: profileRoute },
  {
    path: '/settings',
    lazy: async () => ({ Component: (await import('../features/account/settings-page.tsx')).SettingsPage }),
  },
  { path: '/dashboard', lazy: sellerPanelRoute },
  { path: '/panel', lazy: sellerPanelRoute },
  { path: '/urun-ekle', lazy: sellerListingsRoute('form') },
  { path: '/urunlerim', lazy: sellerListingsRoute('list') },
  {
    path: '/favorilerim',
    lazy: async () => ({ Component: (await import('../features/marketplace/favourites-page.tsx')).FavouritesPage }),
  },
  ...comingSoon(upcomingRoutes.member),
  {
    Component: RequireStoreOwner,
    children: [
      {
        path: '/store-dashboard',
        lazy: async () => ({
          Component: (await import('./pages/store-dashboard/store-dashboard-page.tsx')).StoreDashboardPage,
        }),
      },
      ...comingSoon(upcomingRoutes.storeOwner),
    ],
  },
  { Component: RequireAdmin, children: [adminArea] },
];

const children: RouteObject[] = [
  { index: true, Component: HomePage },
  {
    path: '/arama',
    lazy: async () => ({ Component: (await import('../features/marketplace/search-page.tsx')).SearchPage }),
  },
  {
    path: '/iletisim',
    lazy: async () => ({ Component: (await import('../features/contact/contact-page.tsx')).ContactPage }),
  },
  ...marketplaceRoutes,
  ...Object.entries(contentPages).map(([path, slug]) => ({
    path,
    lazy: async () => {
      const { ContentPage } = await import('../features/content/content-page.tsx');
      return { Component: () => <ContentPage slug={slug} /> };
    },
  })),
  ...authRoutes,
  ...applicationFormRoutes,
  { Component: RequireMember, children: memberRoutes },
  ...comingSoon(upcomingRoutes.public),
  {
    path: '*',
    lazy: async () => ({ Component: (await import('../components/not-found-page.tsx')).NotFoundPage }),
  },
];

export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <AppShell />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <LoadingScreen />,
      children,
    },
  ]);
}
