// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { createFakeShop, type FakeShop } from '../../lib/test-support/fake-shop.ts';
import { renderScreen } from '../../lib/test-support/render.tsx';
import { ReviewDialog } from './review-dialog.tsx';

const orderId = '6c1f3a52-6a43-4a55-9d4e-3f1f5d3f0c22';
const reviewPath = `/api/orders/${orderId}/review`;
let shop: FakeShop;
let onClose: () => void;

function openDialog() {
  shop = createFakeShop();
  vi.stubGlobal('fetch', shop.fetch);
  onClose = vi.fn();
  renderScreen(<ReviewDialog orderId={orderId} sellerLabel="@kadikoyoptik" review={null} onClose={onClose} />);
  return screen.getByRole('dialog');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('asks for stars before anything is sent', async () => {
  const user = userEvent.setup();
  openDialog();

  await user.type(screen.getByLabelText('Yorumunuz', { exact: false }), 'Hızlı kargo.');
  await user.click(screen.getByRole('button', { name: 'Gönder' }));

  expect(await screen.findByText('Lütfen 1 ile 5 arasında bir puan seçin.')).toBeTruthy();
  expect(shop.requestsTo(reviewPath)).toHaveLength(0);
  expect(onClose).not.toHaveBeenCalled();
});

it('sends the stars chosen with the keyboard and the trimmed comment, then closes', async () => {
  const user = userEvent.setup();
  openDialog();
  shop.answer('POST', reviewPath, 201, {});

  screen.getByRole('radio', { name: '1 yıldız' }).focus();
  await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
  expect((screen.getByRole('radio', { name: '4 yıldız' }) as HTMLInputElement).checked).toBe(true);
  await user.type(screen.getByLabelText('Yorumunuz', { exact: false }), '  Hızlı kargo.  ');
  await user.click(screen.getByRole('button', { name: 'Gönder' }));

  await waitFor(() => expect(onClose).toHaveBeenCalled());
  expect(shop.requestsTo(reviewPath).map((request) => request.body)).toEqual([{ rating: 4, comment: 'Hızlı kargo.' }]);
});

it("keeps the dialog open with the server's refusal, its field message under the comment", async () => {
  const user = userEvent.setup();
  openDialog();
  shop.answer('POST', reviewPath, 400, {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'Lütfen alanları kontrol edin.',
      fields: { comment: 'Yorumda iletişim bilgisi paylaşılamaz.' },
    },
  });

  await user.click(screen.getByRole('radio', { name: '5 yıldız' }));
  await user.type(screen.getByLabelText('Yorumunuz', { exact: false }), 'Beni 0532 111 22 33 ile arayın');
  await user.click(screen.getByRole('button', { name: 'Gönder' }));

  expect(await screen.findByText('Yorumda iletişim bilgisi paylaşılamaz.')).toBeTruthy();
  expect(screen.getByLabelText('Yorumunuz', { exact: false }).getAttribute('aria-invalid')).toBe('true');
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Lütfen alanları kontrol edin.');
  expect(onClose).not.toHaveBeenCalled();
});
