// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';

afterEach(cleanup);

it('is a keyboard-usable button that reports its click', async () => {
  const onClick = vi.fn();
  render(<Button onClick={onClick}>Kaydet</Button>);
  const button = screen.getByRole('button', { name: 'Kaydet' });
  button.focus();
  await userEvent.keyboard('{Enter}');
  expect(onClick).toHaveBeenCalledTimes(1);
});
