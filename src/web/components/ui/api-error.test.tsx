// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { apiErrorFrom } from '../../lib/api-client.ts';
import { ApiErrorAlert } from './api-error.tsx';

afterEach(cleanup);

it("shows the server's Turkish message as an alert, under the screen's title", () => {
  const error = apiErrorFrom(409, { error: { code: 'CONFLICT', message: 'Bu başvuru zaten sonuçlandı.' } });
  render(<ApiErrorAlert error={error} title="Başvuru onaylanamadı" />);
  const alert = screen.getByRole('alert');
  expect(alert.textContent).toBe('Başvuru onaylanamadıBu başvuru zaten sonuçlandı.');
  expect(screen.getByText('Başvuru onaylanamadı').tagName).toBe('STRONG');
});

it('says the server could not be reached when the request never got an answer', () => {
  render(<ApiErrorAlert error={new TypeError('Failed to fetch')} fallback="Kaydedilemedi" />);
  expect(screen.getByRole('alert').textContent).toBe(
    'Sunucuya ulaşılamadı. İnternet bağlantınızı kontrol edip tekrar deneyin.',
  );
});

it("falls back to the screen's words for an error that is not the API's, and to the common one without them", () => {
  const { rerender } = render(<ApiErrorAlert error={new Error('boom')} fallback="Notlar kaydedilemedi" />);
  expect(screen.getByRole('alert').textContent).toBe('Notlar kaydedilemedi');
  rerender(<ApiErrorAlert error={new Error('boom')} />);
  expect(screen.getByRole('alert').textContent).toBe('Beklenmeyen bir hata oluştu.');
});

it('gives a Turkish message to an answer that is not ours (a proxy page)', () => {
  render(<ApiErrorAlert error={apiErrorFrom(502, '<html>Bad Gateway</html>')} />);
  expect(screen.getByRole('alert').textContent).toBe('Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.');
});

it('shows nothing while there is no error', () => {
  const { container } = render(<ApiErrorAlert error={null} />);
  expect(container.innerHTML).toBe('');
  expect(screen.queryByRole('alert')).toBeNull();
});
