/** Everything a user sees about reviews, store ratings, store pages (/magaza/:slug) and brands (/markalar). */
export const reviewMessages = {
  /** "4,7 (23)": the average with one decimal (tr-TR comma) and the number of reviews. */
  ratingSummary: (average: number, count: number) =>
    `${average.toLocaleString('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} (${count})`,
  ratingLabel: (average: number, count: number) =>
    `Puan ${average.toLocaleString('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} / 5, ${count} değerlendirme`,
  noRating: 'Henüz puan yok',
  stars: (rating: number) => `${rating} yıldız`,
  rateSeller: 'Satıcıyı Değerlendir',
  /** The panel's heading before a review exists; the button below it carries "Satıcıyı Değerlendir". */
  reviewPanelTitle: 'Alışverişiniz nasıldı?',
  editReview: 'Değerlendirmeyi Düzenle',
  yourReview: 'Değerlendirmeniz',
  dialogTitle: 'Satıcıyı Değerlendir',
  dialogDescription: (seller: string) =>
    `${seller} ile alışverişinizi 1–5 yıldız arasında puanlayın. Değerlendirmenizi 14 gün içinde düzenleyebilirsiniz.`,
  ratingField: 'Puanınız',
  commentField: 'Yorumunuz (isteğe bağlı)',
  commentHint: 'En fazla 1.000 karakter.',
  save: 'Gönder',
  saving: 'Gönderiliyor…',
  cancel: 'Vazgeç',
  saved: 'Değerlendirmeniz kaydedildi.',
  editableUntil: (date: string) => `${date} tarihine kadar düzenleyebilirsiniz.`,
  sellerReply: 'Satıcının yanıtı',
  reply: 'Yanıtla',
  replyTitle: 'Değerlendirmeyi Yanıtla',
  replyDescription:
    'Yanıtınız mağaza sayfanızda değerlendirmenin altında görünür. Yalnızca bir kez yanıtlayabilirsiniz.',
  replyField: 'Yanıtınız',
  replySaved: 'Yanıtınız yayımlandı.',
  validation: {
    ratingRequired: 'Lütfen 1 ile 5 arasında bir puan seçin.',
    commentTooLong: 'Yorum en fazla 1.000 karakter olabilir.',
    replyRequired: 'Lütfen yanıtınızı yazın.',
    replyTooLong: 'Yanıt en fazla 1.000 karakter olabilir.',
  },
  errors: {
    notEligible: 'Bu sipariş teslim onaylandıktan veya ödeme satıcıya aktarıldıktan sonra değerlendirilebilir.',
    ownStore: 'Kendi mağazanızı değerlendiremezsiniz.',
    alreadyReviewed: 'Bu siparişi zaten değerlendirdiniz.',
    editWindowClosed: 'Değerlendirmeler yalnızca ilk 14 gün içinde düzenlenebilir.',
    reviewNotFound: 'Değerlendirme bulunamadı.',
    notYourReview: 'Bu değerlendirmeyi yalnızca yazan alıcı düzenleyebilir.',
    notYourStore: 'Yalnızca değerlendirilen mağaza yanıt verebilir.',
    alreadyReplied: 'Bu değerlendirmeyi zaten yanıtladınız.',
    storeNotFound: 'Mağaza bulunamadı.',
  },
  notification: {
    title: 'Yeni değerlendirme',
    message: (orderNumber: string, rating: number) =>
      `${orderNumber} numaralı sipariş için ${rating} yıldızlı bir değerlendirme aldınız.`,
    action: 'Değerlendirmeyi Gör',
  },
  store: {
    title: 'Mağaza',
    memberSince: (date: string) => `${date} tarihinden beri üye`,
    city: 'Şehir',
    reviewsTitle: (count: number) => `Değerlendirmeler (${count})`,
    noReviews: 'Bu mağaza henüz değerlendirilmedi.',
    listingsTitle: (count: number) => `Aktif İlanlar (${count})`,
    noListings: 'Bu mağazanın şu an aktif ilanı yok.',
    notFoundBody: 'Bu adreste bir mağaza yok ya da mağaza artık yayında değil.',
    loadFailed: 'Mağaza yüklenirken hata oluştu.',
    ownerNote: 'Bu sizin mağaza sayfanız. Değerlendirmeleri buradan yanıtlayabilirsiniz.',
    buyer: 'Alıcı mağaza',
  },
  brands: {
    title: 'Markalar',
    lead: 'Pazaryerindeki tüm markalar ve aktif ilan sayıları.',
    searchLabel: 'Markalarda ara',
    searchPlaceholder: 'Marka ara...',
    listingCount: (count: number) => (count === 0 ? 'Aktif ilan yok' : `${count} aktif ilan`),
    none: 'Aramanıza uyan marka yok.',
    empty: 'Henüz marka yok.',
    loadFailed: 'Markalar yüklenirken hata oluştu.',
  },
} as const;
