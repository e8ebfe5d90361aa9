import { Package, RefreshCw, ShieldCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { utsMessages } from '#shared/messages/uts.tr.ts';
import type { BuyerOrder } from '#shared/schemas/orders.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { StoreLink } from '../../components/store-link.tsx';
import { formatDate, formatDateTime, formatKurus } from '../../lib/format.ts';
import { orderPath, paths } from '../../lib/paths.ts';
import { buyerOrdersPageFrom, useBuyerOrders } from './api.ts';
import { BuyerDisputePanel } from './dispute-dialog.tsx';
import { OrderSearchBox, orderSearchFrom, withOrderSearch } from './order-search-box.tsx';
import { ConfirmDeliveryButton, may, UnpaidOrderAction } from './order-actions.tsx';
import {
  autoReleaseOf,
  handleLabel,
  lineName,
  LineThumbnail,
  OrderStatusBadge,
  Pager,
  TrackingInfo,
  BuyerStatusNotice,
} from './order-parts.tsx';

const m = tradingMessages.orders;

function Fact({ label, children, className }: { label: string; children: React.ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function OrderCard({ order }: { order: BuyerOrder }) {
  const autoRelease = autoReleaseOf(order);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">
            <Link
              to={orderPath(order.id)}
              className="hover:text-brand-700 hover:underline"
              aria-label={m.orderLink(order.orderNumber)}
            >
              {order.orderNumber}
            </Link>
          </h2>
          <p className="text-sm text-slate-600">{formatDateTime(order.createdAt)}</p>
        </div>
        <OrderStatusBadge order={order} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact label={m.total}>{formatKurus(order.totalKurus)}</Fact>
        {order.refundedKurus > 0 ? (
          <>
            <Fact label={m.refunded}>{formatKurus(order.refundedKurus)}</Fact>
            <Fact label={m.netAfterRefund}>{formatKurus(order.totalKurus - order.refundedKurus)}</Fact>
          </>
        ) : null}
        <Fact label={m.seller}>
          <StoreLink handle={order.sellerHandle} slug={order.sellerSlug} fallback={handleLabel(null)} />
        </Fact>
        {autoRelease ? <Fact label={m.autoRelease}>{formatDate(autoRelease)}</Fact> : null}
        {order.trackingNumber ? (
          <Fact label={m.tracking} className="col-span-2">
            <TrackingInfo cargoCompany={order.cargoCompany} trackingNumber={order.trackingNumber} />
          </Fact>
        ) : null}
      </dl>
      <ul className="mt-4 divide-y divide-slate-100 border-t border-slate-100">
        {order.items.map((line) => (
          <li key={line.id} className="flex items-center gap-3 py-3">
            <LineThumbnail line={line} />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{lineName(line)}</p>
              <p className="text-sm text-slate-600">
                {handleLabel(order.sellerHandle)} · {line.quantity} {m.quantity} × {formatKurus(line.unitPriceKurus)}
              </p>
            </div>
            <p className="shrink-0 text-sm font-semibold text-slate-900">{formatKurus(line.lineTotalKurus)}</p>
          </li>
        ))}
      </ul>
      {may(order, 'confirmDelivery') && autoRelease ? (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {m.escrowInfo}
        </p>
      ) : null}
      <BuyerStatusNotice status={order.status} className="mt-3" />
      <BuyerDisputePanel order={order} />
      <div className="mt-3 flex flex-wrap items-center justify-end gap-3">
        <UnpaidOrderAction order={order} />
        <ConfirmDeliveryButton order={order} />
        <Link
          to={orderPath(order.id)}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline"
        >
          {m.details}
        </Link>
      </div>
    </li>
  );
}

/** /siparislerim: the member's own orders as buyer, newest first, a page at a time (?page=), searched by ?q=. */
export function BuyerOrdersPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = buyerOrdersPageFrom(searchParams);
  const search = orderSearchFrom(searchParams);
  const query = useBuyerOrders(page, search);
  const setPage = (next: number) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next > 1) params.set('page', String(next));
      else params.delete('page');
      return params;
    });
    window.scrollTo({ top: 0 });
  };
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <title>{`${m.buyerTitle} | OptiStok`}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{m.buyerTitle}</h1>
        <div className="flex flex-wrap gap-2">
          <ButtonLink variant="secondary" to={paths.ordersUts}>
            {utsMessages.page.almaTitle}
          </ButtonLink>
          <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw aria-hidden="true" className={`size-4 ${query.isFetching ? 'animate-spin' : ''}`} />
            {m.refresh}
          </Button>
        </div>
      </div>
      <div className="mt-6">
        <OrderSearchBox
          key={search}
          value={search}
          onSearch={(text) => setSearchParams((current) => withOrderSearch(current, text))}
        />
      </div>
      <div className="mt-6">
        <QueryState
          query={query}
          errorText={m.loadFailed}
          isEmpty={(data) => data.total === 0}
          empty={
            search ? (
              <p role="status" className="py-8 text-center text-slate-600">
                {m.search.empty(search)}
              </p>
            ) : (
              <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
                <EmptyState
                  icon={Package}
                  title={m.empty}
                  body={m.emptyBody}
                  action={<ButtonLink to={paths.marketplace}>{m.emptyAction}</ButtonLink>}
                />
              </div>
            )
          }
        >
          {(data) => (
            <>
              <ul className="space-y-4">
                {data.orders.map((order) => (
                  <OrderCard key={order.id} order={order} />
                ))}
              </ul>
              <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
            </>
          )}
        </QueryState>
      </div>
    </div>
  );
}
