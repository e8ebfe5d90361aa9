import { Glasses, Trash2, Wrench } from 'lucide-react';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { CartLineProblem, QuotedLine } from '#shared/schemas/checkout.ts';
import { VatNote } from '../../components/vat-note.tsx';
import { fixCartLines } from '../../lib/cart-quote.ts';
import { removeFromCart } from '../../lib/cart-store.ts';
import { formatKurus } from '../../lib/format.ts';
import { productPath } from '../../lib/paths.ts';
import { Link } from 'react-router';
import type { CartEntry } from './cart-groups.ts';
import { QuantityControl } from './quantity-control.tsx';

const t = tradingMessages.cart;

function ItemImage({ src }: { src: string | undefined }) {
  if (!src) {
    return (
      <div className="grid size-20 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-400 sm:size-24">
        <Glasses aria-hidden="true" className="size-8" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover sm:size-24"
    />
  );
}

function problemText(problem: CartLineProblem, line: QuotedLine): string {
  switch (problem) {
    case 'unavailable':
    case 'expired':
    case 'own_offer':
      return t.problems[problem];
    case 'price_changed':
      return t.problems.price_changed(
        line.seenUnitPriceKurus === null ? '–' : formatKurus(line.seenUnitPriceKurus),
        line.unitPriceKurus === null ? '–' : formatKurus(line.unitPriceKurus),
      );
    case 'insufficient_stock':
      return t.problems.insufficient_stock(line.stock);
    case 'below_minimum':
      return t.problems.below_minimum(line.minOrderQty);
  }
}

function fixLabel(problem: CartLineProblem, line: QuotedLine): string {
  switch (problem) {
    case 'unavailable':
    case 'expired':
    case 'own_offer':
    case 'price_changed':
      return t.fixes[problem];
    case 'insufficient_stock':
      return t.fixes.insufficient_stock(line.stock);
    case 'below_minimum':
      // The minimum cannot be reached within the stock: the fix takes the offer out.
      return line.minOrderQty > line.stock ? t.fixes.unavailable : t.fixes.below_minimum(line.minOrderQty);
  }
}

/** What the server found different for this line, each with its one-click fix. */
function LineProblems({ line }: { line: QuotedLine }) {
  return (
    <ul className="space-y-2" data-testid="cart-problems">
      {line.problems.map((problem) => (
        <li
          key={problem}
          data-problem={problem}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
        >
          <span>{problemText(problem, line)}</span>
          <button
            type="button"
            onClick={() => fixCartLines([{ ...line, problems: [problem] }])}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-amber-400 bg-white px-3 font-semibold text-amber-950 hover:bg-amber-100"
          >
            <Wrench aria-hidden="true" className="size-4" />
            {fixLabel(problem, line)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A money cell: the amount, a skeleton while the first quote loads, nothing for visitors. */
function Money({
  kurus,
  isLoading,
  isStale,
  className = '',
}: {
  kurus: number | null | undefined;
  isLoading: boolean;
  isStale: boolean;
  className?: string;
}) {
  if (isLoading)
    return <span aria-hidden="true" className="inline-block h-5 w-20 animate-pulse rounded bg-slate-200" />;
  if (kurus === null || kurus === undefined) return null;
  return <span className={`tabular-nums ${isStale ? 'opacity-60' : ''} ${className}`}>{formatKurus(kurus)}</span>;
}

/**
 * One cart item: stacked card on a phone, a table-like row from 768 px (the column headings sit
 * on the group). Prices, stock and problems come from the server's quote of this very cart.
 */
export function CartLine({
  entry,
  pricesVisible,
  pricesIncludeVat,
  isQuoteLoading,
  isQuoteStale,
}: {
  entry: CartEntry;
  pricesVisible: boolean;
  pricesIncludeVat: boolean | undefined;
  isQuoteLoading: boolean;
  isQuoteStale: boolean;
}) {
  const { item, line } = entry;
  const name = `${item.marka} ${item.model_kodu}`;
  // The server's stock when it has answered for this line; the stored one until then.
  const maxStock = line?.productId ? line.stock : item.maxStock;
  const image = item.images[0] ?? line?.thumbnailUrl ?? undefined;
  const loading = isQuoteLoading && !line;
  // The line as the server saw it differs from the item now: a change is on its way to the server.
  const isLineCurrent = line !== undefined && line.quantity === item.quantity && line.seenUnitPriceKurus === item.fiyat;
  const stale = isQuoteStale || (line !== undefined && !isLineCurrent);
  const productId = line?.productId;
  return (
    <li
      data-testid="cart-item"
      data-listing-id={item.id}
      className="grid gap-3 border-t border-slate-200 py-4 first:border-t-0 md:grid-cols-[minmax(0,1fr)_7rem_9.5rem_7rem_2.75rem] md:items-center md:gap-3"
    >
      <div className="flex min-w-0 gap-3">
        <ItemImage src={image} />
        <div className="min-w-0 space-y-1">
          <p className="text-sm font-semibold text-slate-500">{item.marka}</p>
          <h3 className="font-semibold break-words text-slate-900">
            {productId ? (
              <Link to={productPath(item.id)} className="rounded hover:text-brand-700 hover:underline">
                {item.model_kodu}
              </Link>
            ) : (
              item.model_kodu
            )}
          </h3>
          <p className="text-sm text-slate-600">{t.stock(maxStock)}</p>
        </div>
      </div>
      <div className="flex items-baseline justify-between gap-2 md:block md:text-right">
        <span className="text-sm text-slate-600 md:sr-only">{t.unitPrice}</span>
        {pricesVisible ? (
          <span className="flex flex-wrap items-baseline justify-end gap-x-1.5">
            <Money kurus={line?.unitPriceKurus} isLoading={loading} isStale={isQuoteStale} className="font-medium" />
            {line?.unitPriceKurus != null ? <VatNote includesVat={pricesIncludeVat} /> : null}
          </span>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-2 md:justify-center">
        <span className="text-sm text-slate-600 md:sr-only">{t.quantity}</span>
        <QuantityControl id={item.id} name={name} quantity={item.quantity} maxStock={maxStock} />
      </div>
      <div className="flex items-baseline justify-between gap-2 md:block md:text-right">
        <span className="text-sm text-slate-600 md:sr-only">{t.lineTotal}</span>
        {pricesVisible ? (
          <Money
            kurus={line?.lineTotalKurus}
            isLoading={loading}
            isStale={stale}
            className="font-bold text-brand-900"
          />
        ) : null}
      </div>
      <div className="flex justify-end">
        <button
          type="button"
          onClick={() => removeFromCart(item.id)}
          aria-label={t.removeItem(name)}
          className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium text-red-700 hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" className="size-5" />
          <span className="md:sr-only">{t.remove}</span>
        </button>
      </div>
      {line && isLineCurrent && line.problems.length > 0 ? (
        <div className="md:col-span-5">
          <LineProblems line={line} />
        </div>
      ) : null}
    </li>
  );
}
