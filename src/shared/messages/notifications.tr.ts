import type { NotificationType } from '../schemas/notifications.ts';

/** Turkish texts of /bildirimler, the new trading events and the notification e-mails. */
export const notificationMessages = {
  /** The type filter's labels. */
  types: {
    order_new: 'Yeni sipariş',
    payment_received: 'Ödeme alındı',
    order_accepted: 'Sipariş onaylandı',
    order_shipped: 'Kargoya verildi',
    order_delivery_confirmed: 'Teslimat onaylandı',
    order_release_reminder: 'Ödeme aktarım hatırlatması',
    money_released: 'Ödeme aktarıldı',
    order_cancelled: 'Sipariş iptali',
    order_refunded: 'İade',
    payout_paid: 'Hesaba ödeme',
    payout_iban_missing: 'IBAN eksik',
    dispute_reported: 'Sorun bildirildi',
    dispute_created: 'Sorun kaydı',
    dispute_answered: 'Satıcı yanıtı',
    dispute_escalated: 'Sorun yönetimde',
    dispute_resolved: 'Sorun karara bağlandı',
    dispute_waiting: 'Karar bekleyen sorun',
    message_new: 'Yeni mesaj',
    review_received: 'Yeni değerlendirme',
    stock_low: 'Düşük stok',
    listing_expiring: 'Miadı yaklaşan ilan',
    listing_expired: 'Miadı geçmiş ilan',
    price_dropped: 'Fiyat düşüşü',
    application_new: 'Yeni üyelik başvurusu',
  } satisfies Record<NotificationType, string>,
  page: {
    title: 'Bildirimler',
    filterLabel: 'Bildirimleri süz',
    onlyUnread: 'Yalnızca okunmamışlar',
    allTypes: 'Tüm türler',
    typeLabel: 'Tür',
    markRead: 'Okundu İşaretle',
    empty: 'Bu seçime uyan bildirim yok',
    summary: (total: number, unread: number) => `${total} bildirim, ${unread} okunmamış`,
    seeAll: 'Tüm bildirimleri gör',
    live: 'Canlı',
  },
  events: {
    moneyReleasedTitle: 'Ödemeniz hesabınıza geçti',
    moneyReleasedBody: (orderNumber: string, amount: string) =>
      `${orderNumber} numaralı siparişin ${amount} tutarındaki ödemesi escrow hesabından size aktarıldı.`,
    refundedTitle: 'İadeniz yapıldı',
    refundedBody: (orderNumber: string, amount: string) =>
      `${orderNumber} numaralı sipariş için ${amount} kartınıza iade edildi.`,
    deliveryConfirmedTitle: 'Teslimat onaylandı',
    stockLowTitle: 'Stok azaldı',
    stockLowBody: (product: string, stock: number) => `${product} ilanınızda ${stock} adet kaldı.`,
    stockAction: 'Ürünlerime Git',
    expiringTitle: 'Miadı yaklaşan ürün',
    expiringBody: (product: string, date: string) => `${product} ilanınızın miadı ${date} tarihinde doluyor.`,
    expiredTitle: 'Miadı geçmiş ürün satıştan kalktı',
    expiredBody: (product: string, date: string) =>
      `${product} ilanınızın miadı ${date} tarihinde doldu; ilan artık satın alınamıyor. Yeni miat tarihi girin veya ilanı yayından kaldırın.`,
    priceDroppedTitle: 'Favori ürününüzde fiyat düştü',
    priceDroppedBody: (product: string, oldPrice: string, newPrice: string) =>
      `Favorilerinizdeki ${product} için bir satıcı fiyatını düşürdü: önceki fiyat ${oldPrice}, yeni fiyat ${newPrice}.`,
    priceDroppedAction: 'Ürüne Git',
    applicationTitle: 'Yeni üyelik başvurusu',
    applicationBody: (storeName: string) => `${storeName} üyelik için başvurdu; başvuru incelemenizi bekliyor.`,
    applicationAction: 'Başvuruya Git',
  },
  mail: {
    greeting: (name: string) => `Merhaba ${name},`,
    open: 'OptiStok’ta Aç',
    preferences: 'E-posta tercihlerinizi değiştirmek için:',
    preferencesLink: 'Bildirim Ayarları',
  },
} as const;
