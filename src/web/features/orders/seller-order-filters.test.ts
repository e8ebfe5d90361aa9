import { describe, expect, it } from 'vitest';
import { awaitingAcceptanceLabel, orderStatusLabels } from '#shared/messages/trading/order-status.tr.ts';
import { orderStatuses } from '#shared/status.ts';
import { applySellerOrderFilters, sellerOrderFiltersFrom, statusOptions } from './seller-order-filters.ts';

describe('the seller order filters in the address', () => {
  it('reads every filter, and defaults when none is given', () => {
    expect(sellerOrderFiltersFrom(new URLSearchParams('tab=orders'))).toEqual({
      view: 'all',
      status: '',
      from: '',
      to: '',
      cargoCompany: '',
      page: 1,
    });
    expect(
      sellerOrderFiltersFrom(
        new URLSearchParams('view=pending&status=shipped&from=2026-03-01&to=2026-03-31&cargo=aras&page=3'),
      ),
    ).toEqual({
      view: 'pending',
      status: 'shipped',
      from: '2026-03-01',
      to: '2026-03-31',
      cargoCompany: 'aras',
      page: 3,
    });
  });

  it('ignores values it cannot use instead of sending them to the server', () => {
    expect(
      sellerOrderFiltersFrom(new URLSearchParams('view=x&status=awaiting_payment&from=01.03.2026&cargo=ups&page=-2')),
    ).toEqual({ view: 'all', status: '', from: '', to: '', cargoCompany: '', page: 1 });
  });

  it('writes changes, drops defaults and keeps the other parameters (the tab)', () => {
    const params = applySellerOrderFilters(new URLSearchParams('tab=orders&page=4&cargo=mng'), {
      view: 'completed',
      page: 1,
      cargoCompany: '',
    });
    expect(params.toString()).toBe('tab=orders&view=completed');
    expect(applySellerOrderFilters(params, { view: 'all', from: '2026-03-01' }).toString()).toBe(
      'tab=orders&from=2026-03-01',
    );
  });

  it('offers every state a seller can see, each in its one label, and no two options that read the same', () => {
    const labels = statusOptions.map((o) => o.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const status of orderStatuses.filter((s) => s !== 'awaiting_payment'))
      expect(statusOptions).toContainEqual({ value: status, label: orderStatusLabels[status] });
  });

  it('offers the paid orders awaiting approval before the approved ones, and keeps that choice in the address', () => {
    const values = statusOptions.map((o) => o.value);
    expect(statusOptions).toContainEqual({ value: 'awaiting_acceptance', label: awaitingAcceptanceLabel });
    expect(values.indexOf('awaiting_acceptance')).toBe(values.indexOf('paid_escrow') - 1);
    const params = applySellerOrderFilters(new URLSearchParams('tab=orders'), { status: 'awaiting_acceptance' });
    expect(params.toString()).toBe('tab=orders&status=awaiting_acceptance');
    expect(sellerOrderFiltersFrom(params).status).toBe('awaiting_acceptance');
  });
});
