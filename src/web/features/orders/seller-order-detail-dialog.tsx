import { FileText, MessageSquare } from 'lucide-react';
import { messagingMessages } from '#shared/messages/messages.tr.ts';
import { orderEventText } from '#shared/order-labels.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { StoreLink } from '../../components/store-link.tsx';
import { buttonClasses, ButtonLink } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/dialog.tsx';
import { QueryState } from '../../components/ui/query-state.tsx';
import { formatRateBp } from '#shared/money.ts';
import { formatDate, formatDateTime, formatKurus } from '../../lib/format.ts';
import { newThreadPath } from '../../lib/paths.ts';
import { packingSlipUrl, useSellerOrder } from './api.ts';
import { SellerDisputePanel } from './dispute-answer-dialog.tsx';
import { SellerInvoicePanel } from './invoice-upload-dialog.tsx';
import {
  AmountRow,
  autoReleaseOf,
  handleLabel,
  lineName,
  LineThumbnail,
  OrderAmountList,
  OrderStatusBadge,
  TrackingInfo,
} from './order-parts.tsx';

const m = tradingMessages.orders;
const v = m.sellerView;
const f = tradingMessages.fulfilment;

const formatDateOrDash = (iso: string | null) => (iso ? formatDate(iso) : '—');

/** One of the seller's orders: buyer, status, lines, delivery address, dispute and timeline. */
export function SellerOrderDetailDialog({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
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
                  <OrderStatusBadge order={order} />
                  {order.awaitingAcceptance && order.acceptBy ? (
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
                <dt className="text-xs text-slate-500">{m.autoRelease}</dt>
                <dd>{formatDateOrDash(autoReleaseOf(order))}</dd>
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
            <div className="flex flex-wrap gap-2">
              <ButtonLink to={newThreadPath({ orderId: orderId ?? '' })} variant="secondary">
                <MessageSquare aria-hidden="true" className="size-4" /> {messagingMessages.messageBuyer}
              </ButtonLink>
              <a href={packingSlipUrl(order.orderId)} download className={buttonClasses('secondary')}>
                <FileText aria-hidden="true" className="size-4" /> {m.packingSlip.download}
              </a>
            </div>
            <SellerDisputePanel orderId={orderId ?? ''} hasDispute={order.hasDispute} />
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
                      <span className="block text-xs text-slate-600">
                        {m.lineVat(
                          formatRateBp(line.vatRateBp),
                          line.vatKurus === null ? null : formatKurus(line.vatKurus),
                        )}
                      </span>
                    </span>
                    <span className="font-medium">{formatKurus(line.lineTotalKurus)}</span>
                  </li>
                ))}
              </ul>
              <div className="mt-2 border-t border-slate-200 pt-2">
                <OrderAmountList order={order}>
                  {order.refundedKurus > 0 ? <AmountRow label={m.refunded} kurus={-order.refundedKurus} /> : null}
                </OrderAmountList>
                {order.discountKurus > 0 ? (
                  <p className="mt-1 text-xs text-slate-600">{m.cashDiscountBorneBySeller}</p>
                ) : null}
              </div>
            </div>
            <SellerInvoicePanel order={order} />
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
                      <span className="font-medium text-slate-900">{orderEventText(event)}</span>
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
