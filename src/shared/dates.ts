/** Calendar dates ("2027-03-31") as the business sees them: in Turkey's time zone. */
const istanbulDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Istanbul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Turkey at the instant `now`. */
export function todayInTurkey(now: Date): string {
  return istanbulDate.format(now);
}

/**
 * An expiry date must lie after today ("Miat tarihi bugünden sonra olmalıdır"); today itself is
 * refused too, since goods expiring today cannot be shipped.
 */
export function isExpiryAcceptable(miad: string, now: Date): boolean {
  return miad > todayInTurkey(now);
}
