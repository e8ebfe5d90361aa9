// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { disputeMessages as dm } from '#shared/messages/disputes.tr.ts';
import { BuyerDisputePanel } from './dispute-dialog.tsx';
import { fakeNetwork, withProviders } from './test-support.tsx';

const ORDER_ID = '0b7c8f1e-3a52-4c1e-9d0e-5f7a1b2c3d4e';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDialog() {
  render(withProviders(<BuyerDisputePanel order={{ id: ORDER_ID, hasDispute: false, actions: ['dispute'] }} />));
  await userEvent.click(screen.getByRole('button', { name: dm.reportButton }));
  return screen.findByRole('dialog', { name: dm.dialogTitle });
}

it('asks in Turkish for a reason and a description, and sends nothing', async () => {
  const sent = fakeNetwork(() => null);
  const dialog = await openDialog();
  await userEvent.click(within(dialog).getByRole('button', { name: dm.send }));
  await within(dialog).findByText(dm.reasonRequired);
  expect(within(dialog).getByText(dm.descriptionRequired)).toBeTruthy();

  // A blank description (spaces only) is still none.
  await userEvent.selectOptions(within(dialog).getByLabelText(dm.reasonLabel), 'damaged');
  await userEvent.type(within(dialog).getByLabelText(dm.descriptionLabel), '   ');
  await userEvent.click(within(dialog).getByRole('button', { name: dm.send }));
  await waitFor(() => expect(within(dialog).queryByText(dm.reasonRequired)).toBeNull());
  expect(within(dialog).getByText(dm.descriptionRequired)).toBeTruthy();
  expect(sent).toEqual([]);
});

it('posts the reason and the trimmed description to the order’s dispute, then closes', async () => {
  const sent = fakeNetwork(() => ({}));
  const dialog = await openDialog();
  await userEvent.selectOptions(within(dialog).getByLabelText(dm.reasonLabel), 'damaged');
  await userEvent.type(within(dialog).getByLabelText(dm.descriptionLabel), ' Sağ sap kırık geldi. ');
  await userEvent.click(within(dialog).getByRole('button', { name: dm.send }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(sent.filter((r) => r.method === 'POST')).toEqual([
    {
      method: 'POST',
      path: `/api/orders/${ORDER_ID}/dispute`,
      body: { reason: 'damaged', description: 'Sağ sap kırık geldi.' },
    },
  ]);
});
