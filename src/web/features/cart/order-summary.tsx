import { tradingMessages } from '#shared/messages/trading.tr.ts';
import {
  orderAmountLabel,
  orderAmountRowKey,
  orderAmountRows,
  orderAmountShown,
  orderAmountsOfQuote,
} from '#shared/order-amounts.ts';
import type { CartQuote } from '#shared/schemas/checkout.ts';
import { formatKurus } from '../../lib/format.ts';

const t = tradingMessages.cart;

function Row({
  label,
  value,
  strong = false,
  muted = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-slate-200 pt-3' : ''} ${muted ? 'text-xs' : ''}`}
    >
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd
        className={`tabular-nums ${strong ? 'text-xl font-bold text-brand-900' : muted ? 'text-slate-600' : 'font-medium text-slate-900'}`}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * The cart's totals exactly as the server priced them (lines with problems are not in them), in
 * the rows of the order page: goods, shipping, KDV per rate of the lines, the total ("İçindeki KDV"
 * after it when prices include VAT). The cart is priced before the Peşin discount, so it has none.
 */
export function OrderSummary({ price, isStale }: { price: NonNullable<CartQuote['price']>; isStale: boolean }) {
  const isFreeShipping = price.groups.length > 0 && price.shippingKurus === 0;
  return (
    <dl
      data-testid="cart-summary"
      aria-busy={isStale || undefined}
      className={`space-y-2 text-sm ${isStale ? 'opacity-60' : ''}`}
    >
      {orderAmountRows(orderAmountsOfQuote(price, price.isVatIncluded)).map((row) => (
        <Row
          key={orderAmountRowKey(row)}
          label={row.kind === 'total' ? t.total : orderAmountLabel(row)}
          value={row.kind === 'shipping' && isFreeShipping ? t.freeShipping : formatKurus(orderAmountShown(row))}
          strong={row.kind === 'total'}
          muted={row.kind === 'vatIncluded'}
        />
      ))}
    </dl>
  );
}
