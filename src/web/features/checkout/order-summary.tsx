import type { ReactNode } from 'react';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { formatInstallments, formatKurus } from '../../lib/format.ts';
import type { CheckoutSummary, SummaryGroup, SummaryVatRow } from './summary.ts';

const c = tradingMessages.cart;
const m = tradingMessages.checkout;

function AmountRow({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-3 ${strong ? 'font-semibold text-slate-900' : ''}`}>
      <dt className={strong ? '' : 'text-slate-600'}>{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

/** One row per VAT rate ("KDV (%20)", "KDV (%10)"). */
function VatRows({ rows, summary }: { rows: SummaryVatRow[]; summary: CheckoutSummary }) {
  return rows.map((r) => (
    <AmountRow key={r.rate} label={summary.isVatIncluded ? c.vatIncluded(r.rate) : c.vat(r.rate)}>
      {formatKurus(r.vatKurus)}
    </AmountRow>
  ));
}

function SellerGroup({ group, summary }: { group: SummaryGroup; summary: CheckoutSummary }) {
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      <h3 className="font-semibold text-brand-900">{group.sellerLabel}</h3>
      <ul className="mt-2 space-y-1.5 text-sm">
        {group.lines.map((line) => (
          <li key={line.listingId} className="flex items-baseline justify-between gap-3">
            <span className="min-w-0 break-words text-slate-800">
              {line.title} <span className="whitespace-nowrap text-slate-600">· {m.lineQuantity(line.quantity)}</span>
            </span>
            {line.lineTotalKurus !== null ? (
              <span className="shrink-0 tabular-nums">{formatKurus(line.lineTotalKurus)}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-slate-100 pt-2 text-sm">
        <AmountRow label={summary.isVatIncluded ? c.subtotalVatIncluded : c.subtotal}>
          {formatKurus(group.subtotalKurus)}
        </AmountRow>
        <AmountRow label={c.shipping}>
          {group.isFreeShipping ? c.freeShipping : formatKurus(group.shippingKurus)}
        </AmountRow>
        <VatRows rows={group.vatRows} summary={summary} />
        <AmountRow label={m.groupTotal}>{formatKurus(group.totalKurus)}</AmountRow>
        {group.discountKurus > 0 ? (
          <AmountRow label={m.cashDiscountLine}>−{formatKurus(group.discountKurus)}</AmountRow>
        ) : null}
        <AmountRow label={m.groupCharged} strong>
          {formatKurus(group.chargedKurus)}
        </AmountRow>
      </dl>
    </li>
  );
}

/** The order summary grouped by seller, then the totals; every figure is the server's. */
export function OrderSummary({ summary }: { summary: CheckoutSummary }) {
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {summary.groups.map((group) => (
          <SellerGroup key={group.sellerId} group={group} summary={summary} />
        ))}
      </ul>
      <dl className="space-y-1.5 text-sm">
        <AmountRow label={summary.isVatIncluded ? c.subtotalVatIncluded : c.subtotal}>
          {formatKurus(summary.subtotalKurus)}
        </AmountRow>
        <AmountRow label={c.shipping}>
          {summary.shippingKurus === 0 ? c.freeShipping : formatKurus(summary.shippingKurus)}
        </AmountRow>
        <VatRows rows={summary.vatRows} summary={summary} />
        <AmountRow label={c.total}>{formatKurus(summary.totalKurus)}</AmountRow>
        {summary.discountKurus > 0 ? (
          <AmountRow label={m.cashDiscountLine}>−{formatKurus(summary.discountKurus)}</AmountRow>
        ) : null}
      </dl>
      <div className="border-t border-slate-200 pt-3">
        <dl>
          <AmountRow label={m.charged} strong>
            <span className="text-xl text-brand-900" data-testid="charged-amount">
              {formatKurus(summary.chargedKurus)}
            </span>
          </AmountRow>
        </dl>
        {summary.installmentAmounts.length > 1 ? (
          <p className="mt-1 text-right text-sm text-slate-600 tabular-nums">
            {formatInstallments(summary.installmentAmounts)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
