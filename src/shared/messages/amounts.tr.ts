/** Turkish texts shown under money and quantity fields while a person types (parseLira / parseWholeNumber). */
export const amountMessages = {
  /** The value as it will be saved, read back before saving: "Kaydedilecek: ₺1.350,75". */
  willSave: (shown: string) => `Kaydedilecek: ${shown}`,
  liraUnreadable: 'Tutar okunamadı. Örnek yazım: 1.350,75',
  wholeUnreadable: 'Sayı okunamadı. Tam sayı yazın, örneğin 12 veya 1.350.',
  /**
   * Card instalments as banks show them (splitInstallments): "6 × ₺2.438,84" when the months are
   * equal, else the equal months and the last one that absorbs the leftover kuruş:
   * "5 × ₺2.438,83 + son taksit ₺2.438,86".
   */
  installmentSplit: (n: number, each: string, last: string | null) =>
    last === null ? `${n} × ${each}` : `${n - 1} × ${each} + son taksit ${last}`,
};
