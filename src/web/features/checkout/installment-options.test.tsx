// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { parseLira } from '#shared/money.ts';
import { installmentOptions } from '#shared/pricing.ts';
import { InstallmentOptions } from './installment-options.tsx';
import type { InstallmentPlan } from './summary.ts';

afterEach(cleanup);

/** The options as the server quotes them, every plan totalling `chargedKurus` (no interest). */
function plansOf(chargedKurus: number): InstallmentPlan[] {
  return installmentOptions.map((installments) => ({
    installments,
    chargedKurus,
    monthlyKurus: Math.floor(chargedKurus / installments),
    discountKurus: 0,
  }));
}

/** The amounts an option shows, read back from its text: "5 × ₺2.438,83 + son taksit ₺2.438,86". */
function monthsShown(n: number): number[] {
  const option = screen.getByRole('radio', { name: new RegExp(`^${n} Taksit`) }).closest('label')!;
  const text = within(option).getByText(/×/).textContent!;
  const split = /^(\d+) × (₺[\d.,]+)(?: \+ son taksit (₺[\d.,]+))?$/.exec(text);
  expect(split, text).not.toBeNull();
  const [, equalMonths, each, last] = split!;
  const months: number[] = Array.from({ length: Number(equalMonths) }, () => parseLira(each!)!);
  if (last) months.push(parseLira(last)!);
  return months;
}

it.each([
  [2, '1 × ₺7.316,50 + son taksit ₺7.316,51'],
  [6, '5 × ₺2.438,83 + son taksit ₺2.438,86'],
])('splits ₺14.633,01 into %s instalments that add up to the total, as the bank does', (n, text) => {
  render(<InstallmentOptions plans={plansOf(1_463_301)} value={1} onChange={() => {}} />);
  const option = screen.getByRole('radio', { name: new RegExp(`^${n} Taksit`) }).closest('label')!;
  expect(within(option).getByText(/×/).textContent).toBe(text);
  expect(within(option).getByText(/^Toplam/).textContent).toBe('Toplam ₺14.633,01');
  const months = monthsShown(n);
  expect(months).toHaveLength(n);
  expect(months.reduce((sum, month) => sum + month, 0)).toBe(1_463_301);
});

it('shows equal months without a "son taksit" when the total divides evenly, and sums for every option', () => {
  for (const total of [123_298, 1_463_301, 1_200, 1, 99_999_999]) {
    const { unmount } = render(<InstallmentOptions plans={plansOf(total)} value={1} onChange={() => {}} />);
    for (const n of [2, 3, 6, 12]) {
      const months = monthsShown(n);
      expect(months).toHaveLength(n);
      expect(months.reduce((sum, month) => sum + month, 0)).toBe(total);
    }
    unmount();
  }
  render(<InstallmentOptions plans={plansOf(1_200)} value={1} onChange={() => {}} />);
  const twelve = screen.getByRole('radio', { name: /^12 Taksit/ }).closest('label')!;
  expect(within(twelve).getByText(/×/).textContent).toBe('12 × ₺1,00');
});
