import { listingMessages } from '#shared/messages/listings.tr.ts';
import type { ListingStatus } from '#shared/status.ts';
import { Badge } from '../../components/ui/badge.tsx';

const b = listingMessages.stockBadge;

/** Stokta Yok at 0, Az Stok below the platform's low-stock threshold, else Stokta. */
export function StockBadge({ stock, lowStockThreshold }: { stock: number; lowStockThreshold: number }) {
  if (stock <= 0) return <Badge colour="red" className="whitespace-nowrap">{b.out}</Badge>;
  if (stock < lowStockThreshold) return <Badge colour="amber" className="whitespace-nowrap">{b.low}</Badge>;
  return <Badge colour="green" className="whitespace-nowrap">{b.in}</Badge>;
}

/** Aktif, or Pasif for Yayında Değil. */
export function ListingStatusBadge({ status }: { status: ListingStatus }) {
  return <Badge colour={status === 'Aktif' ? 'green' : 'grey'} className="whitespace-nowrap">{listingMessages.status[status]}</Badge>;
}
