import { format, parseISO } from 'date-fns';
import { tr } from 'date-fns/locale/tr';

const currency = new Intl.NumberFormat('tr-TR', {
  style: 'currency',
  currency: 'TRY',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const integer = new Intl.NumberFormat('tr-TR');

/** Kuruş → "₺1.234,56". The only place money becomes text. */
export function formatKurus(kurus: number): string {
  return currency.format(kurus / 100);
}

export function formatCount(value: number): string {
  return integer.format(value);
}

/**
 * dd.MM.yyyy in Turkish. A date-only string ("2027-03-31", an expiry date) is a calendar day and
 * is shown as that day; new Date() would read it as UTC midnight and show the day before west of UTC.
 */
export function formatDate(value: Date | string): string {
  return format(
    typeof value === 'string' ? (/^\d{4}-\d{2}-\d{2}$/.test(value) ? parseISO(value) : new Date(value)) : value,
    'dd.MM.yyyy',
    { locale: tr },
  );
}

export function formatDateTime(value: Date | string): string {
  return format(typeof value === 'string' ? new Date(value) : value, 'dd.MM.yyyy HH:mm', { locale: tr });
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
