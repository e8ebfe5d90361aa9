/** Turkish texts shown under money and quantity fields while a person types (parseLira / parseWholeNumber). */
export const amountMessages = {
  /** The value as it will be saved, read back before saving: "Kaydedilecek: ₺1.350,75". */
  willSave: (shown: string) => `Kaydedilecek: ${shown}`,
  liraUnreadable: 'Tutar okunamadı. Örnek yazım: 1.350,75',
  wholeUnreadable: 'Sayı okunamadı. Tam sayı yazın, örneğin 12 veya 1.350.',
};
