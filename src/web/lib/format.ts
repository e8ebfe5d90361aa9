// Money and dates are formatted in #shared (the server's mails and CSVs write them the same way);
// the web imports them from here with its other formatters.
import { amountMessages } from '#shared/messages/amounts.tr.ts';
import { formatKurus } from '#shared/money.ts';

export { formatKurus };
export { formatDate, formatDateTime } from '#shared/dates.ts';

/**
 * Instalment amounts (from splitInstallments: equal months, the last absorbing the leftover
 * kuruş) as the bank shows them: "6 × ₺2.438,84" or "5 × ₺2.438,83 + son taksit ₺2.438,86".
 */
export function formatInstallments(amounts: readonly number[]): string {
  const first = amounts[0] ?? 0;
  const last = amounts.at(-1) ?? 0;
  return amountMessages.installmentSplit(amounts.length, formatKurus(first), last === first ? null : formatKurus(last));
}

const integer = new Intl.NumberFormat('tr-TR');

export function formatCount(value: number): string {
  return integer.format(value);
}

/** Turkish-aware lower case for comparisons (İ → i, I → ı). */
export function toTurkishLower(value: string): string {
  return value.toLocaleLowerCase('tr-TR');
}

/** "12 sn", "5 dk", "3 sa 20 dk", "2 gün 4 sa". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s} sn`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} dk`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} sa ${minutes % 60} dk`;
  return `${Math.floor(hours / 24)} gün ${hours % 24} sa`;
}
