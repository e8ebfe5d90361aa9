import { messages } from '#shared/messages.tr.ts';
import { usePricesIncludeVat } from '../lib/public-settings.ts';

const t = messages.common;

/**
 * "+KDV" beside a listing price (prices are entered without VAT), or "KDV dahil" when the platform
 * setting says prices include it. Nothing until the setting is known: a wrong label is worse than none.
 * `includesVat` overrides the setting when the caller knows better (the cart's quote says it).
 */
export function VatNote({ includesVat, className = '' }: { includesVat?: boolean; className?: string }) {
  const setting = usePricesIncludeVat();
  const included = includesVat ?? setting;
  if (included === null) return null;
  return (
    <span data-testid="vat-note" className={`text-xs font-medium text-slate-500 ${className}`}>
      {included ? t.vatIncluded : t.plusVat}
    </span>
  );
}
