import {
  BarChart3,
  FileText,
  ClipboardCheck,
  LayoutDashboard,
  Package,
  Settings,
  ShoppingBag,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { NavLink, Outlet } from 'react-router';
import { storeDashboardTexts as t } from './texts.ts';

/** Where the sections live: /store-dashboard (store owners and admins) or /dashboard (every member who sells). */
export type SellerSectionsBase = '/store-dashboard' | '/dashboard';

export const sellerSections = ['products', 'orders', 'reports', 'statements', 'uts', 'settings', 'profile'] as const;
export type SellerSection = (typeof sellerSections)[number];

const icons: Record<SellerSection, LucideIcon> = {
  products: Package,
  orders: ShoppingBag,
  reports: BarChart3,
  statements: FileText,
  uts: ClipboardCheck,
  settings: Settings,
  profile: UserRound,
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap ${
    isActive ? 'bg-brand-50 text-brand-900' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

/**
 * The store overview's side links (a scrolling row on phones) around the section shown: the
 * overview, products, orders, reports, the monthly statement, settings and profile, each a page of its
 * own address.
 */
export function StoreDashboardLayout({ base }: { base: SellerSectionsBase }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-6">
      <nav aria-label={t.navLabel} className="mb-6 lg:mb-0">
        <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 lg:sticky lg:top-24 lg:flex-col lg:overflow-visible lg:rounded-2xl lg:border lg:border-slate-200 lg:bg-white lg:p-3 lg:shadow-sm">
          <li>
            <NavLink to={base} end className={linkClass}>
              <LayoutDashboard aria-hidden="true" className="size-4" />
              {base === '/store-dashboard' ? t.nav.overview : t.nav.sellerPanel}
            </NavLink>
          </li>
          {sellerSections.map((section) => {
            const Icon = icons[section];
            return (
              <li key={section}>
                <NavLink to={`${base}/${section}`} className={linkClass}>
                  <Icon aria-hidden="true" className="size-4" />
                  {t.nav[section]}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
