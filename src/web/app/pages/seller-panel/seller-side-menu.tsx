import { ChevronDown, Package, Settings, ShoppingBag, Wallet, type LucideIcon } from 'lucide-react';
import { formatRateBp } from '#shared/money.ts';
import { Accordion } from 'radix-ui';
import { Link } from 'react-router';
import type { SellerOrdersView } from '../../../features/orders/seller-order-filters.ts';
import { categoryLinks, categoryPath } from '../../../lib/paths.ts';
import { usePublicSettings } from '../../../lib/public-settings.ts';
import { sellerPanelTexts as t } from './texts.ts';

export const sellerPanelTabs = ['listings', 'orders', 'transactions', 'settings'] as const;
export type SellerPanelTab = (typeof sellerPanelTabs)[number];
/** Where in the listings tab to go: the product form or the product list. */
export type ListingsFocus = 'form' | 'list';
/** Which orders the orders tab opens on: all, pending (to ship) or completed. */
export type OrdersView = SellerOrdersView;

/** The platform's commission rate, small, next to "Komisyonlar" (nothing until the settings are known). */
function CommissionRate() {
  const bp = usePublicSettings().data?.commissionBp;
  if (bp === undefined) return null;
  return (
    <span className="ml-auto text-xs text-slate-500" title={t.commissionRate(formatRateBp(bp))}>
      %{formatRateBp(bp)}
    </span>
  );
}

interface MenuItem {
  label: string;
  tab: SellerPanelTab;
  focus?: ListingsFocus;
  ordersView?: OrdersView;
}

const sections: { tab: SellerPanelTab; title: string; icon: LucideIcon; items: MenuItem[] }[] = [
  {
    tab: 'listings',
    title: t.menu.products.title,
    icon: Package,
    items: [
      { label: t.menu.products.items.list, tab: 'listings', focus: 'list' },
      { label: t.menu.products.items.add, tab: 'listings', focus: 'form' },
      // Stock is kept on each listing; the list shows the stock badges.
      { label: t.menu.products.items.stock, tab: 'listings', focus: 'list' },
    ],
  },
  {
    tab: 'orders',
    title: t.menu.orders.title,
    icon: ShoppingBag,
    items: (Object.entries(t.menu.orders.items) as [OrdersView, string][]).map(([ordersView, label]) => ({
      label,
      tab: 'orders' as const,
      ordersView,
    })),
  },
  {
    tab: 'transactions',
    title: t.menu.transactions.title,
    icon: Wallet,
    items: Object.values(t.menu.transactions.items).map((label) => ({ label, tab: 'transactions' as const })),
  },
  {
    tab: 'settings',
    title: t.menu.settings.title,
    icon: Settings,
    items: Object.values(t.menu.settings.items).map((label) => ({ label, tab: 'settings' as const })),
  },
];

interface SellerSideMenuProps {
  activeTab: SellerPanelTab;
  onNavigate: (tab: SellerPanelTab, focus?: ListingsFocus, ordersView?: OrdersView) => void;
}

/** The panel's side menu: four collapsible sections whose items switch the tab, then the category links. */
export function SellerSideMenu({ activeTab, onNavigate }: SellerSideMenuProps) {
  return (
    <nav aria-label={t.menuTitle} className="space-y-6">
      <Accordion.Root type="multiple" defaultValue={sections.map((s) => s.tab)} className="space-y-1">
        {sections.map(({ tab, title, icon: Icon, items }) => (
          <Accordion.Item key={tab} value={tab}>
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger className="group flex min-h-11 w-full items-center gap-2 rounded-lg px-3 text-left text-sm font-semibold text-slate-900 hover:bg-slate-100">
                  <Icon
                    aria-hidden="true"
                    className={`size-4 ${activeTab === tab ? 'text-brand-700' : 'text-slate-500'}`}
                  />
                  <span className="flex-1">{title}</span>
                  <ChevronDown
                    aria-hidden="true"
                    className="size-4 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content>
              <ul className="ml-6 border-l border-slate-200 py-1">
                {items.map((item) => (
                  <li key={item.label}>
                    <button
                      type="button"
                      onClick={() => onNavigate(item.tab, item.focus, item.ordersView)}
                      className="flex min-h-10 w-full items-center rounded-r-lg px-3 text-left text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                    >
                      {item.label}
                      {item.label === t.menu.transactions.items.commissions && <CommissionRate />}
                    </button>
                  </li>
                ))}
              </ul>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <div>
        <h2 className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t.categoriesTitle}</h2>
        <ul className="mt-2 space-y-0.5">
          {categoryLinks.map((category) => (
            <li key={category.id}>
              <Link
                to={categoryPath(category.id)}
                className="flex min-h-10 items-center rounded-lg px-3 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              >
                {category.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
