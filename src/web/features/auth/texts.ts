/** Short UI strings of the sign-in screens that messages.tr.ts does not hold yet. */
export const authTexts = {
  modeGroupLabel: 'Giriş veya kayıt seçimi',
  backToLogin: 'Giriş sayfasına dön',
  requestNewLink: 'Yeni bağlantı iste',
} as const;
