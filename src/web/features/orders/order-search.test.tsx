// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import type { BuyerOrderList, SellerOrderList } from '#shared/schemas/orders.ts';
import { BuyerOrdersPage } from './buyer-orders-page.tsx';
import { SellerOrders } from './seller-orders.tsx';
import type { SellerOrderFilters } from './seller-order-filters.ts';
import { fakeNetwork, withProviders } from './test-support.tsx';

const s = tradingMessages.orders.search;
const allFilters: SellerOrderFilters = { view: 'all', status: '', from: '', to: '', cargoCompany: '', page: 1 };
const noBuyerOrders: BuyerOrderList = { orders: [], total: 0, page: 1, pageSize: 10 };
const noSellerRows: SellerOrderList = { rows: [], total: 0, allOrders: 4, page: 1, pageSize: 25 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The router's address, shown so a test can read what a search wrote into it. */
function Address() {
  const location = useLocation();
  return <output aria-label="adres">{location.search}</output>;
}

it('/siparislerim searches with the text of its address, and a new search goes into the address from page 1', async () => {
  const sent = fakeNetwork(() => noBuyerOrders);
  render(
    withProviders(
      <>
        <BuyerOrdersPage />
        <Address />
      </>,
      '/siparislerim?q=%C4%B1%C5%9F%C4%B1k&page=2',
    ),
  );
  expect(await screen.findByText(s.empty('ışık'))).toBeTruthy();
  expect(sent[0].path).toBe('/api/orders?page=2&pageSize=10&q=%C4%B1%C5%9F%C4%B1k');
  const box = screen.getByRole('searchbox', { name: s.label });
  expect((box as HTMLInputElement).value).toBe('ışık');

  await userEvent.clear(box);
  await userEvent.type(box, '#OS-2026-000123{Enter}');
  await waitFor(() => expect(screen.getByLabelText('adres').textContent).toBe('?q=%23OS-2026-000123'));
  expect(sent.at(-1)!.path).toBe('/api/orders?page=1&pageSize=10&q=%23OS-2026-000123');

  await userEvent.click(screen.getByRole('button', { name: s.clear }));
  await waitFor(() => expect(screen.getByLabelText('adres').textContent).toBe(''));
  expect(sent.at(-1)!.path).toBe('/api/orders?page=1&pageSize=10');
});

it('the seller’s orders tab searches by the text it is given, keeping the filters, and says when none match', async () => {
  const sent = fakeNetwork(() => noSellerRows);
  render(
    withProviders(
      <>
        <SellerOrders filters={{ ...allFilters, cargoCompany: 'aras' }} onFiltersChange={vi.fn()} />
        <Address />
      </>,
      '/dashboard?tab=orders&cargo=aras',
    ),
  );
  await userEvent.type(await screen.findByRole('searchbox', { name: s.label }), 'Görüş Optik');
  await userEvent.click(screen.getByRole('button', { name: s.submit }));
  expect(await screen.findByText(s.empty('Görüş Optik'))).toBeTruthy();
  expect(screen.getByLabelText('adres').textContent).toBe('?tab=orders&cargo=aras&q=G%C3%B6r%C3%BC%C5%9F+Optik');
  expect(sent.at(-1)!.path).toBe(
    '/api/seller/orders?q=G%C3%B6r%C3%BC%C5%9F+Optik&view=all&cargoCompany=aras&page=1&pageSize=25',
  );
});
