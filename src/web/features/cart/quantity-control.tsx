import { Minus, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { cartQuantityMessages } from '#shared/messages/trading/cart-quantity.tr.ts';
import { parseWholeNumber } from '#shared/money.ts';
import { setCartQuantity } from '../../lib/cart-store.ts';

const t = tradingMessages.cart;

const stepClasses =
  'grid size-11 place-items-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';

/** Sets the quantity; more than the stock is refused with the spec's toast (spec part 2 §5, §8). */
function changeQuantity(id: string, quantity: number): boolean {
  const change = setCartQuantity(id, quantity);
  if (!change.ok) toast.error(t.stockTitle, { description: t.stockBody(change.maxStock) });
  return change.ok;
}

/**
 * Minus, a text field and plus. Never below 1 (minus is disabled at 1; removing is the remove
 * button's job), plus disabled at the stock; typed text is read on Enter or leaving the field,
 * unreadable text (or less than 1) falls back to 1 and more than the stock to the stock, with a toast.
 */
export function QuantityControl({
  id,
  name,
  quantity,
  maxStock,
}: {
  id: string;
  name: string;
  quantity: number;
  maxStock: number;
}) {
  const inputId = useId();
  // The typed text while editing; null shows the stored quantity.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const parsed = parseWholeNumber(draft);
    const wanted = parsed === null || parsed < 1 ? 1 : parsed;
    setDraft(null);
    // More than the stock is typed: say why and take the most there is, rather than falling back silently.
    if (wanted > maxStock) {
      toast.error(t.stockTitle, { description: cartQuantityMessages.stockSetToMax(maxStock) });
      if (maxStock !== quantity) changeQuantity(id, maxStock);
      return;
    }
    if (wanted !== quantity) changeQuantity(id, wanted);
  };
  return (
    <div role="group" aria-label={t.quantityFor(name)} className="flex items-center gap-1.5">
      <button
        type="button"
        className={stepClasses}
        aria-label={t.decrease}
        disabled={quantity <= 1}
        onClick={() => changeQuantity(id, quantity - 1)}
      >
        <Minus aria-hidden="true" className="size-4" />
      </button>
      <label htmlFor={inputId} className="sr-only">
        {t.quantityFor(name)}
      </label>
      {/* Text, not a number input: the one Turkish reading ("1.000") for typed numbers. */}
      <input
        id={inputId}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={draft ?? String(quantity)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        className="block min-h-11 w-16 rounded-lg border border-slate-300 bg-white px-2 text-center text-base tabular-nums"
      />
      <button
        type="button"
        className={stepClasses}
        aria-label={t.increase}
        disabled={quantity >= maxStock}
        onClick={() => changeQuantity(id, quantity + 1)}
      >
        <Plus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
