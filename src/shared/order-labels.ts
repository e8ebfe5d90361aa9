import { tradingMessages } from './messages/trading.tr.ts';
import { awaitingAcceptanceLabel, orderStatusLabels } from './messages/trading/order-status.tr.ts';
import type { OrderStatus } from './status.ts';

/** The label a person reads for an order: its state, or "awaiting the seller's approval" before that. */
export function orderStatusLabel(order: { status: OrderStatus; awaitingAcceptance?: boolean }): string {
  return order.awaitingAcceptance ? awaitingAcceptanceLabel : orderStatusLabels[order.status];
}

/** A stored status (from an event row) as people read it; an unknown value is shown as it came. */
export const statusText = (status: string): string => (orderStatusLabels as Record<string, string>)[status] ?? status;

/** A carrier's name; an unknown code (none is stored today) is shown as it came. */
export const carrierName = (code: string): string => (tradingMessages.cargo as Record<string, string>)[code] ?? code;

/** A timeline entry's text on the buyer's and the seller's pages: the event's own name, else the state it led to. */
export function orderEventText(event: { action: string; toStatus: string | null }): string {
  return tradingMessages.orders.events[event.action] ?? (event.toStatus ? statusText(event.toStatus) : event.action);
}

/** A timeline entry on the admin's order and dispute pages: the event and the state it led to, both in Turkish. */
export function orderEventLine(event: { action: string; toStatus: string | null }): string {
  const name = tradingMessages.orders.events[event.action] ?? event.action;
  return event.toStatus ? `${name} → ${statusText(event.toStatus)}` : name;
}
