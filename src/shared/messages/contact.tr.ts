/**
 * Turkish texts of the contact page (spec part 1). Kept apart from messages.tr.ts so that they load
 * only with the page that uses them.
 */
export const contactPageMessages = {
  title: 'İletişim',
  lead: 'Sorularınız, önerileriniz ya da üyelikle ilgili talepleriniz için bize yazın. Mesai saatleri içinde en geç bir iş günü içinde yanıt veriyoruz.',
  name: 'Ad Soyad',
  email: 'E-posta',
  phone: 'Telefon (isteğe bağlı)',
  subject: 'Konu',
  message: 'Mesajınız',
  submit: 'Mesajı Gönder',
  submitting: 'Gönderiliyor...',
  success: 'Mesajınız alındı. En kısa sürede size dönüş yapacağız.',
  successWithRef: (ref: string) => `Mesajınız alındı (başvuru no: ${ref}). En kısa sürede size dönüş yapacağız.`,
  failure: 'Mesajınız gönderilemedi. Lütfen tekrar deneyin.',
  nameMin: 'Ad soyad en az 2 karakter olmalıdır',
  nameMax: 'Ad soyad en fazla 100 karakter olabilir',
  emailInvalid: 'Geçerli bir e-posta adresi giriniz',
  emailShort: 'E-posta adresi çok kısa',
  emailLong: 'E-posta adresi çok uzun',
  phoneInvalid: 'Geçerli bir telefon numarası giriniz',
  phoneShort: 'Telefon numarası en az 10 haneli olmalıdır',
  phoneLong: 'Telefon numarası çok uzun',
  subjectMin: 'Konu en az 3 karakter olmalıdır',
  subjectMax: 'Konu en fazla 150 karakter olabilir',
  messageMin: 'Mesajınız en az 10 karakter olmalıdır',
  messageMax: 'Mesajınız en fazla 2000 karakter olabilir',
} as const;
