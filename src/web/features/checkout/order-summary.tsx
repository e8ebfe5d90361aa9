import type { ReactNode } from 'react';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { orderAmountLabel, orderAmountRowKey, orderAmountShown, type OrderAmountRow } from '#shared/order-amounts.ts';
import { formatInstallments, formatKurus } from '../../lib/format.ts';
import type { CheckoutSummary, SummaryGroup } from './summary.ts';

const c = tradingMessages.cart;
const m = tradingMessages.checkout;

function AmountRow({
  label,
  children,
  strong = false,
  muted = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
  muted?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-3 ${strong ? 'font-semibold text-slate-900' : ''} ${muted ? 'text-xs' : ''}`}
    >
      <dt className={strong ? '' : 'text-slate-600'}>{label}</dt>
      <dd className={`text-right tabular-nums ${muted ? 'text-slate-600' : ''}`}>{children}</dd>
    </div>
  );
}

/** A row's value: shipping that costs nothing says so, the discount shows its minus sign. */
function amountText(row: OrderAmountRow, isFreeShipping: boolean): string {
  return row.kind === 'shipping' && isFreeShipping ? c.freeShipping : formatKurus(orderAmountShown(row));
}

/** One row of the shared order rows, labelled as on the order page ("KDV (%20)", "İçindeki KDV (%10)"). */
function OrderRow({ row, isFreeShipping }: { row: OrderAmountRow; isFreeShipping: boolean }) {
  return (
    <AmountRow label={orderAmountLabel(row)} strong={row.kind === 'total'} muted={row.kind === 'vatIncluded'}>
      {amountText(row, isFreeShipping)}
    </AmountRow>
  );
}

function SellerGroup({ group }: { group: SummaryGroup }) {
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
        {group.rows.map((row) => (
          <OrderRow key={orderAmountRowKey(row)} row={row} isFreeShipping={group.isFreeShipping} />
        ))}
      </dl>
    </li>
  );
}

/**
 * The order summary grouped by seller, then the cart, each in the rows of the order page (goods,
 * shipping, −Peşin, KDV per rate, the total; "İçindeki KDV" after it when prices include VAT), so
 * every block adds up with a calculator. The cart's total is the card charge. Every figure is the server's.
 */
export function OrderSummary({ summary }: { summary: CheckoutSummary }) {
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {summary.groups.map((group) => (
          <SellerGroup key={group.sellerId} group={group} />
        ))}
      </ul>
      <dl className="space-y-1.5 text-sm">
        {summary.rows.map((row) =>
          row.kind === 'total' ? (
            <div
              key={orderAmountRowKey(row)}
              className="flex items-baseline justify-between gap-3 border-t border-slate-200 pt-3 font-semibold text-slate-900"
            >
              <dt>{m.charged}</dt>
              <dd className="text-right tabular-nums">
                <span className="text-xl text-brand-900" data-testid="charged-amount">
                  {formatKurus(row.kurus)}
                </span>
                {summary.installmentAmounts.length > 1 ? (
                  <p className="mt-1 text-sm font-normal text-slate-600">
                    {formatInstallments(summary.installmentAmounts)}
                  </p>
                ) : null}
              </dd>
            </div>
          ) : (
            <OrderRow key={orderAmountRowKey(row)} row={row} isFreeShipping={summary.isFreeShipping} />
          ),
        )}
      </dl>
    </div>
  );
}
