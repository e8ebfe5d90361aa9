// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { tradingMessages } from '#shared/messages/trading.tr.ts';
import { OrderStatusBadge } from './order-parts.tsx';

const m = tradingMessages.orders;
const f = tradingMessages.fulfilment;

afterEach(cleanup);

it('the status badge says "awaiting approval" exactly when the server says the order awaits it', () => {
  const { rerender } = render(
    <OrderStatusBadge order={{ status: 'paid_escrow', awaitingAcceptance: true }} view="buyer" />,
  );
  expect(screen.getByText(f.awaitingAcceptance)).toBeTruthy();
  rerender(<OrderStatusBadge order={{ status: 'paid_escrow', awaitingAcceptance: true }} view="seller" />);
  expect(screen.getByText(f.awaitingAcceptanceSeller)).toBeTruthy();

  // Accepted (the flag is off): the paid status's own label on both sides.
  rerender(<OrderStatusBadge order={{ status: 'paid_escrow', awaitingAcceptance: false }} view="buyer" />);
  expect(screen.getByText(m.buyerStatus.paid_escrow)).toBeTruthy();
  expect(screen.queryByText(f.awaitingAcceptance)).toBeNull();
  rerender(<OrderStatusBadge order={{ status: 'paid_escrow', awaitingAcceptance: false }} view="seller" />);
  expect(screen.getByText(m.sellerStatus.paid_escrow)).toBeTruthy();
});
