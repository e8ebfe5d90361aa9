import { ShieldCheck } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { adminOrderMessages as t } from '#shared/messages/admin-orders.tr.ts';
import { disputeMessages } from '#shared/messages/disputes.tr.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { orderStatusLabels } from '#shared/messages/trading/order-status.tr.ts';
import { orderEventLine } from '#shared/order-labels.ts';
import {
  adminOrdersFilterFormSchema,
  type AdminOrderRow,
  type AdminOrdersFilterForm,
} from '#shared/schemas/admin-orders.ts';
import { orderStatuses } from '#shared/status.ts';
import { AdminPageHeader, AdminQueryError } from '../../components/admin-page.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, dataColumns } from '../../components/ui/data-table.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { controlClasses } from '../../components/ui/form-field.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatCount, formatDateTime, formatKurus } from '../../lib/format.ts';
import { useAdminOrder, useAdminOrders, type AdminOrdersFilter } from './admin-orders-api.ts';
import { WaitingMoneyCard } from './waiting-money-card.tsx';

/** A signed ledger amount: debits with +, credits with − (the ledger's own sign). */
const signedKurus = (kurus: number) => (kurus > 0 ? `+${formatKurus(kurus)}` : `−${formatKurus(-kurus)}`);
const th = 'px-2 py-2 align-bottom font-semibold';
const td = 'px-2 py-2';
const column = dataColumns<AdminOrderRow>();

function Party({ party }: { party: AdminOrderRow['buyer'] }) {
  return (
    <span>
      {party.name}
      {party.handle ? <span className="block text-xs text-slate-500">@{party.handle}</span> : null}
    </span>
  );
}

function buildColumns(open: (id: string) => void) {
  return column.columns([
    column.accessor('orderNumber', {
      header: t.orderNumber,
      cell: (info) => (
        <button
          type="button"
          className="inline-flex min-h-11 items-center font-mono text-sm text-brand-700 underline"
          onClick={() => open(info.row.original.id)}
        >
          {info.getValue()}
        </button>
      ),
      meta: { headerClassName: th, className: `${td} whitespace-nowrap`, isRowHeader: true },
    }),
    column.accessor('createdAt', {
      header: t.createdAt,
      cell: (info) => formatDateTime(info.getValue()),
      meta: { headerClassName: th, className: `${td} whitespace-nowrap` },
    }),
    column.accessor('status', {
      header: t.status,
      cell: (info) => <Badge>{orderStatusLabels[info.getValue()]}</Badge>,
      meta: { headerClassName: th, className: td },
    }),
    column.display({
      id: 'buyer',
      header: t.buyer,
      cell: ({ row }) => <Party party={row.original.buyer} />,
      meta: { headerClassName: th, className: td },
    }),
    column.display({
      id: 'seller',
      header: t.seller,
      cell: ({ row }) => <Party party={row.original.seller} />,
      meta: { headerClassName: th, className: td },
    }),
    column.accessor('totalKurus', {
      header: t.total,
      cell: (info) => formatKurus(info.getValue()),
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right whitespace-nowrap` },
    }),
    column.accessor('refundedKurus', {
      header: t.refunded,
      cell: (info) => formatKurus(info.getValue()),
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right whitespace-nowrap` },
    }),
    column.accessor('escrowHeldKurus', {
      header: t.held,
      cell: (info) => formatKurus(info.getValue()),
      meta: { headerClassName: `${th} text-right`, className: `${td} text-right whitespace-nowrap font-semibold` },
    }),
  ]);
}

/** One order as a card on a phone (the table scrolls sideways otherwise). */
function OrderCard({ order, open }: { order: AdminOrderRow; open: (id: string) => void }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className="inline-flex min-h-11 items-center font-mono text-sm text-brand-700 underline"
          onClick={() => open(order.id)}
        >
          {order.orderNumber}
        </button>
        <Badge>{orderStatusLabels[order.status]}</Badge>
      </div>
      <p className="mt-1 text-xs text-slate-600">{formatDateTime(order.createdAt)}</p>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">{t.buyer}</dt>
        <dd>
          <Party party={order.buyer} />
        </dd>
        <dt className="text-slate-600">{t.seller}</dt>
        <dd>
          <Party party={order.seller} />
        </dd>
        <dt className="text-slate-600">{t.total}</dt>
        <dd>{formatKurus(order.totalKurus)}</dd>
        <dt className="text-slate-600">{t.refunded}</dt>
        <dd>{formatKurus(order.refundedKurus)}</dd>
        <dt className="text-slate-600">{t.held}</dt>
        <dd className="font-semibold">{formatKurus(order.escrowHeldKurus)}</dd>
      </dl>
    </li>
  );
}

function OrderDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useAdminOrder(id);
  const d = t.detail;
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={query.data ? d.title(query.data.orderNumber) : t.details}
      wide
    >
      <QueryState query={query} renderError={(error) => <AdminQueryError error={error} message={d.loadFailed} />}>
        {(order) => (
          <div className="space-y-5 text-sm">
            <section>
              <h3 className="font-semibold">{d.lines}</h3>
              <ul className="mt-1 divide-y divide-slate-100">
                {order.lines.map((line) => (
                  <li key={line.id} className="flex justify-between gap-3 py-1">
                    <span>
                      {line.marka} {line.modelKodu} — {line.productName}
                      <span className="block text-xs text-slate-500">
                        {line.quantity} {d.quantity} × {formatKurus(line.unitPriceKurus)}
                      </span>
                    </span>
                    <span className="whitespace-nowrap">{formatKurus(line.lineTotalKurus)}</span>
                  </li>
                ))}
              </ul>
            </section>
            <section className="grid gap-3 sm:grid-cols-2">
              <div>
                <h3 className="font-semibold">{d.payment}</h3>
                <p>
                  {order.payment
                    ? `${d.card(order.payment.cardBrand ?? '', order.payment.cardLastFour ?? '····')}, ${d.installments(order.payment.installments)}`
                    : d.noPayment}
                </p>
              </div>
              <div>
                <h3 className="font-semibold">{d.shipment}</h3>
                <p>
                  {order.shipment.cargoCompany
                    ? `${tradingMessages.cargo[order.shipment.cargoCompany as keyof typeof tradingMessages.cargo] ?? order.shipment.cargoCompany} ${order.shipment.trackingNumber ?? ''}`
                    : d.noShipment}
                </p>
              </div>
              {order.dispute ? (
                <div>
                  <h3 className="font-semibold">{d.dispute}</h3>
                  <p>
                    {disputeMessages.statuses[order.dispute.status as keyof typeof disputeMessages.statuses] ??
                      order.dispute.status}
                  </p>
                </div>
              ) : null}
            </section>
            <section>
              <h3 className="font-semibold">{d.timeline}</h3>
              <ol className="mt-1 space-y-1">
                {order.timeline.map((event) => (
                  <li key={event.id}>
                    <span className="text-slate-600">{formatDateTime(event.createdAt)}</span> — {orderEventLine(event)}
                  </li>
                ))}
              </ol>
            </section>
            <section>
              <h3 className="font-semibold">{d.ledger}</h3>
              {order.ledger.length === 0 ? (
                <p>{d.noLedger}</p>
              ) : (
                <ul className="mt-1 divide-y divide-slate-100">
                  {order.ledger.map((entry) => (
                    <li key={entry.id} className="flex justify-between gap-3 py-1">
                      <span>
                        <span>{d.accounts[entry.account] ?? entry.account}</span>
                        <span className="block text-xs text-slate-500">{formatDateTime(entry.createdAt)}</span>
                      </span>
                      <span
                        className={`whitespace-nowrap tabular-nums ${entry.amountKurus < 0 ? 'text-red-700' : 'text-green-800'}`}
                      >
                        {signedKurus(entry.amountKurus)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            <section>
              <h3 className="font-semibold">{d.jobs}</h3>
              {order.providerJobs.length === 0 ? (
                <p>{d.noJobs}</p>
              ) : (
                <ul className="mt-1 space-y-1">
                  {order.providerJobs.map((job) => (
                    <li key={job.id}>
                      {d.jobKinds[job.kind] ?? job.kind} — {formatKurus(job.amountKurus)} —{' '}
                      {d.jobStatuses[job.status] ?? job.status}, {d.attempts(job.attempts)}
                      {job.lastError ? <span className="block text-xs text-red-700">{job.lastError}</span> : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        )}
      </QueryState>
    </Modal>
  );
}

/** /admin/orders: the admin orders desk. The filter and the open order live in the address. */
export function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const filter: AdminOrdersFilter = {
    q: params.get('q') ?? undefined,
    status: params.get('status') ?? undefined,
    invoice: params.get('invoice') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    page: Number(params.get('page') ?? '1') || 1,
  };
  const { register, handleSubmit } = useForm<AdminOrdersFilterForm>({
    resolver: zodResolver(adminOrdersFilterFormSchema),
    defaultValues: {
      q: filter.q ?? '',
      status: (filter.status ?? '') as AdminOrdersFilterForm['status'],
      invoice: filter.invoice === 'missing' ? 'missing' : '',
      from: filter.from ?? '',
      to: filter.to ?? '',
    },
  });
  const list = useAdminOrders(filter);
  const openId = params.get('order');
  const setParam = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  const open = (id: string) => setParam({ order: id });
  const columns = buildColumns(open);
  const submit = handleSubmit((draft) => setParam({ ...draft, page: null }));
  return (
    <div>
      <AdminPageHeader title={t.title} lead={t.lead} />
      <form
        onSubmit={(event) => void submit(event)}
        className="mb-4 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-3 lg:grid-cols-6"
      >
        <label className="text-sm font-medium sm:col-span-2">
          {t.searchLabel}
          <input
            type="search"
            className={`${controlClasses} mt-1`}
            placeholder={t.searchPlaceholder}
            {...register('q')}
          />
        </label>
        <label className="text-sm font-medium">
          {t.status}
          <select className={`${controlClasses} mt-1`} {...register('status')}>
            <option value="">{t.allStatuses}</option>
            {orderStatuses.map((status) => (
              <option key={status} value={status}>
                {orderStatusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium">
          {t.invoice}
          <select className={`${controlClasses} mt-1`} {...register('invoice')}>
            <option value="">{t.anyInvoice}</option>
            <option value="missing">{t.invoiceMissing}</option>
          </select>
        </label>
        <label className="text-sm font-medium">
          {t.from}
          <input type="date" className={`${controlClasses} mt-1`} {...register('from')} />
        </label>
        <label className="text-sm font-medium">
          {t.to}
          <input type="date" className={`${controlClasses} mt-1`} {...register('to')} />
        </label>
        <div className="sm:col-span-3 lg:col-span-6">
          <Button type="submit">{t.search}</Button>
        </div>
      </form>
      <QueryState query={list} renderError={(error) => <AdminQueryError error={error} message={t.loadFailed} />}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
          return (
            <div className="space-y-4">
              <dl className="grid gap-3 sm:grid-cols-3">
                <StatCard
                  label={t.escrowHeld}
                  value={formatKurus(data.escrowHeldKurus)}
                  icon={ShieldCheck}
                  stat="escrow-held"
                />
              </dl>
              <p className="text-sm text-slate-600">{t.found(formatCount(data.total))}</p>
              {data.orders.length === 0 ? (
                <p className="rounded-2xl border border-slate-200 bg-white p-6 text-slate-600">{t.empty}</p>
              ) : (
                <>
                  <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white p-3 shadow-sm md:block">
                    <DataTable data={data.orders} columns={columns} getRowId={(o) => o.id} caption={t.title} />
                  </div>
                  <ul className="space-y-3 md:hidden">
                    {data.orders.map((order) => (
                      <OrderCard key={order.id} order={order} open={open} />
                    ))}
                  </ul>
                </>
              )}
              {pages > 1 ? (
                <nav className="flex items-center justify-between gap-3" aria-label={t.pageOf(data.page, pages)}>
                  <Button
                    variant="secondary"
                    disabled={data.page <= 1}
                    onClick={() => setParam({ page: String(data.page - 1) })}
                  >
                    {t.previous}
                  </Button>
                  <span className="text-sm">{t.pageOf(data.page, pages)}</span>
                  <Button
                    variant="secondary"
                    disabled={data.page >= pages}
                    onClick={() => setParam({ page: String(data.page + 1) })}
                  >
                    {t.next}
                  </Button>
                </nav>
              ) : null}
            </div>
          );
        }}
      </QueryState>
      <div className="mt-6">
        <WaitingMoneyCard />
      </div>
      {openId ? <OrderDetailDialog id={openId} onClose={() => setParam({ order: null })} /> : null}
    </div>
  );
}
