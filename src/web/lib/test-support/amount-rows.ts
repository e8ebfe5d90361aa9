/**
 * Money summaries (a dl of dt/dd rows) read as a store owner with a calculator reads them: the
 * rows in order, each amount in kuruş, and what the rows above the total add up to.
 */
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { parseLira } from '#shared/money.ts';

/** Every row of a description list in reading order: [label, value]. */
export function rowsOfList(dl: Element): [string, string][] {
  return [...dl.querySelectorAll(':scope > div')].map((row) => [
    row.querySelector('dt')?.textContent ?? '',
    row.querySelector('dd')?.textContent ?? '',
  ]);
}

/** A shown amount in kuruş: "₺1.023,47", "-₺17,41"; free shipping ("Ücretsiz") is 0. */
export function kurusOfShown(text: string): number {
  if (text === tradingMessages.cart.freeShipping) return 0;
  const isNegative = text.startsWith('-');
  const kurus = parseLira(isNegative ? text.slice(1) : text);
  if (kurus === null) throw new Error(`not an amount: ${text}`);
  return isNegative ? -kurus : kurus;
}

/** What the rows above the total add up to (the VAT inside the prices, shown after it, adds nothing). */
export function sumAboveTotal(rows: readonly [string, string][], totalLabel: string): number {
  const end = rows.findIndex(([label]) => label === totalLabel);
  if (end === -1) throw new Error(`no row ${totalLabel}`);
  return rows.slice(0, end).reduce((sum, [, value]) => sum + kurusOfShown(value), 0);
}
