/**
 * Dates as the business sees them: in Turkey's time zone (Europe/Istanbul, UTC+3 all year since
 * 2016), whatever the time zone of the server or the device. Shared by the server (mails, CSVs,
 * sweeps) and the web, so both show the same day.
 */
const TIME_ZONE = 'Europe/Istanbul';
const DAY_MS = 86_400_000;

/** Turkey's fixed offset from UTC (UTC+3 all year since 2016; startOfDayInTurkey assumes it too). */
const TURKEY_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * The calendar day ("2027-03-31") in Turkey at the instant `now`. Arithmetic on the fixed offset, not
 * Intl: the cart and the marketplace ask it for every line and listing, and formatting cost ~20 µs.
 */
export function todayInTurkey(now: Date): string {
  return new Date(now.getTime() + TURKEY_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The instant a Turkish calendar day ("2027-03-31") begins. Turkey keeps UTC+3 all year (no
 * daylight saving since 2016), so the offset is fixed.
 */
export function startOfDayInTurkey(day: string): Date {
  return new Date(`${day}T00:00:00+03:00`);
}

/** A calendar day ("2027-03-31") moved by whole days, negative ones too: calendar arithmetic, no time zone. */
export function addDaysToDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * An expiry date must lie after today ("Miat tarihi bugünden sonra olmalıdır"); today itself is
 * refused too, since goods expiring today cannot be shipped.
 */
export function isExpiryAcceptable(miad: string, now: Date): boolean {
  return miad > todayInTurkey(now);
}

/**
 * Past its miat (expiry): the goods cannot be sold. The miat day itself is the last valid day (a
 * contact lens's expiry date is the last day it may be used), so a listing still sells on it and
 * stops the day after, in Turkey's time zone (decision 033). Saving a new miat is stricter
 * (isExpiryAcceptable): a listing is not put on sale on its last day.
 */
export function isMiadPast(miad: string | null, now: Date): boolean {
  return miad !== null && miad < todayInTurkey(now);
}

const dateFormat = new Intl.DateTimeFormat('tr-TR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const dateTimeFormat = new Intl.DateTimeFormat('tr-TR', {
  timeZone: TIME_ZONE,
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

/** dd.MM.yyyy HH:mm in Turkish time, on a 24-hour clock. */
export function formatDateTime(value: Date | string): string {
  return dateTimeFormat.format(typeof value === 'string' ? new Date(value) : value);
}
