import { lazy, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { contentPages } from '#shared/site-pages.ts';
import { AppShell } from './layouts/app-shell.tsx';
import { RouteErrorBoundary } from './error-screens.tsx';
import { RequireAdmin, RequireMember, RequireStoreOwner, type SignInNotice } from './guards.tsx';
import { HomePage } from './pages/home-page.tsx';
import { adminPaths, paths, routePatterns } from '../lib/paths.ts';

/** A page in its own chunk, downloaded on first use (the shell's Suspense shows the loading screen meanwhile). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
function lazyPage<T extends ComponentType<any>>(load: () => Promise<T>) {
  return lazy(async () => ({ default: await load() }));
}

const LoginPage = lazyPage(() => import('../features/auth/login-page.tsx').then((m) => m.LoginPage));
const AuthPage = lazyPage(() => import('../features/auth/auth-page.tsx').then((m) => m.AuthPage));
const ForgotPasswordPage = lazyPage(() =>
  import('../features/auth/forgot-password-page.tsx').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('../features/auth/reset-password-page.tsx').then((m) => m.ResetPasswordPage),
);
const ForcePasswordResetPage = lazyPage(() =>
  import('../features/auth/force-password-reset-page.tsx').then((m) => m.ForcePasswordResetPage),
);
const ApplicationFormPage = lazyPage(() =>
  import('../features/applications/application-form-page.tsx').then((m) => m.ApplicationFormPage),
);
const CategoriesPage = lazyPage(() =>
  import('../features/marketplace/categories-page.tsx').then((m) => m.CategoriesPage),
);
const CategoryPage = lazyPage(() => import('../features/marketplace/category-page.tsx').then((m) => m.CategoryPage));
const ListingsPage = lazyPage(() => import('../features/marketplace/listings-page.tsx').then((m) => m.ListingsPage));
const ProductPage = lazyPage(() => import('../features/marketplace/product-page.tsx').then((m) => m.ProductPage));
const SearchPage = lazyPage(() => import('../features/marketplace/search-page.tsx').then((m) => m.SearchPage));
const MemberNotificationsPage = lazyPage(() =>
  import('../features/notifications/notifications-page.tsx').then((m) => m.NotificationsPage),
);
const FavouritesPage = lazyPage(() =>
  import('../features/marketplace/favourites-page.tsx').then((m) => m.FavouritesPage),
);
const CartRoute = lazyPage(() => import('./pages/cart-route.tsx').then((m) => m.CartRoute));
const ContactPage = lazyPage(() => import('../features/contact/contact-page.tsx').then((m) => m.ContactPage));
const ContentPage = lazyPage(() => import('../features/content/content-page.tsx').then((m) => m.ContentPage));
const BuyerOrdersPage = lazyPage(() =>
  import('../features/orders/buyer-orders-page.tsx').then((m) => m.BuyerOrdersPage),
);
const BuyerOrderDetailRoute = lazyPage(() =>
  import('./pages/buyer-order-detail-route.tsx').then((m) => m.BuyerOrderDetailRoute),
);
const MessagesPage = lazyPage(() => import('../features/messages/messages-page.tsx').then((m) => m.MessagesPage));
const StartThreadPage = lazyPage(() => import('../features/messages/messages-page.tsx').then((m) => m.StartThreadPage));
const StorePage = lazyPage(() => import('./pages/store-page.tsx').then((m) => m.StorePage));
const BrandsPage = lazyPage(() => import('../features/marketplace/brands-page.tsx').then((m) => m.BrandsPage));
const ProfilePage = lazyPage(() => import('../features/account/profile-page.tsx').then((m) => m.ProfilePage));
const SettingsPage = lazyPage(() => import('../features/account/settings-page.tsx').then((m) => m.SettingsPage));
const SellerPanelPage = lazyPage(() =>
  import('./pages/seller-panel/seller-panel-page.tsx').then((m) => m.SellerPanelPage),
);
const StoreDashboardPage = lazyPage(() =>
  import('./pages/store-dashboard/store-dashboard-page.tsx').then((m) => m.StoreDashboardPage),
);
const StoreDashboardLayout = lazyPage(() =>
  import('./pages/store-dashboard/store-dashboard-layout.tsx').then((m) => m.StoreDashboardLayout),
);
const sellerSectionPages = () => import('./pages/store-dashboard/seller-section-pages.tsx');
const SellerProductsPage = lazyPage(() => sellerSectionPages().then((m) => m.SellerProductsPage));
const SellerOrdersPage = lazyPage(() => sellerSectionPages().then((m) => m.SellerOrdersPage));
const SellerReportsPage = lazyPage(() => sellerSectionPages().then((m) => m.SellerReportsPage));
const SellerStatementPage = lazyPage(() => sellerSectionPages().then((m) => m.SellerStatementPage));
const SellerUtsPage = lazyPage(() => sellerSectionPages().then((m) => m.SellerUtsPage));
const BuyerUtsPage = lazyPage(() => import('../features/uts/buyer-uts-page.tsx').then((m) => m.BuyerUtsPage));
const SellerSettingsPage = lazyPage(() => sellerSectionPages().then((m) => m.SellerSettingsPage));
const SellerProfilePage = lazyPage(() => sellerSectionPages().then((m) => m.SellerProfilePage));
const AdminLayout = lazyPage(() => import('../features/admin/admin-layout.tsx').then((m) => m.AdminLayout));
const AdminOverviewPage = lazyPage(() =>
  import('../features/admin/admin-overview-page.tsx').then((m) => m.AdminOverviewPage),
);
const UserManagementPage = lazyPage(() => import('./pages/user-management-page.tsx').then((m) => m.UserManagementPage));
const ApplicationsRoute = lazyPage(() =>
  import('./pages/admin-applications-route.tsx').then((m) => m.ApplicationsRoute),
);
const AdminCataloguePage = lazyPage(() =>
  import('../features/catalogue/admin-catalogue-page.tsx').then((m) => m.AdminCataloguePage),
);
const AnalyticsPage = lazyPage(() => import('../features/admin/analytics-page.tsx').then((m) => m.AnalyticsPage));
const SystemStatusPage = lazyPage(() =>
  import('../features/admin/system-status-page.tsx').then((m) => m.SystemStatusPage),
);
const NotificationsPage = lazyPage(() =>
  import('../features/admin/notifications-page.tsx').then((m) => m.NotificationsPage),
);
const ReportsPage = lazyPage(() => import('../features/admin/reports-page.tsx').then((m) => m.ReportsPage));
const DatabasePage = lazyPage(() => import('../features/admin/database-page.tsx').then((m) => m.DatabasePage));
const SecurityLogPage = lazyPage(() =>
  import('../features/admin/security-log-page.tsx').then((m) => m.SecurityLogPage),
);
const PlatformSettingsPage = lazyPage(() =>
  import('../features/admin/platform-settings-page.tsx').then((m) => m.PlatformSettingsPage),
);
const AdminOrdersPage = lazyPage(() =>
  import('../features/admin/admin-orders-page.tsx').then((m) => m.AdminOrdersPage),
);
const AdminPayoutsPage = lazyPage(() =>
  import('../features/payouts/admin-payouts-page.tsx').then((m) => m.AdminPayoutsPage),
);
const AdminDisputesRoute = lazyPage(() => import('./pages/admin-disputes-route.tsx').then((m) => m.AdminDisputesRoute));
const EmailDebugPage = lazyPage(() => import('../features/admin/email-debug-page.tsx').then((m) => m.EmailDebugPage));
const CheckoutPage = lazyPage(() => import('../features/checkout/checkout-page.tsx').then((m) => m.CheckoutPage));
const CheckoutResultPage = lazyPage(() =>
  import('../features/checkout/checkout-result-page.tsx').then((m) => m.CheckoutResultPage),
);
const NotFoundPage = lazyPage(() => import('../components/not-found-page.tsx').then((m) => m.NotFoundPage));

/** Sign-in screens: one lazy chunk each, so neither the landing page nor each other pay for them. */
const authRoutes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/auth/login', element: <AuthPage key="login" /> },
  { path: '/auth', element: <AuthPage key="auth" withRegisterToggle /> },
  { path: '/sifremi-unuttum', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/force-password-reset', element: <ForcePasswordResetPage /> },
];

/** The membership application form: /register allows 5 MB files, /auth/register 10 MB (both readings of the spec). */
const applicationFormRoutes: RouteObject[] = (['register', 'auth-register'] as const).map((variant) => ({
  path: variant === 'register' ? '/register' : '/auth/register',
  element: <ApplicationFormPage key={variant} variant={variant} />,
}));

/** The buying side: categories, all listings, the marketplace view and the product page (public; prices for members only). */
const marketplaceRoutes: RouteObject[] = [
  { path: paths.categories, element: <CategoriesPage /> },
  { path: routePatterns.category, element: <CategoryPage /> },
  { path: routePatterns.subcategory, element: <CategoryPage /> },
  { path: paths.products, element: <ListingsPage key="products" variant="products" /> },
  { path: paths.marketplace, element: <ListingsPage key="marketplace" variant="marketplace" /> },
  { path: routePatterns.product, element: <ProductPage /> },
  { path: routePatterns.store, element: <StorePage /> },
  { path: paths.brands, element: <BrandsPage /> },
  // The cart is public: visitors fill it too (prices show after signing in).
  { path: paths.cart, element: <CartRoute /> },
  { path: '/sepetim', element: <Navigate to={paths.cart} replace /> },
];

/**
 * The seller's sections (spec part 1: the store overview's side links) at /store-dashboard/… for
 * store owners and admins, and at /dashboard/… for every member who sells (the notifications'
 * action links: /dashboard/products?filter=low-stock, /dashboard/orders, /dashboard/reports).
 */
function sellerSectionRoutes(base: '/store-dashboard' | '/dashboard', index?: RouteObject): RouteObject {
  return {
    element: <StoreDashboardLayout key={base} base={base} />,
    children: [
      ...(index ? [index] : []),
      { path: `${base}/products`, element: <SellerProductsPage /> },
      { path: `${base}/orders`, element: <SellerOrdersPage /> },
      { path: `${base}/reports`, element: <SellerReportsPage /> },
      { path: `${base}/statements`, element: <SellerStatementPage /> },
      { path: `${base}/uts`, element: <SellerUtsPage /> },
      { path: `${base}/settings`, element: <SellerSettingsPage /> },
      { path: `${base}/profile`, element: <SellerProfilePage /> },
    ],
  };
}

/** The admin area: one lazy layout (sidebar, quick stats, shortcuts) around a lazy chunk per page. */
const adminArea: RouteObject = {
  element: <AdminLayout />,
  children: [
    { path: adminPaths.overview, element: <AdminOverviewPage /> },
    { path: adminPaths.overviewAlias, element: <AdminOverviewPage /> },
    { path: adminPaths.userManagement, element: <UserManagementPage /> },
    { path: adminPaths.applications, element: <ApplicationsRoute /> },
    { path: adminPaths.catalogue, element: <AdminCataloguePage /> },
    { path: adminPaths.analytics, element: <AnalyticsPage /> },
    { path: adminPaths.systemStatus, element: <SystemStatusPage /> },
    { path: adminPaths.notifications, element: <NotificationsPage /> },
    { path: adminPaths.reports, element: <ReportsPage /> },
    { path: adminPaths.database, element: <DatabasePage /> },
    { path: adminPaths.security, element: <SecurityLogPage /> },
    { path: adminPaths.settings, element: <PlatformSettingsPage /> },
    { path: adminPaths.orders, element: <AdminOrdersPage /> },
    { path: adminPaths.payouts, element: <AdminPayoutsPage /> },
    { path: adminPaths.emailDebug, element: <EmailDebugPage /> },
    { path: adminPaths.disputes, element: <AdminDisputesRoute /> },
  ],
};

/** Visitors who open the checkout are told why they must sign in; they come back to it afterwards. */
const checkoutSignInNotice: SignInNotice = {
  id: 'checkout-sign-in',
  loadTexts: () =>
    import('#shared/messages/trading.tr.ts').then(({ tradingMessages: { checkout } }) => ({
      title: checkout.signInTitle,
      body: checkout.signInBody,
    })),
};

/** Checkout (/checkout is its other address) and the page the bank sends the buyer back to. */
const checkoutRoutes: RouteObject[] = [
  { path: paths.checkoutAlias, element: <Navigate to={paths.checkout} replace /> },
  {
    element: <RequireMember signInNotice={checkoutSignInNotice} />,
    children: [
      { path: paths.checkout, element: <CheckoutPage /> },
      { path: `${paths.checkout}/sonuc/:groupId`, element: <CheckoutResultPage /> },
    ],
  },
];

const memberRoutes: RouteObject[] = [
  { path: '/profilim', element: <ProfilePage /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/dashboard', element: <SellerPanelPage /> },
  sellerSectionRoutes('/dashboard'),
  { path: paths.panel, element: <SellerPanelPage /> },
  // /urun-ekle and /urunlerim: the seller panel's listings tab, at the product form or the product list.
  { path: '/urun-ekle', element: <SellerPanelPage key="form" focus="form" /> },
  { path: '/urunlerim', element: <SellerPanelPage key="list" focus="list" /> },
  { path: '/favorilerim', element: <FavouritesPage /> },
  { path: '/bildirimler', element: <MemberNotificationsPage /> },
  { path: '/siparislerim', element: <BuyerOrdersPage /> },
  { path: paths.ordersUts, element: <BuyerUtsPage /> },
  { path: '/siparislerim/:id', element: <BuyerOrderDetailRoute /> },
  { path: paths.messages, element: <MessagesPage /> },
  { path: `${paths.messages}/yeni`, element: <StartThreadPage /> },
  { path: `${paths.messages}/:threadId`, element: <MessagesPage /> },
  {
    element: <RequireStoreOwner />,
    children: [sellerSectionRoutes('/store-dashboard', { path: '/store-dashboard', element: <StoreDashboardPage /> })],
  },
  { element: <RequireAdmin />, children: [adminArea] },
];

const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.search, element: <SearchPage /> },
      { path: paths.contact, element: <ContactPage /> },
      ...marketplaceRoutes,
      ...Object.entries(contentPages).map(([path, slug]) => ({
        path,
        element: <ContentPage key={path} slug={slug} />,
      })),
      ...authRoutes,
      ...applicationFormRoutes,
      ...checkoutRoutes,
      { element: <RequireMember />, children: memberRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The app's pages under the shell; an error in any of them shows the error screen in their place. */
export function AppRoutes() {
  return <RouteErrorBoundary>{useRoutes(routes)}</RouteErrorBoundary>;
}
