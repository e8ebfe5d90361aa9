import { CheckCircle2, Eye, MessageSquare, ShoppingBag, Truck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { messagingMessages } from '#shared/messages/messages.tr.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { cargoCompanies, type SellerOrderQuery, type SellerOrderRow } from '#shared/schemas/orders.ts';
import type { OrderStatus } from '#shared/status.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { QueryErrorAlert, QueryState } from '../../components/ui/query-state.tsx';
import { SelectField } from '../../components/ui/select-field.tsx';
import { formatDate, formatDateTime, formatKurus } from '../../lib/format.ts';
import { newThreadPath } from '../../lib/paths.ts';
import { SELLER_PAGE_SIZE, useAcceptOrder, useSellerOrder, useSellerOrders } from './api.ts';
import { SellerDisputePanel } from './dispute-answer-dialog.tsx';
import { StoreLink } from '../../components/store-link.tsx';
import { statusOptions, type SellerOrderFilters, type SellerOrdersView } from './seller-order-filters.ts';
import {
  eventLabel,
  handleLabel,
  isAwaitingAcceptance,
  lineName,
  LineThumbnail,
  OrderStatusBadge,
  Pager,
  TrackingInfo,
} from './order-parts.tsx';
import { ShipOrderDialog } from './ship-order-dialog.tsx';

const m = tradingMessages.orders;
const v = m.sellerView;
const f = tradingMessages.fulfilment;

type ShipTarget = { orderId: string; orderNumber: string };

/** "Onayla": accepts a paid order awaiting approval; shipping is offered after it. */
function AcceptButton({ row, compact }: { row: SellerOrderRow; compact?: boolean }) {
  const accept = useAcceptOrder();
  const onAccept = async () => {
    try {
      await accept.mutateAsync(row.orderId);
      toast.success(f.accepted);
    } catch (error) {
      toast.error(f.acceptFailed(error instanceof Error ? error.message : ''));
    }
  };
  return (
    <Button
      variant={compact ? 'ghost' : 'primary'}
      className={compact ? 'min-h-9 gap-1 px-1.5 text-xs' : undefined}
      onClick={() => void onAccept()}
      disabled={accept.isPending}
      aria-label={f.acceptLabel(row.orderNumber)}
      title={row.acceptBy ? f.acceptBy(formatDateTime(row.acceptBy)) : undefined}
    >
      <CheckCircle2 aria-hidden="true" className="size-4" />
      {f.accept}
    </Button>
  );
}

/** "Onayla" on orders awaiting the seller's approval, then "Kargola" on orders waiting to be shipped. */
function ShipButton({
  row,
  onShip,
  compact,
}: {
  row: SellerOrderRow;
  onShip: (t: ShipTarget) => void;
  compact?: boolean;
}) {
  if (row.status !== 'paid_escrow') return null;
  if (isAwaitingAcceptance(row)) return <AcceptButton row={row} compact={compact} />;
  return (
    <Button
      variant={compact ? 'ghost' : 'primary'}
      className={compact ? 'min-h-9 gap-1 px-1.5 text-xs' : undefined}
      onClick={() => onShip({ orderId: row.orderId, orderNumber: row.orderNumber })}
    >
      <Truck aria-hidden="true" className="size-4" />
      {f.ship}
      <span className="sr-only"> {row.orderNumber}</span>
    </Button>
  );
}

function statusValue(filters: SellerOrderFilters): string {
  if (filters.view !== 'all') return `view:${filters.view}`;
  return filters.status;
}

function FilterCard({
  filters,
  onChange,
}: {
  filters: SellerOrderFilters;
  onChange: (next: Partial<SellerOrderFilters>) => void;
}) {
  const hasFilters =
    filters.view !== 'all' ||
    filters.status !== '' ||
    filters.from !== '' ||
    filters.to !== '' ||
    filters.cargoCompany !== '';
  return (
    <section aria-label={v.filtersTitle} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label={v.filterStatus}
          value={statusValue(filters)}
          onChange={(event) => {
            const value = event.target.value;
            if (value.startsWith('view:')) onChange({ view: value.slice(5) as SellerOrdersView, status: '', page: 1 });
            else onChange({ view: 'all', status: value as OrderStatus | '', page: 1 });
          }}
        >
          <option value="">{v.filterAll}</option>
          {statusOptions.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label={v.filterFrom}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange({ from: event.target.value, page: 1 })}
        />
        <TextField
          label={v.filterTo}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => onChange({ to: event.target.value, page: 1 })}
        />
        <SelectField
          label={v.filterCargo}
          value={filters.cargoCompany}
          onChange={(event) => onChange({ cargoCompany: event.target.value, page: 1 })}
        >
          <option value="">{v.cargoAll}</option>
          {cargoCompanies.map((company) => (
            <option key={company} value={company}>
              {tradingMessages.cargo[company]}
            </option>
          ))}
        </SelectField>
      </div>
      {hasFilters ? (
        <div className="mt-3 text-right">
          <Button
            variant="ghost"
            onClick={() => onChange({ view: 'all', status: '', from: '', to: '', cargoCompany: '', page: 1 })}
          >
            {v.clearFilters}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

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
      cell: ({ row }) => <OrderStatusBadge order={row.original} view="seller" />,
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
          <ShipButton row={row.original} onShip={onShip} compact />
          <Button
            variant="ghost"
            className="min-h-9 gap-1 px-1.5 text-xs"
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
        <OrderStatusBadge order={row} view="seller" />
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
        <ShipButton row={row} onShip={onShip} />
        <Button variant="secondary" onClick={() => onDetail(row.orderId)}>
          {m.details}
          <span className="sr-only"> {row.orderNumber}</span>
        </Button>
      </div>
    </li>
  );
}

function OrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const query = useSellerOrder(orderId);
  const title = query.data ? v.detailTitle(query.data.orderNumber) : m.details;
  return (
    <Modal open={orderId !== null} onOpenChange={(open) => !open && onClose()} title={title} wide>
      <QueryState query={query} errorText={query.error?.message ?? m.detailLoadFailed}>
        {(order) => (
          <div className="space-y-4 text-sm">
            <dl className="grid grid-cols-2 gap-3">
              <div>
                <dt className="text-xs text-slate-500">{v.buyer}</dt>
                <dd className="font-medium">
                  <StoreLink handle={order.buyerHandle} slug={order.buyerSlug} fallback={handleLabel(null)} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{v.status}</dt>
                <dd>
                  <OrderStatusBadge order={order} view="seller" />
                  {isAwaitingAcceptance(order) && order.acceptBy ? (
                    <span className="mt-1 block text-xs text-amber-900">
                      {f.acceptBy(formatDateTime(order.acceptBy))}
                    </span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{v.date}</dt>
                <dd>{formatDateTime(order.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{m.escrowEnds}</dt>
                <dd>{order.escrowEndsAt ? formatDate(order.escrowEndsAt) : '—'}</dd>
              </div>
              {order.trackingNumber ? (
                <div className="col-span-2">
                  <dt className="text-xs text-slate-500">{v.trackingNumber}</dt>
                  <dd>
                    <TrackingInfo cargoCompany={order.cargoCompany} trackingNumber={order.trackingNumber} />
                  </dd>
                </div>
              ) : null}
            </dl>
            <ButtonLink to={newThreadPath({ orderId: orderId ?? '' })} variant="secondary">
              <MessageSquare aria-hidden="true" className="size-4" /> {messagingMessages.messageBuyer}
            </ButtonLink>
            <SellerDisputePanel orderId={orderId ?? ''} status={order.status} />
            <div>
              <h3 className="font-semibold text-slate-900">{m.lines}</h3>
              <ul className="mt-2 divide-y divide-slate-100">
                {order.items.map((line) => (
                  <li key={line.id} className="flex items-center gap-3 py-2">
                    <LineThumbnail line={line} size="size-10" />
                    <span className="min-w-0 flex-1">
                      {lineName(line)}
                      <span className="block text-xs text-slate-600">
                        {line.quantity} × {formatKurus(line.unitPriceKurus)}
                      </span>
                    </span>
                    <span className="font-medium">{formatKurus(line.lineTotalKurus)}</span>
                  </li>
                ))}
              </ul>
              <p className="mt-2 flex justify-between border-t border-slate-200 pt-2 font-semibold">
                <span>{v.orderTotal}</span>
                <span>{formatKurus(order.totalKurus)}</span>
              </p>
            </div>
            {order.shippingAddress ? (
              <div>
                <h3 className="font-semibold text-slate-900">{m.deliveryAddress}</h3>
                <address className="mt-1 not-italic text-slate-800">
                  <span className="block">{order.shippingAddress.full_name}</span>
                  <span className="block">{order.shippingAddress.address}</span>
                  <span className="block">
                    {order.shippingAddress.district} / {order.shippingAddress.city}
                    {order.shippingAddress.postal_code ? ` ${order.shippingAddress.postal_code}` : ''}
                  </span>
                  <span className="block">{order.shippingAddress.phone}</span>
                </address>
              </div>
            ) : null}
            {order.events.length > 0 ? (
              <div>
                <h3 className="font-semibold text-slate-900">{m.timeline}</h3>
                <ol className="mt-2 space-y-2 border-l border-slate-200 pl-4">
                  {order.events.map((event, i) => (
                    <li key={`${event.createdAt}-${i}`}>
                      <span className="font-medium text-slate-900">{eventLabel(event, 'seller')}</span>
                      <span className="block text-xs text-slate-600">{formatDateTime(event.createdAt)}</span>
                    </li>
                  ))}
                </ol>
              </div>
            ) : null}
          </div>
        )}
      </QueryState>
    </Modal>
  );
}

function toQuery(filters: SellerOrderFilters): SellerOrderQuery {
  return {
    view: filters.view,
    status: filters.status || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    cargoCompany: (filters.cargoCompany || undefined) as SellerOrderQuery['cargoCompany'],
    page: filters.page,
    pageSize: SELLER_PAGE_SIZE,
  };
}

/**
 * The seller panel's orders tab: "Siparişlerim (n)", the filter card (applied on the server), the
 * table of order lines (cards below md) and the detail dialog.
 */
export function SellerOrders({
  filters,
  onFiltersChange,
}: {
  filters: SellerOrderFilters;
  onFiltersChange: (next: Partial<SellerOrderFilters>) => void;
}) {
  const query = useSellerOrders(toQuery(filters));
  const [detailId, setDetailId] = useState<string | null>(null);
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
      <FilterCard filters={filters} onChange={onFiltersChange} />
      <section aria-busy={query.isFetching} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <QueryState
          query={query}
          pending={<p className="py-8 text-center text-slate-600">{v.loading}</p>}
          renderError={(error) => (
            <QueryErrorAlert text={v.loadFailed(error.message)} onRetry={() => void query.refetch()} />
          )}
          isEmpty={(data) => data.rows.length === 0}
          empty={
            query.data && query.data.allOrders > 0 ? (
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
      <OrderDetailDialog orderId={detailId} onClose={() => setDetailId(null)} />
      <ShipOrderDialog order={shipTarget} onClose={() => setShipTarget(null)} />
    </div>
  );
}
