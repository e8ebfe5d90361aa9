import { LOW_STOCK_THRESHOLD } from '#shared/constants.ts';
import { marketplaceMessages } from '#shared/messages/marketplace.tr.ts';
import { Badge } from '../../components/ui/badge.tsx';

const t = marketplaceMessages;

/** Stokta Yok at 0, Az Stok below the low-stock threshold, otherwise Stokta (spec part 2 §4). */
export function StockBadge({ stock }: { stock: number }) {
  if (stock <= 0) return <Badge colour="red">{t.outOfStock}</Badge>;
  if (stock < LOW_STOCK_THRESHOLD) return <Badge colour="amber">{t.lowStock}</Badge>;
  return <Badge colour="green">{t.inStock}</Badge>;
}
