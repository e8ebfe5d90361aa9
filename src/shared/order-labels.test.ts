import { describe, expect, it } from 'vitest';
import { adminOrderMessages } from './messages/admin-orders.tr.ts';
import { tradingMessages } from './messages/trading.tr.ts';
import { awaitingAcceptanceLabel, orderStatusLabels } from './messages/trading/order-status.tr.ts';
import { carrierName, orderEventLine, orderEventText, orderStatusLabel } from './order-labels.ts';
import { cargoCompanies } from './schemas/orders.ts';
import { orderStatuses } from './status.ts';

describe('order labels', () => {
  it('gives every order state exactly one label, and no two states the same words', () => {
    expect(Object.keys(orderStatusLabels).sort()).toEqual([...orderStatuses].sort());
    const labels = [...Object.values(orderStatusLabels), awaitingAcceptanceLabel];
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('uses the spec’s words where it names a state (part 2 §4)', () => {
    expect(orderStatusLabels).toMatchObject({
      paid_escrow: 'Ödeme Alındı',
      shipped: 'Kargolandı',
      delivery_confirmed: 'Teslimat Onaylandı',
      completed: 'Tamamlandı',
      disputed: 'Sorunlu',
    });
  });

  it('says "awaiting the seller" for a paid order the seller has not approved, the state’s label otherwise', () => {
    expect(orderStatusLabel({ status: 'paid_escrow', awaitingAcceptance: true })).toBe(awaitingAcceptanceLabel);
    expect(orderStatusLabel({ status: 'paid_escrow', awaitingAcceptance: false })).toBe('Ödeme Alındı');
  });

  it('writes timeline entries in Turkish, with no status code in them', () => {
    for (const status of orderStatuses) {
      const line = orderEventLine({ action: 'status_changed', toStatus: status });
      expect(line).toContain(orderStatusLabels[status]);
      expect(line).not.toContain(status);
      expect(orderEventText({ action: 'status_changed', toStatus: status })).toBe(orderStatusLabels[status]);
    }
    expect(orderEventLine({ action: 'paid', toStatus: 'paid_escrow' })).toBe(
      `${tradingMessages.orders.events.paid} → Ödeme Alındı`,
    );
  });

  it('names every carrier, and one word for a single payment on the buyer’s and the admin’s pages', () => {
    for (const code of cargoCompanies) expect(carrierName(code)).not.toBe(code);
    expect(carrierName('aras')).toBe('Aras Kargo');
    expect(adminOrderMessages.detail.installments(1)).toBe(tradingMessages.orders.cash);
  });
});
