import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { CartQuote } from '#shared/schemas/checkout.ts';
import { formatKurus } from '../../lib/format.ts';
import { formatRateBp } from '#shared/money.ts';

const t = tradingMessages.cart;

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-slate-200 pt-3' : ''}`}>
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd className={`tabular-nums ${strong ? 'text-xl font-bold text-brand-900' : 'font-medium text-slate-900'}`}>
        {value}
      </dd>
    </div>
  );
}

/** The cart's totals exactly as the server priced them (lines with problems are not in them). */
export function OrderSummary({ price, isStale }: { price: NonNullable<CartQuote['price']>; isStale: boolean }) {
  // One VAT row per rate of the lines (each order's VAT is its own lines', decision 039); an empty cart shows the general rate.
  const vatRows =
    price.vatByRate.length > 0 ? price.vatByRate : [{ vatRateBp: price.vatRateBp, vatKurus: price.vatKurus }];
  return (
    <dl
      data-testid="cart-summary"
      aria-busy={isStale || undefined}
      className={`space-y-2 text-sm ${isStale ? 'opacity-60' : ''}`}
    >
      <Row label={price.isVatIncluded ? t.subtotalVatIncluded : t.subtotal} value={formatKurus(price.subtotalKurus)} />
      <Row
        label={t.shipping}
        value={price.groups.length > 0 && price.shippingKurus === 0 ? t.freeShipping : formatKurus(price.shippingKurus)}
      />
      {vatRows.map((r) => {
        const rate = formatRateBp(r.vatRateBp);
        return (
          <Row
            key={r.vatRateBp}
            label={price.isVatIncluded ? t.vatIncluded(rate) : t.vat(rate)}
            value={formatKurus(r.vatKurus)}
          />
        );
      })}
      <Row label={t.total} value={formatKurus(price.totalKurus)} strong />
    </dl>
  );
}
