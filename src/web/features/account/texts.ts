/** Short UI strings of the account screens that messages.tr.ts does not hold yet. */
export const accountTexts = {
  accountDetails: 'Hesap Bilgileri',
  profileLoadFailed: 'Profil bilgileri yüklenirken hata oluştu.',
  settingsLoadFailed: 'Ayarlar yüklenirken hata oluştu.',
  sessionsLoadFailed: 'Oturumlar yüklenirken hata oluştu.',
  ipAddress: 'IP adresi',
  sessionStarted: 'Açılış',
  sessionExpires: 'Geçerlilik sonu',
  unknownDevice: 'Bilinmeyen cihaz',
  allSignedOut: 'Tüm cihazlardan çıkış yapıldı.',
  sessionActionFailed: 'İşlem tamamlanamadı: ',
  noOtherSessions: 'Başka açık oturumunuz yok.',
  settingsLead: 'Profil, şifre, bildirim ve güvenlik ayarlarınızı buradan yönetin.',
  passwordHint: 'En az 8 karakter; büyük harf, küçük harf, rakam ve özel karakter içermelidir.',
} as const;
