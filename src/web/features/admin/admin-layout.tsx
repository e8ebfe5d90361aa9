import { useQueryClient } from '@tanstack/react-query';
import {
  Activity,
  BarChart3,
  Bell,
  Boxes,
  ClipboardList,
  Database,
  Landmark,
  ShoppingBag,
  FileBarChart,
  LayoutDashboard,
  Mail,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  Scale,
  Settings,
  ShieldCheck,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import { Dialog, Tooltip } from 'radix-ui';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { messages } from '#shared/messages.tr.ts';
import { adminMessages } from '#shared/messages/admin.tr.ts';
import { catalogueMessages } from '#shared/messages/catalogue.tr.ts';
import { adminOrderMessages } from '#shared/messages/admin-orders.tr.ts';
import { payoutMessages } from '#shared/messages/payouts.tr.ts';
import { LoadingScreen } from '../../components/ui/spinner.tsx';
import { formatCount } from '../../lib/format.ts';
import { authKeys } from '../../lib/session.ts';
import { adminPaths } from '../../lib/paths.ts';
import { isAdminForbidden } from '../../components/admin-page.tsx';
import { useAdminStats } from './api.ts';
import { useAdminShortcuts, useIsDesktop, useSidebarCollapsed } from './sidebar-state.ts';
import { adminTexts as t } from './texts.ts';

const n = adminMessages.nav;

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Other paths that show the same page. */
  aliases?: string[];
  /** Which count the link's badge shows: pending applications, or disputes waiting for a decision. */
  badge?: 'pending' | 'disputes';
}

/** Every admin link of the spec (part 1 §2), in the sidebar's order. */
export const adminNavItems: NavItem[] = [
  { to: adminPaths.overview, label: n.overview, icon: LayoutDashboard, aliases: [adminPaths.overviewAlias] },
  { to: adminPaths.userManagement, label: n.users, icon: Users, badge: 'pending' },
  { to: adminPaths.applications, label: n.applications, icon: ClipboardList, badge: 'pending' },
  { to: adminPaths.catalogue, label: catalogueMessages.admin.title, icon: Boxes },
  { to: adminPaths.disputes, label: n.disputes, icon: Scale, badge: 'disputes' },
  { to: adminPaths.analytics, label: n.analytics, icon: BarChart3 },
  { to: adminPaths.orders, label: adminOrderMessages.title, icon: ShoppingBag },
  { to: adminPaths.payouts, label: payoutMessages.admin.title, icon: Landmark },
  { to: adminPaths.systemStatus, label: n.systemStatus, icon: Activity },
  { to: adminPaths.notifications, label: n.notifications, icon: Bell },
  { to: adminPaths.reports, label: n.reports, icon: FileBarChart },
  { to: adminPaths.database, label: n.database, icon: Database },
  { to: adminPaths.security, label: n.security, icon: ShieldCheck },
  { to: adminPaths.settings, label: n.settings, icon: Settings },
  { to: adminPaths.emailDebug, label: n.emailDebug, icon: Mail },
];

/** The route guard's toast id too: when it then redirects, the two refusals show as one toast. */
const FORBIDDEN_TOAST_ID = 'forbidden';

/**
 * If an admin API refuses this browser (the account lost its admin role meanwhile), say so and
 * re-read the session, so the route guard sends the user on to /dashboard.
 */
function useForbiddenWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!isAdminForbidden(error)) return;
      toast.error(messages.member.unauthorizedTitle, {
        id: FORBIDDEN_TOAST_ID,
        description: messages.member.adminOnly,
      });
      void queryClient.invalidateQueries({ queryKey: authKeys.session });
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);
}

function isActive(item: NavItem, pathname: string) {
  return (
    pathname === item.to ||
    (item.aliases ?? []).includes(pathname) ||
    (item.to !== adminPaths.overview && pathname.startsWith(`${item.to}/`))
  );
}

function PendingBadge({ count, compact, label }: { count: number; compact: boolean; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={
        compact
          ? 'absolute top-0.5 right-0.5 grid min-w-4 place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-4 font-bold text-white'
          : 'ml-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white'
      }
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

function SidebarLink({
  item,
  collapsed,
  pending,
  onNavigate,
}: {
  item: NavItem;
  collapsed: boolean;
  pending: number;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = isActive(item, pathname);
  const Icon = item.icon;
  const link = (
    <Link
      to={item.to}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={`relative flex min-h-10 items-center gap-3 rounded-lg text-sm font-medium ${collapsed ? 'justify-center px-0' : 'px-3'} ${
        active ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-brand-900'
      }`}
    >
      <Icon aria-hidden="true" className="size-5 shrink-0" />
      <span className={collapsed ? 'sr-only' : 'truncate'}>{item.label}</span>
      {item.badge ? (
        <PendingBadge
          count={pending}
          compact={collapsed}
          label={item.badge === 'disputes' ? t.disputesBadge(pending) : t.pendingBadge(pending)}
        />
      ) : null}
    </Link>
  );
  if (!collapsed) return link;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={8}
          className="z-50 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow"
        >
          {item.label}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

function QuickStats() {
  const stats = useAdminStats();
  const s = adminMessages.stats;
  return (
    <section aria-labelledby="admin-quick-stats" className="mt-6 rounded-xl bg-slate-50 p-3">
      <h2 id="admin-quick-stats" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {t.quickStats}
      </h2>
      {stats.isError ? (
        <p className="mt-2 text-sm text-red-700">{s.loadFailed}</p>
      ) : (
        <dl className="mt-2 space-y-1.5 text-sm">
          {[
            [s.pendingApplications, stats.data?.pendingApplications],
            [s.activeUsers, stats.data?.activeUsers],
            [s.totalUsers, stats.data?.totalUsers],
          ].map(([label, value]) => (
            <div key={label as string} className="flex items-baseline justify-between gap-2">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-semibold text-slate-900 tabular-nums">
                {value === undefined ? '…' : formatCount(value as number)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function SidebarContent({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const stats = useAdminStats().data;
  const pending = stats?.pendingApplications ?? 0;
  const disputes = stats?.waitingDisputes ?? 0;
  return (
    <>
      <ul className="space-y-1">
        {adminNavItems.map((item) => (
          <li key={item.to}>
            <SidebarLink
              item={item}
              collapsed={collapsed}
              pending={item.badge === 'disputes' ? disputes : pending}
              onNavigate={onNavigate}
            />
          </li>
        ))}
      </ul>
      {collapsed ? null : <QuickStats />}
    </>
  );
}

/**
 * The admin area's frame: a sidebar of every admin page with quick stats (16rem, or 3rem of
 * icons when collapsed; on phones an 18rem slide-in sheet), the keyboard shortcuts, and the page.
 */
export function AdminLayout() {
  const { collapsed, toggle: toggleCollapsed } = useSidebarCollapsed();
  const [sheetOpen, setSheetOpen] = useState(false);
  const isDesktop = useIsDesktop();
  const toggle = useCallback(
    () => (isDesktop ? toggleCollapsed() : setSheetOpen((open) => !open)),
    [isDesktop, toggleCollapsed],
  );
  useAdminShortcuts(toggle);
  useForbiddenWatch();

  const expanded = isDesktop ? !collapsed : sheetOpen;
  const ToggleIcon = isDesktop ? (collapsed ? PanelLeftOpen : PanelLeftClose) : Menu;

  return (
    <Tooltip.Provider delayDuration={200}>
      <div className="mx-auto flex w-full max-w-6xl gap-6 px-4 py-6">
        <nav
          id="admin-sidebar"
          aria-label={adminMessages.sidebarLabel}
          data-state={collapsed ? 'collapsed' : 'expanded'}
          className={`hidden shrink-0 self-start transition-[width] duration-200 md:sticky md:top-20 md:block md:max-h-[calc(100dvh-6rem)] md:overflow-y-auto ${
            collapsed ? 'md:w-12' : 'md:w-64'
          }`}
        >
          <SidebarContent collapsed={collapsed} />
        </nav>
        <Dialog.Root open={sheetOpen && !isDesktop} onOpenChange={setSheetOpen}>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 md:hidden" />
            <Dialog.Content
              aria-describedby={undefined}
              className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[90vw] flex-col overflow-y-auto bg-white p-4 shadow-xl md:hidden"
            >
              <div className="mb-4 flex items-center justify-between">
                <Dialog.Title className="text-lg font-bold text-brand-900">{adminMessages.panelTitle}</Dialog.Title>
                <Dialog.Close
                  className="grid size-11 place-items-center rounded-lg hover:bg-slate-100"
                  aria-label={t.closeSidebar}
                >
                  <X aria-hidden="true" className="size-6" />
                </Dialog.Close>
              </div>
              <nav aria-label={adminMessages.sidebarLabel}>
                <SidebarContent collapsed={false} onNavigate={() => setSheetOpen(false)} />
              </nav>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>

        <div className="min-w-0 flex-1">
          <div className="mb-4 flex items-center gap-3">
            <button
              type="button"
              onClick={toggle}
              aria-controls={isDesktop ? 'admin-sidebar' : undefined}
              aria-expanded={expanded}
              aria-keyshortcuts="Control+B Meta+B"
              aria-label={isDesktop ? t.toggleSidebar : t.openSidebar}
              className="grid size-11 shrink-0 place-items-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-100"
            >
              <ToggleIcon aria-hidden="true" className="size-5" />
            </button>
            <span className="text-sm font-semibold text-slate-700">{adminMessages.panelTitle}</span>
            <span className="ml-auto hidden text-xs text-slate-500 lg:inline">{t.shortcutsHint}</span>
          </div>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </Tooltip.Provider>
  );
}
