import { Eye, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { SellerOrderRow } from '#shared/schemas/orders.ts';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { QueryErrorAlert, QueryState } from '../../components/ui/query-state.tsx';
import { formatDate, formatKurus } from '../../lib/format.ts';
import { keepScroll } from '../../lib/keep-scroll.ts';
import { useSellerOrders } from './api.ts';
import { SellerOrderActions, type ShipTarget } from './order-actions.tsx';
import { lineName, LineThumbnail, OrderStatusBadge, Pager, TrackingInfo } from './order-parts.tsx';
import { OrderSearchBox, orderSearchFrom, withOrderSearch } from './order-search-box.tsx';
import { SellerOrderDetailDialog } from './seller-order-detail-dialog.tsx';
import { SellerOrderFilterCard } from './seller-order-filter-card.tsx';
import { sellerOrderQueryOf, type SellerOrderFilters } from './seller-order-filters.ts';
import { ShipOrderDialog } from './ship-order-dialog.tsx';

const m = tradingMessages.orders;
const v = m.sellerView;

const th = 'px-1 py-2 align-bottom';
const td = 'px-1 py-2';
const column = dataColumns<SellerOrderRow>();

function orderColumns(onDetail: (orderId: string) => void, onShip: (target: ShipTarget) => void) {
  return column.columns([
    column.display({
      id: 'image',
      header: v.image,
      cell: ({ row }) => <LineThumbnail line={row.original.line} size="size-10" />,
      meta: { headerClassName: th, className: td },
    }),
    column.accessor('orderNumber', {
      header: v.orderNumber,
      meta: {
        headerClassName: th,
        className: `${td} font-medium break-all text-slate-900`,
        isRowHeader: true,
      },
    }),
    column.display({
      id: 'product',
      header: v.product,
      cell: ({ row }) => lineName(row.original.line),
      meta: { headerClassName: th, className: `${td} font-medium text-slate-900` },
    }),
    column.display({
      id: 'quantity',
      header: v.quantity,
      cell: ({ row }) => row.original.line.quantity,
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right` },
    }),
    column.display({
      id: 'unitPrice',
      header: v.unitPrice,
      cell: ({ row }) => formatKurus(row.original.line.unitPriceKurus),
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right whitespace-nowrap` },
    }),
    column.display({
      id: 'total',
      header: v.total,
      cell: ({ row }) => formatKurus(row.original.line.lineTotalKurus),
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right font-medium whitespace-nowrap` },
    }),
    column.accessor('createdAt', {
      header: v.date,
      cell: (info) => formatDate(info.getValue()),
      meta: { headerClassName: th, className: `${td} whitespace-nowrap text-slate-700` },
    }),
    column.accessor('status', {
      header: v.status,
      cell: ({ row }) => <OrderStatusBadge order={row.original} />,
      meta: { headerClassName: th, className: td },
    }),
    column.accessor('trackingNumber', {
      header: v.trackingNumber,
      cell: ({ row }) =>
        row.original.trackingNumber ? (
          <TrackingInfo cargoCompany={row.original.cargoCompany} trackingNumber={row.original.trackingNumber} />
        ) : (
          '—'
        ),
      meta: { headerClassName: th, className: `${td} text-slate-700` },
    }),
    column.display({
      id: 'actions',
      header: v.actions,
      cell: ({ row }) => (
        <span className="inline-flex flex-wrap justify-end gap-1">
          <SellerOrderActions order={row.original} onShip={onShip} compact />
          <Button
            variant="ghost"
            className="min-h-11 gap-1 px-1.5 text-xs"
            onClick={() => onDetail(row.original.orderId)}
          >
            <Eye aria-hidden="true" className="size-4" />
            {m.details}
            <span className="sr-only"> {row.original.orderNumber}</span>
          </Button>
        </span>
      ),
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right` },
    }),
  ]);
}

function OrderRowCard({
  row,
  onDetail,
  onShip,
}: {
  row: SellerOrderRow;
  onDetail: (orderId: string) => void;
  onShip: (target: ShipTarget) => void;
}) {
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-xs text-slate-600">
          <span className="block font-medium break-all text-slate-800">{row.orderNumber}</span>
          {formatDate(row.createdAt)}
        </p>
        <OrderStatusBadge order={row} />
      </div>
      <div className="mt-2 flex items-center gap-3">
        <LineThumbnail line={row.line} />
        <p className="min-w-0 font-medium text-slate-900">{lineName(row.line)}</p>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-slate-500">{v.quantity}</dt>
          <dd>{row.line.quantity}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{v.unitPrice}</dt>
          <dd>{formatKurus(row.line.unitPriceKurus)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{v.total}</dt>
          <dd className="font-semibold">{formatKurus(row.line.lineTotalKurus)}</dd>
        </div>
        {row.trackingNumber ? (
          <div className="col-span-3">
            <dt className="text-xs text-slate-500">{v.trackingNumber}</dt>
            <dd className="text-xs">
              <TrackingInfo cargoCompany={row.cargoCompany} trackingNumber={row.trackingNumber} />
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        <SellerOrderActions order={row} onShip={onShip} />
        <Button variant="secondary" onClick={() => onDetail(row.orderId)}>
          {m.details}
          <span className="sr-only"> {row.orderNumber}</span>
        </Button>
      </div>
    </li>
  );
}

/**
 * The seller panel's orders tab: "Siparişlerim (n)", the search and filter card (applied on the
 * server), the table of order lines (cards below md) and the detail dialog. The search (?q=) and the
 * open order (?order=, where notifications and mails link) live in the address beside the filters.
 */
export function SellerOrders({
  filters,
  onFiltersChange,
}: {
  filters: SellerOrderFilters;
  onFiltersChange: (next: Partial<SellerOrderFilters>) => void;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = orderSearchFrom(searchParams);
  const detailId = searchParams.get('order');
  const setDetailId = (id: string | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('order', id);
        else next.delete('order');
        return next;
      },
      { replace: true, state: keepScroll },
    );
  const query = useSellerOrders(sellerOrderQueryOf(filters, search));
  const [shipTarget, setShipTarget] = useState<ShipTarget | null>(null);
  const heading = filters.view === 'pending' ? v.pendingTitle : filters.view === 'completed' ? v.completedTitle : null;
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-xl font-bold text-brand-900">
          {query.data ? v.title(query.data.allOrders) : m.buyerTitle}
        </h2>
        {heading ? <p className="text-sm text-slate-600">{heading}</p> : null}
      </div>
      <OrderSearchBox
        key={search}
        value={search}
        onSearch={(text) => setSearchParams((current) => withOrderSearch(current, text), { state: keepScroll })}
      />
      <SellerOrderFilterCard filters={filters} onChange={onFiltersChange} />
      <section aria-busy={query.isFetching} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <QueryState
          query={query}
          pending={<p className="py-8 text-center text-slate-600">{v.loading}</p>}
          renderError={(error) => (
            <QueryErrorAlert text={v.loadFailed(error.message)} onRetry={() => void query.refetch()} />
          )}
          isEmpty={(data) => data.rows.length === 0}
          empty={
            search ? (
              <p role="status" className="py-8 text-center text-slate-600">
                {m.search.empty(search)}
              </p>
            ) : query.data && query.data.allOrders > 0 ? (
              <p className="py-8 text-center text-slate-600">{v.emptyFiltered}</p>
            ) : (
              <EmptyState icon={ShoppingBag} title={v.empty} body={v.emptyBody} />
            )
          }
        >
          {(data) => (
            <>
              {/* The table from 1280 px (like the product list); the panel's columns leave too little room below. */}
              <div className="hidden overflow-x-auto xl:block">
                <DataTable
                  data={data.rows}
                  columns={orderColumns(setDetailId, setShipTarget)}
                  getRowId={(row) => row.line.id}
                  caption={v.tableCaption}
                  className="w-full text-left text-xs"
                  headClassName="border-b border-slate-200 text-[11px] font-semibold text-slate-600 uppercase"
                  rowClassName={() => 'align-middle'}
                />
              </div>
              <ul className="grid gap-3 md:grid-cols-2 xl:hidden">
                {data.rows.map((row) => (
                  <OrderRowCard key={row.line.id} row={row} onDetail={setDetailId} onShip={setShipTarget} />
                ))}
              </ul>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(page) => onFiltersChange({ page })}
              />
            </>
          )}
        </QueryState>
      </section>
      <SellerOrderDetailDialog orderId={detailId} onClose={() => setDetailId(null)} />
      <ShipOrderDialog order={shipTarget} onClose={() => setShipTarget(null)} />
    </div>
  );
}
