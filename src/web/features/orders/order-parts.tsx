import { ChevronLeft, ChevronRight } from 'lucide-react';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { CargoCompany, OrderLine } from '#shared/schemas/orders.ts';
import type { OrderStatus } from '#shared/status.ts';
import { Badge, type BadgeColour } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';

const m = tradingMessages.orders;

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

/** The status as the buyer or the seller reads it (spec §4: the two views name the states differently). */
export function OrderStatusBadge({ status, view }: { status: OrderStatus; view: 'buyer' | 'seller' }) {
  const labels = view === 'buyer' ? m.buyerStatus : m.sellerStatus;
  return <Badge colour={statusColours[status]}>{labels[status]}</Badge>;
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

const DAY_MS = 86_400_000;

/** The escrow period of a paid order in whole days (paid → automatic release), or null before payment. */
export function escrowDaysOf(order: { paidAt: string | null; escrowEndsAt: string | null }): number | null {
  if (!order.paidAt || !order.escrowEndsAt) return null;
  return Math.round((Date.parse(order.escrowEndsAt) - Date.parse(order.paidAt)) / DAY_MS);
}
