// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { createFakeShop, fakeMember, type FakeShop } from '../../lib/test-support/fake-shop.ts';
import { renderScreen } from '../../lib/test-support/render.tsx';
import { ForcePasswordResetPage } from './force-password-reset-page.tsx';

const resetPath = '/api/auth/force-password-reset';
let shop: FakeShop;

async function openPage() {
  shop = createFakeShop({ user: { ...fakeMember, mustResetPassword: true } });
  vi.stubGlobal('fetch', shop.fetch);
  renderScreen(<ForcePasswordResetPage />, { path: '/force-password-reset' });
  return {
    password: await screen.findByLabelText('Yeni Şifre'),
    confirmation: screen.getByLabelText('Yeni Şifre (Tekrar)'),
    save: screen.getByRole('button', { name: 'Şifreyi Kaydet' }) as HTMLButtonElement,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('refuses different passwords under the confirmation, and sends nothing', async () => {
  const user = userEvent.setup();
  const { password, confirmation, save } = await openPage();
  expect(save.disabled).toBe(true);

  await user.type(password, 'Nilufer!2026x');
  await user.type(confirmation, 'Nilufer!2026y{Enter}');

  expect(await screen.findByText('Şifreler eşleşmiyor')).toBeTruthy();
  expect(confirmation.getAttribute('aria-invalid')).toBe('true');
  expect(shop.requestsTo(resetPath)).toHaveLength(0);
});

it('lists every unmet rule of a weak password in Turkish, and sends nothing', async () => {
  const user = userEvent.setup();
  const { password, confirmation, save } = await openPage();

  await user.type(password, 'kisa');
  await user.type(confirmation, 'kisa');
  await user.click(save);

  const problem = await screen.findByText(/Şifre en az 8 karakter olmalıdır, Şifre en az bir büyük harf içermelidir/);
  expect(password.getAttribute('aria-describedby')).toBe(problem.id);
  expect(shop.requestsTo(resetPath)).toHaveLength(0);
});

it('sends a strong, matching password and says it is saved', async () => {
  const user = userEvent.setup();
  const { password, confirmation, save } = await openPage();
  shop.answer('POST', resetPath, 204);

  await user.type(password, 'Nilufer!2026x');
  await user.type(confirmation, 'Nilufer!2026x');
  await user.click(save);

  expect(await screen.findByText('Şifreniz başarıyla güncellendi. Yönlendiriliyorsunuz...')).toBeTruthy();
  expect(shop.requestsTo(resetPath).map((request) => request.body)).toEqual([
    { newPassword: 'Nilufer!2026x', confirmPassword: 'Nilufer!2026x' },
  ]);
});

it("shows the server's refusal as an alert, with its field message on the field", async () => {
  const user = userEvent.setup();
  const { password, confirmation, save } = await openPage();
  shop.answer('POST', resetPath, 400, {
    error: {
      code: 'VALIDATION_FAILED',
      message: 'Lütfen alanları kontrol edin.',
      fields: { newPassword: 'Yeni şifre eski şifrenizle aynı olamaz' },
    },
  });
  await user.type(password, 'Nilufer!2026x');
  await user.type(confirmation, 'Nilufer!2026x');
  await user.click(save);

  expect(await screen.findByText('Yeni şifre eski şifrenizle aynı olamaz')).toBeTruthy();
  expect(password.getAttribute('aria-invalid')).toBe('true');
  expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
    'Lütfen alanları kontrol edin.',
    'Yeni şifre eski şifrenizle aynı olamaz',
  ]);

  shop.answer('POST', resetPath, 429, { error: { code: 'RATE_LIMITED', message: 'Çok fazla deneme yaptınız.' } });
  await user.click(save);
  await waitFor(() =>
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Çok fazla deneme yaptınız.']),
  );
});
