import { ChevronLeft, ChevronRight, Copy, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import {
  orderAmountLabel,
  orderAmountRowKey,
  orderAmountRows,
  orderAmountShown,
  vatByRateOfItems,
  type OrderAmounts,
} from '#shared/order-amounts.ts';
import { cargoTrackingUrl, type CargoCompany, type OrderLine } from '#shared/schemas/orders.ts';
import { orderStatusLabel } from '#shared/order-labels.ts';
import type { OrderStatus } from '#shared/status.ts';
import { Badge, type BadgeColour } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { formatKurus } from '../../lib/format.ts';

const m = tradingMessages.orders;
const f = tradingMessages.fulfilment;

const statusColours: Record<OrderStatus, BadgeColour> = {
  awaiting_payment: 'amber',
  paid_escrow: 'blue',
  shipped: 'blue',
  delivery_confirmed: 'green',
  completed: 'green',
  released: 'green',
  disputed: 'red',
  refunded: 'grey',
  partially_refunded: 'grey',
  cancelled: 'grey',
};

/**
 * The order's state in the one label every screen uses (issue 22); a paid order awaiting the seller's
 * approval (the server's `awaitingAcceptance`) says so on both sides.
 */
export function OrderStatusBadge({ order }: { order: { status: OrderStatus; awaitingAcceptance: boolean } }) {
  return (
    <Badge colour={order.awaitingAcceptance ? 'amber' : statusColours[order.status]}>{orderStatusLabel(order)}</Badge>
  );
}

/** The notice a status carries for the buyer, looked up with the labels (awaiting payment: how to finish it). */
const buyerStatusNotices: Partial<Record<OrderStatus, string>> = { awaiting_payment: m.awaitingPaymentInfo };

export function BuyerStatusNotice({ status, className = '' }: { status: OrderStatus; className?: string }) {
  const text = buyerStatusNotices[status];
  return text ? <p className={`rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ${className}`}>{text}</p> : null;
}

export function cargoLabel(company: CargoCompany | null): string | null {
  return company ? tradingMessages.cargo[company] : null;
}

/** "@handle", or "Bilinmiyor" when the store has no public handle (spec §6). */
export function handleLabel(handle: string | null): string {
  return handle ? `@${handle}` : m.sellerView.unknownBuyer;
}

/** The spec's product name on order rows: brand plus model code. */
export function lineName(line: Pick<OrderLine, 'marka' | 'modelKodu'>): string {
  return `${line.marka} ${line.modelKodu}`;
}

export function LineThumbnail({ line, size = 'size-12' }: { line: OrderLine; size?: string }) {
  return line.thumbnailUrl ? (
    <img
      src={line.thumbnailUrl}
      alt=""
      loading="lazy"
      className={`${size} shrink-0 rounded-lg border border-slate-200 object-cover`}
    />
  ) : (
    <span aria-hidden="true" className={`${size} block shrink-0 rounded-lg border border-slate-200 bg-slate-100`} />
  );
}

/** Previous / next with "Sayfa x / y"; nothing when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={m.page(page, pages)} className="flex items-center justify-center gap-3 pt-4">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        {m.previous}
      </Button>
      <span className="text-sm text-slate-700">{m.page(page, pages)}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {m.next}
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}

/**
 * When a shipped order is released automatically ("Otomatik onay"), or null. Only once shipped: the
 * ship moves the date to no earlier than shipped + the inspection days (decision 033).
 */
export function autoReleaseOf(order: { status: string; escrowEndsAt: string | null }): string | null {
  return order.status === 'shipped' ? order.escrowEndsAt : null;
}

/** The tracking number, a link to the carrier's public tracking page, and a copy button. */
export function TrackingInfo({
  cargoCompany,
  trackingNumber,
}: {
  cargoCompany: CargoCompany | null;
  trackingNumber: string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(trackingNumber);
      toast.success(f.copied);
    } catch {
      // No clipboard (insecure context, denied): the number stays visible to copy by hand.
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="font-mono break-all">{trackingNumber}</span>
      {cargoCompany ? <span className="text-xs text-slate-600">{cargoLabel(cargoCompany)}</span> : null}
      {cargoCompany ? (
        <a
          href={cargoTrackingUrl(cargoCompany, trackingNumber)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center gap-1 text-xs font-semibold text-brand-700 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="size-3.5" />
          {f.track}
        </a>
      ) : null}
      <button
        type="button"
        onClick={() => void copy()}
        className="inline-flex min-h-11 items-center gap-1 rounded px-1 text-xs text-slate-600 hover:bg-slate-100"
      >
        <Copy aria-hidden="true" className="size-3.5" />
        {f.copy}
        <span className="sr-only"> {trackingNumber}</span>
      </button>
    </span>
  );
}

/**
 * The order's money as it adds up (goods, shipping, the Peşin discount, VAT when added (per rate), the total;
 * "İçindeki KDV" after the total when prices included it), the same on the buyer's and the
 * seller's side. `children` adds rows after it (refunds).
 */
export function OrderAmountList({
  order,
  children,
}: {
  /** With its lines, the VAT is shown per rate of the lines ("KDV (%20)", "KDV (%10)"). */
  order: OrderAmounts & { items?: readonly { vatRateBp: number; vatKurus: number | null }[] };
  children?: ReactNode;
}) {
  const amounts = order.items ? { ...order, vatByRate: vatByRateOfItems(order.items) } : order;
  return (
    <dl className="text-sm">
      {orderAmountRows(amounts).map((row) => (
        <AmountRow
          key={orderAmountRowKey(row)}
          label={orderAmountLabel(row)}
          kurus={orderAmountShown(row)}
          strong={row.kind === 'total'}
          muted={row.kind === 'vatIncluded'}
        />
      ))}
      {children}
    </dl>
  );
}

export function AmountRow({
  label,
  kurus,
  strong = false,
  muted = false,
}: {
  label: string;
  kurus: number;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <div
      className={`flex justify-between gap-3 py-1 ${strong ? 'border-t border-slate-200 pt-2 font-semibold' : ''} ${muted ? 'text-xs' : ''}`}
    >
      <dt className={muted ? 'text-slate-600' : 'text-slate-700'}>{label}</dt>
      <dd className={muted ? 'text-slate-600' : 'text-slate-900'}>{formatKurus(kurus)}</dd>
    </div>
  );
}
