/** Turkish texts of the notifications and mails trading sends. Part of tradingMessages (messages/trading.tr.ts). */
export const tradingNotificationMessages = {
  notifications: {
    title: 'Bildirimler',
    newCount: (n: number) => `${n} yeni`,
    markAll: 'Tümünü Okundu İşaretle',
    close: 'Kapat',
    dismiss: 'Kaldır',
    empty: 'Yeni bildirim yok',
    notFound: 'Bildirim bulunamadı',
    loadFailed: 'Bildirimler yüklenemedi',
    tooManyStreams: 'Çok fazla açık sekme var; bildirimler bu sekmede düzenli aralıklarla yenilenecek.',
    bellLabel: (n: number) => (n > 0 ? `Bildirimler, ${n} okunmamış` : 'Bildirimler'),
    now: 'şimdi',
    minutesAgo: (n: number) => `${n} dakika önce`,
    hoursAgo: (n: number) => `${n} saat önce`,
    daysAgo: (n: number) => `${n} gün önce`,
    newOrderTitle: 'Yeni sipariş',
    newOrderBody: (orderNumber: string, buyer: string, total: string) =>
      `${orderNumber} numaralı sipariş @${buyer} tarafından verildi (${total}). Ödeme escrow'da.`,
    paymentReceivedTitle: 'Ödemeniz alındı',
    paymentReceivedBody: (orderNumbers: string, total: string) =>
      `${orderNumbers} numaralı siparişleriniz için ${total} ödemeniz escrow'da güvende.`,
    paymentReceivedAction: 'Siparişlerim',
    shippedTitle: 'Siparişiniz kargoda',
    shippedBody: (orderNumber: string, cargo: string, tracking: string, autoRelease: string) =>
      `${orderNumber} numaralı siparişiniz ${cargo} ile kargoya verildi. Takip No: ${tracking}. Otomatik onay: ${autoRelease}; bir sorun varsa bu tarihten önce bildirin.`,
    deliveryConfirmedTitle: 'Teslimat Onaylandı',
    releasedBody: (orderNumber: string) =>
      `${orderNumber} numaralı siparişin teslimatı onaylandı; ödeme size aktarılacak.`,
    shipDeadlineBuyerTitle: 'Siparişiniz iptal edildi',
    shipDeadlineBuyerBody: (orderNumber: string, total: string) =>
      `${orderNumber} numaralı sipariş zamanında kargolanmadığı için iptal edildi. ${total} tutarı kartınıza iade edilecek.`,
    shipDeadlineSellerTitle: 'Sipariş iptal edildi',
    shipDeadlineSellerBody: (orderNumber: string) =>
      `${orderNumber} numaralı sipariş kargolama süresi dolduğu için iptal edildi; ödeme alıcıya iade ediliyor.`,
    acceptedTitle: 'Siparişiniz onaylandı',
    acceptedBody: (orderNumber: string) =>
      `${orderNumber} numaralı siparişiniz satıcı tarafından onaylandı ve kargoya hazırlanıyor.`,
    newOrderNeedsAcceptance: (orderNumber: string, buyer: string, total: string) =>
      `${orderNumber} numaralı sipariş @${buyer} tarafından verildi (${total}). 24 saat içinde onaylayın; onaylanmazsa iptal edilip iade edilir.`,
    acceptDeadlineBuyerBody: (orderNumber: string, total: string) =>
      `${orderNumber} numaralı sipariş satıcı 24 saat içinde onaylamadığı için iptal edildi. ${total} tutarı kartınıza iade edilecek.`,
    acceptDeadlineSellerBody: (orderNumber: string) =>
      `${orderNumber} numaralı sipariş 24 saat içinde onaylanmadığı için iptal edildi; ödeme alıcıya iade ediliyor.`,
    releaseReminderTitle: 'Teslimat onayı hatırlatması',
    releaseReminderBody: (orderNumber: string) =>
      `${orderNumber} numaralı siparişin ödemesi yarın otomatik olarak satıcıya aktarılacak. Bir sorun varsa bugün bildirin.`,
    /** The button of a notice or mail about one order: it opens that order (the buyer's or the seller's page). */
    orderAction: 'Siparişi Görüntüle',
    paymentExpiredTitle: 'Ödeme tamamlanmadı',
    paymentExpiredBody: (orderNumber: string) =>
      `${orderNumber} numaralı siparişin ödemesi 15 dakika içinde tamamlanmadığı için sipariş iptal edildi ve ürünler yeniden satışa açıldı. Ürünler sepetinizde duruyor.`,
    cartAction: 'Sepete Git',
  },
  mail: {
    orderConfirmationSubject: (n: string) => `Siparişiniz alındı (${n})`,
    newOrderSubject: (n: string) => `Yeni sipariş: ${n}`,
    shipDeadlineSubject: (n: string) => `Sipariş iptal edildi (${n})`,
    releaseReminderSubject: (n: string) => `Teslimat onayı hatırlatması (${n})`,
  },
} as const;
