import type { SecurityEventReason, SecurityEventType } from '../security-log.ts';

/**
 * Turkish texts of the profile, settings and security-event screens (spec part 1). Kept apart from
 * messages.tr.ts so that they load only with the screens that use them.
 */
export const profileMessages = {
  title: 'Profilim',
  fullName: 'Ad Soyad',
  email: 'E-posta',
  phone: 'Telefon',
  city: 'Şehir',
  role: 'Rol',
  memberSince: 'Üyelik Tarihi',
  storeId: 'Mağaza No',
  publicHandle: 'Genel Kullanıcı Adı',
  notSpecified: 'Belirtilmemiş',
  unknown: 'Bilinmiyor',
  edit: 'Düzenle',
  cancel: 'İptal',
  save: 'Değişiklikleri Kaydet',
  saving: 'Kaydediliyor...',
  updated: 'Profil bilgileriniz güncellendi.',
  updateFailed: 'Profil güncellenemedi',
  fullNameMin: 'Ad soyad en az 2 karakter olmalıdır',
  fullNameMax: 'Ad soyad en fazla 100 karakter olabilir',
  emailInvalid: 'Geçerli bir e-posta adresi giriniz',
  emailShort: 'E-posta adresi çok kısa',
  emailLong: 'E-posta adresi çok uzun',
  phoneInvalid: 'Geçerli bir telefon numarası giriniz',
  phoneShort: 'Telefon numarası en az 10 haneli olmalıdır',
  phoneLong: 'Telefon numarası çok uzun',
  emailReadOnly: 'E-posta adresi değiştirilemez.',
  fallbackName: 'Kullanıcı',
} as const;

export const settingsMessages = {
  title: 'Ayarlar',
  profileSection: 'Profil Bilgileri',
  passwordSection: 'Şifre Değiştir',
  currentPassword: 'Mevcut Şifre',
  newPassword: 'Yeni Şifre',
  confirmPassword: 'Yeni Şifre (Tekrar)',
  currentRequired: 'Mevcut şifre gereklidir',
  confirmRequired: 'Şifre onayı gereklidir',
  mismatch: 'Şifreler uyuşmuyor',
  currentWrong: 'Mevcut şifre hatalı',
  passwordUpdated: 'Şifreniz güncellendi.',
  passwordFailed: 'Şifre güncellenemedi',
  changePassword: 'Şifreyi Güncelle',
  storeSection: 'Mağaza Ayarları',
  notificationSection: 'Bildirim Ayarları',
  saved: 'Ayarlarınız kaydedildi.',
  saveFailed: 'Ayarlar kaydedilemedi.',
  /** Beside a switch that cannot be used yet (SMS: no provider). */
  comingSoon: 'Yakında',
  toggles: {
    autoOrderApproval: {
      label: 'Otomatik Sipariş Onayı',
      hint: 'Açıkken ödenen siparişler doğrudan kargolamaya hazır olur. Kapalıyken her siparişi 24 saat içinde "Onayla" ile onaylamanız gerekir; onaylanmayan sipariş iptal edilir ve alıcıya iade edilir.',
    },
    stockAlerts: { label: 'Stok Uyarıları', hint: 'Stok azaldığında bildirim alın.' },
    priceChangeNotifications: {
      label: 'Fiyat Değişikliği Bildirimleri',
      hint: 'Favori ürünlerinizde fiyat düştüğünde haber verelim.',
    },
    emailNotifications: { label: 'E-posta Bildirimleri', hint: 'Sipariş ve hesap bildirimlerini e-posta ile alın.' },
    smsNotifications: {
      label: 'SMS Bildirimleri',
      hint: 'SMS ile bildirim henüz sunulmuyor; hazır olduğunda buradan açabileceksiniz.',
    },
    marketingEmails: { label: 'Pazarlama E-postaları', hint: 'Kampanya ve yeniliklerden haberdar olun.' },
  },
  sessionsSection: 'Aktif Oturumlar',
  sessionsLead: 'Hesabınızın açık olduğu cihazlar. Tanımadığınız bir oturum görürseniz şifrenizi değiştirin.',
  currentSession: 'Bu cihaz',
  signOutOthers: 'Diğer Oturumları Kapat',
  signOutEverywhere: 'Tüm Cihazlardan Çıkış Yap',
  othersSignedOut: 'Diğer oturumlar kapatıldı.',
  lastSeen: 'Son etkinlik',
  securitySection: 'Son Güvenlik Olayları',
  noSecurityEvents: 'Henüz güvenlik kayıtları bulunmuyor.',
  securityLoadFailed: 'Güvenlik kayıtları yüklenirken hata oluştu.',
} as const;

export const securityEventMessages = {
  sign_in_success: 'Başarılı giriş',
  sign_in_failed: 'Başarısız giriş denemesi',
  sign_out: 'Çıkış',
  profile_accessed: 'Profil görüntülendi',
  profile_fetch_failed: 'Profil yüklenemedi',
  password_changed: 'Şifre değiştirildi',
  password_reset_requested: 'Şifre sıfırlama istendi',
  session_revoked: 'Oturum sonlandırıldı',
  password_reset_forced: 'Şifre yönetici tarafından sıfırlandı',
  csp_violation: 'Güvenlik politikası ihlali',
} satisfies Record<SecurityEventType, string>;

export const securityEventReasonMessages = {
  invalid_credentials: 'Hatalı e-posta veya şifre',
  locked: 'Hesap geçici olarak kilitli',
  disabled: 'Hesap devre dışı',
  absolute_lifetime: 'Oturum süresi doldu',
} satisfies Record<SecurityEventReason, string>;
