/**
 * The app's clock on this device. Deadlines, reservations and "today in Istanbul" are the server's
 * (its clock is the one that decides), so the web follows the HTTP Date header of each API answer
 * rather than trusting the device's own clock, which may be set wrong or, in a test, be another's.
 */
let skewMs = 0;

/** A Date header has whole seconds: a gap under this is rounding and network, not a skewed clock. */
const NOISE_MS = 2_000;

/** Takes the server's time from an answer's Date header (a missing or bad one changes nothing). */
export function followServerDate(header: string | null, receivedAt = Date.now()): void {
  const serverTime = header ? Date.parse(header) : Number.NaN;
  if (Number.isNaN(serverTime)) return;
  const gap = serverTime - receivedAt;
  skewMs = Math.abs(gap) < NOISE_MS ? 0 : gap;
}

/** Now, on the app's clock. */
export function appNow(): Date {
  return new Date(Date.now() + skewMs);
}
