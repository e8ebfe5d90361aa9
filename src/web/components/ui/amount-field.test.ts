import { describe, expect, it } from 'vitest';
import { amountReadBack } from './amount-field.tsx';

describe('the read-back under a money or quantity field', () => {
  it('says what will be saved, the Turkish way', () => {
    expect(amountReadBack('lira', '1350,75')).toBe('Kaydedilecek: ₺1.350,75');
    expect(amountReadBack('lira', '₺ 1.350,75')).toBe('Kaydedilecek: ₺1.350,75');
    expect(amountReadBack('lira', '1350.75')).toBe('Kaydedilecek: ₺1.350,75');
    expect(amountReadBack('whole', '1.000')).toBe('Kaydedilecek: 1.000');
  });

  it('says so when it cannot read the text, and nothing while the field is blank', () => {
    expect(amountReadBack('lira', '1,350.75')).toBe('Tutar okunamadı. Örnek yazım: 1.350,75');
    expect(amountReadBack('whole', '1,5')).toBe('Sayı okunamadı. Tam sayı yazın, örneğin 12 veya 1.350.');
    expect(amountReadBack('lira', '  ')).toBeNull();
    expect(amountReadBack('whole', undefined)).toBeNull();
  });
});
