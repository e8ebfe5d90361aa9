// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { billingProfileMessages as b } from '#shared/messages/invoices.tr.ts';
import type { BillingProfile } from '#shared/schemas/invoices.ts';
import { renderScreen } from '../../lib/test-support/render.tsx';
import { BillingProfileSection } from './billing-profile-form.tsx';

const defaults: BillingProfile = {
  companyTitle: 'Işık Optik',
  taxOffice: '',
  address: '',
  city: 'İzmir',
  district: 'Karşıyaka',
  isEInvoiceUser: false,
  taxNumber: '1234567890',
  isSaved: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The billing profile endpoint as the server answers it; records the PUT bodies. */
function fakeProfileServer() {
  const saved: unknown[] = [];
  vi.stubGlobal('fetch', async (_input: string, init: RequestInit = {}) => {
    const body = init.method === 'PUT' ? JSON.parse(String(init.body)) : null;
    if (body) saved.push(body);
    const answer = body ? { ...body, taxNumber: defaults.taxNumber, isSaved: true } : defaults;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  return saved;
}

it('shows the application’s defaults with the tax number read-only, and refuses a short address in Turkish', async () => {
  const saved = fakeProfileServer();
  renderScreen(<BillingProfileSection />);
  expect(await screen.findByText(b.notSaved)).toBeTruthy();
  expect((screen.getByLabelText(new RegExp(b.taxNumber)) as HTMLInputElement).readOnly).toBe(true);
  await userEvent.type(screen.getByLabelText(new RegExp(b.taxOffice)), 'Karşıyaka');
  await userEvent.type(screen.getByLabelText(new RegExp(b.address)), 'Kısa');
  await userEvent.click(screen.getByRole('button', { name: b.save }));
  expect(await screen.findByText(b.addressMin)).toBeTruthy();
  expect(saved).toEqual([]);
});

it('saves the title, tax office, address and the e-Fatura choice; the tax number is not sent', async () => {
  const saved = fakeProfileServer();
  renderScreen(<BillingProfileSection />);
  await userEvent.type(await screen.findByLabelText(new RegExp(b.taxOffice)), 'Karşıyaka');
  await userEvent.type(screen.getByLabelText(new RegExp(b.address)), 'Cemal Gürsel Cad. No: 12');
  await userEvent.click(screen.getByRole('radio', { name: b.eInvoice }));
  await userEvent.click(screen.getByRole('button', { name: b.save }));
  await waitFor(() =>
    expect(saved).toEqual([
      {
        companyTitle: 'Işık Optik',
        taxOffice: 'Karşıyaka',
        address: 'Cemal Gürsel Cad. No: 12',
        city: 'İzmir',
        district: 'Karşıyaka',
        isEInvoiceUser: true,
      },
    ]),
  );
  expect(await screen.findByText(b.saved)).toBeTruthy();
});
