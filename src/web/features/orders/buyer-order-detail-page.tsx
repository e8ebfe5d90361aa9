import { ChevronLeft, CreditCard, MapPin, MessageSquare, Printer, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { invoiceMessages } from '#shared/messages/invoices.tr.ts';
import { messagingMessages } from '#shared/messages/messages.tr.ts';
import { orderStatusLabels } from '#shared/messages/trading/order-status.tr.ts';
import { orderEventText } from '#shared/order-labels.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { BuyerOrderDetail } from '#shared/schemas/orders.ts';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { StoreLink } from '../../components/store-link.tsx';
import { formatDate, formatDateTime, formatInstallments, formatKurus } from '../../lib/format.ts';
import { newThreadPath, paths } from '../../lib/paths.ts';
import { useBuyerOrder } from './api.ts';
import { BuyerDisputePanel } from './dispute-dialog.tsx';
import { ConfirmDeliveryButton, UnpaidOrderAction } from './order-actions.tsx';
import {
  AmountRow,
  autoReleaseOf,
  handleLabel,
  lineName,
  LineThumbnail,
  OrderAmountList,
  OrderStatusBadge,
  TrackingInfo,
  BuyerStatusNotice,
} from './order-parts.tsx';
import { InvoiceDetails } from './invoice-upload-dialog.tsx';

const m = tradingMessages.orders;

// Printing the order ("Yazdır"): the site's header, menus, footer and the page's own buttons stay
// off the paper. Inline here, in the page's own chunk, so the CSS every page loads does not grow.
const PRINT_CSS = '@media print { header, nav, footer, [data-print-hide] { display: none !important; } }';

/** What the app adds to the detail from other features (the review of the seller). */
export type OrderDetailExtra = (order: BuyerOrderDetail) => ReactNode;

function OrderDetail({ order, extra }: { order: BuyerOrderDetail; extra?: OrderDetailExtra }) {
  const autoRelease = autoReleaseOf(order);
  const address = order.shippingAddress;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{m.detailTitle(order.orderNumber)}</h1>
          <p className="mt-1 text-slate-600">
            {formatDateTime(order.createdAt)} · {m.seller}:{' '}
            {/* Underlined: a link inside a sentence must not be told apart by colour alone. */}
            <StoreLink
              handle={order.sellerHandle}
              slug={order.sellerSlug}
              fallback={handleLabel(null)}
              className="text-brand-700 underline underline-offset-2"
            />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <OrderStatusBadge order={order} />
          <div data-print-hide className="flex flex-wrap items-center gap-3">
            <UnpaidOrderAction order={order} />
            <ConfirmDeliveryButton order={order} />
            <ButtonLink to={newThreadPath({ orderId: order.id })} variant="secondary">
              <MessageSquare aria-hidden="true" className="size-4" /> {messagingMessages.messageSeller}
            </ButtonLink>
            <Button variant="secondary" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-4" /> {m.print}
            </Button>
          </div>
        </div>
      </div>

      {autoRelease ? (
        <p className="flex items-start gap-2 rounded-lg bg-blue-50 p-3 text-sm text-blue-900">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {m.escrowInfo} {`${m.autoRelease}: ${formatDate(autoRelease)}.`}
          </span>
        </p>
      ) : null}
      {order.awaitingAcceptance && order.acceptBy ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {tradingMessages.fulfilment.awaitingAcceptanceInfo(formatDateTime(order.acceptBy))}
        </p>
      ) : null}
      <BuyerStatusNotice status={order.status} />
      <div data-print-hide className="contents">
        <BuyerDisputePanel order={order} />
        {extra?.(order)}
      </div>

      <Card title={m.lines}>
        <ul className="divide-y divide-slate-100">
          {order.items.map((line) => (
            <li key={line.id} className="flex items-center gap-3 py-3">
              <LineThumbnail line={line} size="size-14" />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-slate-900">{lineName(line)}</p>
                <p className="text-sm text-slate-600">
                  {line.quantity} {m.quantity} × {formatKurus(line.unitPriceKurus)}
                </p>
              </div>
              <p className="shrink-0 font-semibold text-slate-900">{formatKurus(line.lineTotalKurus)}</p>
            </li>
          ))}
        </ul>
        <div className="mt-4 border-t border-slate-200 pt-3">
          <OrderAmountList order={order}>
            {order.refundedKurus > 0 ? (
              <>
                <AmountRow label={m.refunded} kurus={-order.refundedKurus} />
                <AmountRow label={m.netAfterRefund} kurus={order.totalKurus - order.refundedKurus} strong />
              </>
            ) : null}
          </OrderAmountList>
        </div>
      </Card>

      <div className="grid gap-6 md:grid-cols-2">
        <Card title={m.deliveryAddress}>
          {address ? (
            <address className="flex gap-2 text-sm not-italic text-slate-800">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <span>
                <span className="block font-semibold">{address.full_name}</span>
                <span className="block">{address.address}</span>
                <span className="block">
                  {address.district} / {address.city}
                  {address.postal_code ? ` ${address.postal_code}` : ''}
                </span>
                <span className="block">{address.phone}</span>
              </span>
            </address>
          ) : (
            <p className="text-sm text-slate-600">—</p>
          )}
          {order.trackingNumber ? (
            <dl className="mt-4 text-sm">
              <dt className="text-slate-500">{m.tracking}</dt>
              <dd className="font-medium text-slate-900">
                <TrackingInfo cargoCompany={order.cargoCompany} trackingNumber={order.trackingNumber} />
              </dd>
            </dl>
          ) : null}
        </Card>
        <Card title={m.payment}>
          <dl className="space-y-2 text-sm">
            {order.cardBrand && order.cardLastFour ? (
              <div className="flex items-center gap-2">
                <CreditCard aria-hidden="true" className="size-4 text-slate-500" />
                <dt className="sr-only">{m.payment}</dt>
                <dd className="font-medium text-slate-900">{m.card(order.cardBrand, order.cardLastFour)}</dd>
              </div>
            ) : null}
            {order.installments ? (
              <div className="flex justify-between gap-3">
                <dt className="text-slate-700">{m.installments}</dt>
                <dd className="text-right text-slate-900">
                  {order.installments === 1 ? m.cash : m.installmentCount(order.installments)}
                  {order.installments > 1 && order.installmentAmounts ? (
                    <>
                      <span className="block tabular-nums">{formatInstallments(order.installmentAmounts)}</span>
                      <span className="block text-xs text-slate-600 tabular-nums">
                        {m.installmentsTotal(formatKurus(order.installmentAmounts.reduce((sum, a) => sum + a, 0)))}
                      </span>
                    </>
                  ) : null}
                </dd>
              </div>
            ) : null}
            {order.paidAt ? (
              <div className="flex justify-between gap-3">
                <dt className="text-slate-700">{orderStatusLabels.paid_escrow}</dt>
                <dd className="text-slate-900">{formatDateTime(order.paidAt)}</dd>
              </div>
            ) : null}
          </dl>
        </Card>
      </div>

      <Card title={invoiceMessages.section}>
        {order.invoice ? (
          <InvoiceDetails orderId={order.id} invoice={order.invoice} />
        ) : (
          <p className="text-sm text-slate-600">{invoiceMessages.none}</p>
        )}
      </Card>

      <Card title={m.timeline}>
        {order.events.length === 0 ? (
          <p className="text-sm text-slate-600">{m.noEvents}</p>
        ) : (
          <ol className="space-y-3 border-l border-slate-200 pl-4">
            {order.events.map((event, i) => (
              <li key={`${event.createdAt}-${i}`} className="text-sm">
                <p className="font-medium text-slate-900">{orderEventText(event)}</p>
                <p className="text-slate-600">{formatDateTime(event.createdAt)}</p>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}

/** /siparislerim/:id: one of the member's own orders (another member's answers "Sipariş bulunamadı"). */
export function BuyerOrderDetailPage({ extra }: { extra?: OrderDetailExtra }) {
  const { id = '' } = useParams();
  const query = useBuyerOrder(id);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <title>{`${m.buyerTitle} | OptiStok`}</title>
      <style>{PRINT_CSS}</style>
      <Link
        data-print-hide
        to={paths.orders}
        className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        {m.backToList}
      </Link>
      <QueryState query={query} errorText={query.error?.message ?? m.detailLoadFailed}>
        {(order) => <OrderDetail order={order} extra={extra} />}
      </QueryState>
    </div>
  );
}
