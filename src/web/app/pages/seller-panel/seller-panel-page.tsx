import { Menu } from 'lucide-react';
import { Dialog, Tabs } from 'radix-ui';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepScroll } from '../../../lib/keep-scroll.ts';
import { storePath } from '../../../lib/paths.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { messages } from '#shared/messages.tr.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SheetHeader } from '../../../components/ui/sheet-header.tsx';
import { AccountSettings } from '../../../features/account/account-settings.tsx';
import { SellerOverview } from '../../../features/listings/seller-overview.tsx';
import {
  applySellerOrderFilters,
  sellerOrderFiltersFrom,
  type SellerOrderFilters,
} from '../../../features/orders/seller-order-filters.ts';
import { SellerOrders } from '../../../features/orders/seller-orders.tsx';
import { AccountMovements } from '../../../features/payouts/account-movements.tsx';
import { ListingsWorkspace, lowStockFilter, type FocusRequest } from './listings-workspace.tsx';
import {
  SellerSideMenu,
  sellerPanelTabs,
  type ListingsFocus,
  type OrdersView,
  type SellerPanelTab,
} from './seller-side-menu.tsx';
import { sellerPanelTexts as t } from './texts.ts';

function isTab(value: string | null): value is SellerPanelTab {
  return (sellerPanelTabs as readonly (string | null)[]).includes(value);
}

/** The mobile slide-in menu (a Radix dialog from the left: focus trap, Escape, scroll lock). */
function MobileMenu({
  activeTab,
  onNavigate,
}: {
  activeTab: SellerPanelTab;
  onNavigate: (tab: SellerPanelTab, focus?: ListingsFocus, ordersView?: OrdersView) => void;
}) {
  const [open, setOpen] = useState(false);
  // An item that moves the focus (to the product form or list) keeps it there: the dialog must not hand it back to its trigger.
  const movesFocus = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="lg:hidden">
          <Menu aria-hidden="true" className="size-4" />
          {t.menuTitle}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (movesFocus.current) event.preventDefault();
            movesFocus.current = false;
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-xl"
        >
          <SheetHeader title={t.menuTitle} />
          <div className="overflow-y-auto p-3">
            <SellerSideMenu
              activeTab={activeTab}
              onNavigate={(tab, focus, ordersView) => {
                movesFocus.current = focus !== undefined;
                setOpen(false);
                onNavigate(tab, focus, ordersView);
              }}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * /dashboard and /panel: the seller panel; the active tab lives in ?tab= (default listings).
 * /urun-ekle opens it with the product form focused, /urunlerim scrolled to the product list.
 */
export function SellerPanelPage({ focus }: { focus?: ListingsFocus }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SellerPanelTab = isTab(requested) ? requested : 'listings';
  // A request to bring the form or the list into view; `n` tells repeated requests apart.
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(focus ? { target: focus, n: 0 } : null);

  const setTab = (value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true, state: keepScroll },
    );
  };

  const bringIntoView = (target: ListingsFocus) => setFocusRequest((current) => ({ target, n: (current?.n ?? 0) + 1 }));

  // The orders tab's filters live in the address too, so "Bekleyen Siparişler" can open them.
  const orderFilters = sellerOrderFiltersFrom(searchParams);
  const changeOrderFilters = (next: Partial<SellerOrderFilters>, tabToo = false) => {
    setSearchParams(
      (current) => {
        const params = applySellerOrderFilters(current, next);
        if (tabToo) params.set('tab', 'orders');
        return params;
      },
      { replace: !tabToo, state: keepScroll },
    );
  };

  const navigate = (next: SellerPanelTab, target?: ListingsFocus, ordersView?: OrdersView) => {
    if (ordersView) {
      // A menu view starts afresh: no filters of the previous view carry over.
      changeOrderFilters({ view: ordersView, status: '', from: '', to: '', cargoCompany: '', page: 1 }, true);
      return;
    }
    setTab(next);
    if (target) bringIntoView(target);
  };

  // The store's public page, where its reviews are read and answered.
  const slug = useSessionUser()?.publicSlug ?? null;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <title>{`${messages.member.dashboard} | OptiStok`}</title>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{messages.member.dashboard}</h1>
          <p className="mt-2 text-slate-600">{t.lead}</p>
          {slug ? (
            <p className="mt-1">
              <Link to={storePath(slug)} className="text-sm font-semibold text-brand-700 hover:underline">
                {t.storePage}
              </Link>
            </p>
          ) : null}
        </div>
        <MobileMenu activeTab={tab} onNavigate={navigate} />
      </div>
      <div className="mt-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-6">
        <aside className="hidden lg:block">
          <div className="sticky top-24 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm">
            <SellerSideMenu activeTab={tab} onNavigate={navigate} />
          </div>
        </aside>
        <Tabs.Root value={tab} onValueChange={setTab} className="min-w-0">
          <Tabs.List
            aria-label={t.tabsLabel}
            className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:grid-cols-4"
          >
            {sellerPanelTabs.map((value) => (
              <Tabs.Trigger
                key={value}
                value={value}
                className="min-h-11 rounded-lg px-3 text-sm font-semibold text-slate-700 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm"
              >
                {t.tabs[value]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {/* Kept mounted: a half-filled form survives a visit to another tab, and the form and list can be focused at once. */}
          <Tabs.Content value="listings" forceMount className="mt-6 space-y-6 data-[state=inactive]:hidden">
            <SellerOverview />
            <ListingsWorkspace
              focusRequest={focusRequest}
              requestFocus={bringIntoView}
              isActive={tab === 'listings'}
              lowStockOnly={searchParams.get('filter') === lowStockFilter}
            />
          </Tabs.Content>
          <Tabs.Content value="orders" className="mt-6">
            <SellerOrders filters={orderFilters} onFiltersChange={(next) => changeOrderFilters(next)} />
          </Tabs.Content>
          <Tabs.Content value="transactions" className="mt-6">
            <AccountMovements />
          </Tabs.Content>
          <Tabs.Content value="settings" className="mt-6">
            <AccountSettings />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </div>
  );
}
