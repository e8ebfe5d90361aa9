import { todayInTurkey } from '#shared/dates.ts';

/** Our own address that sends the buyer on to the provider's card page (see payments.routes.ts). */
export function paymentStartPath(paymentId: string): string {
  return `/api/payments/${paymentId}/start`;
}

export function orderYear(now: Date): string {
  return todayInTurkey(now).slice(0, 4);
}

/** OS-2026-000123: the year in Turkey and the sequence number, six digits at least. */
export function formatOrderNumber(year: string, sequence: number): string {
  return `OS-${year}-${String(sequence).padStart(6, '0')}`;
}
