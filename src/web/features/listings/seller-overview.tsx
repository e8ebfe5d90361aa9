import { Banknote, CalendarClock, CheckCircle2, Clock, Package, ShoppingBag, type LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { toast } from '../../lib/toast.ts';
import { LOW_STOCK_THRESHOLD } from '#shared/constants.ts';
import { listingMessages } from '#shared/messages/listings.tr.ts';
import { messages } from '#shared/messages.tr.ts';
import { orderStatusLabel } from '#shared/order-labels.ts';
import type { SellerDashboard } from '#shared/schemas/listings.ts';
import { Card } from '../../components/ui/card.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatCount, formatDate, formatKurus } from '../../lib/format.ts';
import { useSellerDashboard } from './api.ts';
import { StockBadge } from '../../components/stock-badge.tsx';
import { VatNote } from '../../components/vat-note.tsx';
import { ListingStatusBadge } from './listing-badges.tsx';

const d = listingMessages.dashboard;
const t = listingMessages.toasts;

interface RecentItem {
  key: string;
  title: ReactNode;
  detail: ReactNode;
  end: ReactNode;
}

/** One of the recent-5 cards: a line per item, or the empty (or loading) text. */
function RecentList({ title, items, empty }: { title: string; items: RecentItem[]; empty: string }) {
  return (
    <Card title={title}>
      {items.length > 0 ? (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.key} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block text-slate-900">{item.title}</span>
                <span className="block text-xs text-slate-600">{item.detail}</span>
              </span>
              {item.end}
            </li>
          ))}
        </ul>
      ) : (
        <p className="py-4 text-center text-slate-600">{empty}</p>
      )}
    </Card>
  );
}

function stats(data: SellerDashboard | undefined): { icon: LucideIcon; label: string; value: string | null }[] {
  const count = (n: number | undefined) => (n === undefined ? null : formatCount(n));
  const money = (n: number | undefined) => (n === undefined ? null : formatKurus(n));
  return [
    { icon: Package, label: d.totalProducts, value: count(data?.totalProducts) },
    { icon: CheckCircle2, label: d.activeProducts, value: count(data?.activeProducts) },
    { icon: ShoppingBag, label: d.totalOrders, value: count(data?.totalOrders) },
    { icon: Clock, label: d.pendingOrders, value: count(data?.pendingOrders) },
    { icon: Banknote, label: d.totalRevenue, value: money(data?.totalRevenueKurus) },
    { icon: CalendarClock, label: d.monthlyRevenue, value: money(data?.monthlyRevenueKurus) },
  ];
}

/**
 * The seller's figures from the database: six stat cards (products, active products, orders,
 * pending orders, revenue, this month's revenue) and the five most recent products and orders.
 * Shared by the seller panel and the store overview.
 */
export function SellerOverview() {
  const dashboard = useSellerDashboard();
  const data = dashboard.data;
  const threshold = data?.lowStockThreshold ?? LOW_STOCK_THRESHOLD;

  useEffect(() => {
    if (dashboard.isError) toast.error(t.errorTitle, { id: 'seller-stats-failed', description: t.statsFailed });
  }, [dashboard.isError]);

  return (
    <div className="space-y-4">
      <section aria-labelledby="seller-stats-title">
        <h2 id="seller-stats-title" className="sr-only">
          {d.statsTitle}
        </h2>
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3" aria-busy={dashboard.isPending}>
          {stats(data).map((stat) => (
            <StatCard key={stat.label} icon={stat.icon} label={stat.label} value={stat.value ?? '—'} />
          ))}
        </dl>
        <p className="mt-2 text-xs text-slate-600">{d.revenueNote}</p>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <RecentList
          title={d.recentProducts}
          empty={dashboard.isPending ? messages.common.loading : d.noRecentProducts}
          items={(data?.recentProducts ?? []).map((listing) => ({
            key: listing.id,
            title: <span className="font-medium break-words">{listing.name}</span>,
            detail: (
              <>
                {listing.tur} · {formatKurus(listing.priceKurus)} <VatNote />
              </>
            ),
            end: (
              <span className="flex gap-1">
                <StockBadge stock={listing.stok} lowStockThreshold={threshold} />
                <ListingStatusBadge status={listing.durum} />
              </span>
            ),
          }))}
        />
        <RecentList
          title={d.recentOrders}
          empty={dashboard.isPending ? messages.common.loading : d.noRecentOrders}
          items={(data?.recentOrders ?? []).map((order) => ({
            key: order.id,
            title: <span className="font-mono font-medium">{order.orderNumber}</span>,
            detail: `${formatDate(order.createdAt)} · ${orderStatusLabel(order)}`,
            end: <span className="font-semibold text-slate-900">{formatKurus(order.totalKurus)}</span>,
          }))}
        />
      </div>
    </div>
  );
}
