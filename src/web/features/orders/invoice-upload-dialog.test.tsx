// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { invoiceMessages as m } from '#shared/messages/invoices.tr.ts';
import { InvoiceUploadDialog } from './invoice-upload-dialog.tsx';
import { fakeNetwork, withProviders } from './test-support.tsx';

const ORDER_ID = '0b7c8f1e-3a52-4c1e-9d0e-5f7a1b2c3d4e';
const ETTN = '3f2b8c1e-5a4d-4e6f-9b21-7c8d9e0f1a2b';
const invoice = {
  invoiceNumber: 'ABC2026000000123',
  invoiceDate: '2026-01-20',
  ettn: ETTN,
  hasXml: true,
  uploadedAt: '2026-01-20T10:00:00.000Z',
  canReplace: true,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openDialog() {
  const onOpenChange = vi.fn();
  render(withProviders(<InvoiceUploadDialog orderId={ORDER_ID} open onOpenChange={onOpenChange} />));
  return { dialog: screen.getByRole('dialog', { name: m.dialogTitle }), onOpenChange };
}

const pdf = () => new File(['%PDF-1.4 fatura'], 'fatura.pdf', { type: 'application/pdf' });

async function fillFields(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, over: { ettn?: string } = {}) {
  await user.type(within(dialog).getByLabelText(new RegExp(m.invoiceNumber)), 'abc2026000000123');
  await user.clear(within(dialog).getByLabelText(new RegExp(m.invoiceDate)));
  await user.type(within(dialog).getByLabelText(new RegExp(m.invoiceDate)), '2026-01-20');
  await user.type(within(dialog).getByLabelText(new RegExp(m.ettn)), over.ettn ?? ETTN);
}

it('says in Turkish that the PDF is missing and the ETTN is malformed, and sends nothing', async () => {
  const sent = fakeNetwork(() => invoice);
  const user = userEvent.setup();
  const { dialog, onOpenChange } = openDialog();
  await fillFields(user, dialog, { ettn: '1234' });
  await user.click(within(dialog).getByRole('button', { name: m.submit }));
  await within(dialog).findByText(m.ettnInvalid);
  await user.clear(within(dialog).getByLabelText(new RegExp(m.ettn)));
  await user.type(within(dialog).getByLabelText(new RegExp(m.ettn)), ETTN);
  await user.click(within(dialog).getByRole('button', { name: m.submit }));
  await within(dialog).findByText(m.pdfRequired);
  expect(sent).toEqual([]);
  expect(onOpenChange).not.toHaveBeenCalled();
});

it('refuses a file that is not a PDF, or an XML that is not XML, before sending', async () => {
  const sent = fakeNetwork(() => invoice);
  const user = userEvent.setup({ applyAccept: false });
  const { dialog } = openDialog();
  await fillFields(user, dialog);
  await user.upload(within(dialog).getByLabelText(new RegExp(m.pdf)), new File(['x'], 'fatura.png'));
  await user.upload(within(dialog).getByLabelText(new RegExp(m.xml.replace(/[()]/g, '.'))), new File(['x'], 'a.pdf'));
  await user.click(within(dialog).getByRole('button', { name: m.submit }));
  await within(dialog).findByText(m.pdfType);
  expect(within(dialog).getByText(m.xmlType)).toBeTruthy();
  expect(sent).toEqual([]);
});

it('posts the fields and files as one multipart form to the invoice endpoint, then closes', async () => {
  const sent = fakeNetwork(() => invoice);
  const user = userEvent.setup();
  const { dialog, onOpenChange } = openDialog();
  await fillFields(user, dialog);
  await user.upload(within(dialog).getByLabelText(new RegExp(m.pdf)), pdf());
  await user.click(within(dialog).getByRole('button', { name: m.submit }));
  await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  expect(sent).toEqual([
    {
      method: 'POST',
      path: `/api/orders/${ORDER_ID}/invoice`,
      body: { invoiceNumber: 'ABC2026000000123', invoiceDate: '2026-01-20', ettn: ETTN, pdf: 'file:fatura.pdf' },
    },
  ]);
});
