import { LOW_STOCK_THRESHOLD } from '#shared/constants.ts';
import { messages } from '#shared/messages.tr.ts';
import { Badge } from './ui/badge.tsx';

/**
 * Stokta Yok at 0, Az Stok below the low-stock threshold, otherwise Stokta (spec part 2 §4). The
 * seller's screens pass the platform's threshold; the buying side uses the spec's default.
 */
export function StockBadge({
  stock,
  lowStockThreshold = LOW_STOCK_THRESHOLD,
}: {
  stock: number;
  lowStockThreshold?: number;
}) {
  if (stock <= 0)
    return (
      <Badge colour="red" className="whitespace-nowrap">
        {messages.stockBadge.out}
      </Badge>
    );
  if (stock < lowStockThreshold)
    return (
      <Badge colour="amber" className="whitespace-nowrap">
        {messages.stockBadge.low}
      </Badge>
    );
  return (
    <Badge colour="green" className="whitespace-nowrap">
      {messages.stockBadge.in}
    </Badge>
  );
}
