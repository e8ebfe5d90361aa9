import { tradingMessages } from '#shared/messages/trading.tr.ts';

const t = tradingMessages.notifications;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "şimdi", "n dakika önce", "n saat önce", "n gün önce" (spec §2 Notifications), rounded down.
 * A time slightly ahead of this device's clock reads as "şimdi" rather than a negative age.
 */
export function formatRelativeTime(timestamp: string | Date, now: Date): string {
  const at = typeof timestamp === 'string' ? Date.parse(timestamp) : timestamp.getTime();
  const age = now.getTime() - at;
  if (!Number.isFinite(age) || age < MINUTE) return t.now;
  if (age < HOUR) return t.minutesAgo(Math.floor(age / MINUTE));
  if (age < DAY) return t.hoursAgo(Math.floor(age / HOUR));
  return t.daysAgo(Math.floor(age / DAY));
}
