// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { awaitingAcceptanceLabel, orderStatusLabels } from '#shared/messages/trading/order-status.tr.ts';
import { OrderStatusBadge } from './order-parts.tsx';

afterEach(cleanup);

it('the status badge says "awaiting approval" exactly when the server says the order awaits it', () => {
  const { rerender } = render(<OrderStatusBadge order={{ status: 'paid_escrow', awaitingAcceptance: true }} />);
  expect(screen.getByText(awaitingAcceptanceLabel)).toBeTruthy();

  // Accepted (the flag is off): the paid status's own label, the same on every screen.
  rerender(<OrderStatusBadge order={{ status: 'paid_escrow', awaitingAcceptance: false }} />);
  expect(screen.getByText(orderStatusLabels.paid_escrow)).toBeTruthy();
  expect(screen.queryByText(awaitingAcceptanceLabel)).toBeNull();
});
