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

// The browser's own Turkish formats (dd.MM.yyyy, 24-hour clock) rather than a date library:
// this module loads with every page, the landing page included. Times are shown as they are in
// Turkey, whatever the device's time zone: the same day as the server's sweeps, mails and CSVs.
const dateFormat = new Intl.DateTimeFormat('tr-TR', {
  timeZone: 'Europe/Istanbul',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('tr-TR', {
  timeZone: 'Europe/Istanbul',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * dd.MM.yyyy in Turkish. A date-only string ("2027-03-31", an expiry date) is a calendar day and
 * is shown as that day; new Date() would read it as UTC midnight and show the day before west of UTC.
 */
export function formatDate(value: Date | string): string {
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (day) return `${day[3]}.${day[2]}.${day[1]}`;
  return dateFormat.format(typeof value === 'string' ? new Date(value) : value);
}

/** dd.MM.yyyy HH:mm in Turkish. */
export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(typeof value === 'string' ? new Date(value) : value);
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
