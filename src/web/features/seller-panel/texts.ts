/** Short UI strings of the seller panel shell that messages.tr.ts does not hold yet (spec part 2). */
export const sellerPanelTexts = {
  lead: 'İlanlarınızı, siparişlerinizi, ödemelerinizi ve hesap ayarlarınızı tek yerden yönetin.',
  tabsLabel: 'Panel bölümleri',
  tabs: {
    listings: 'Ürün Listesi',
    orders: 'Siparişlerim',
    transactions: 'Hesap Hareketlerim',
    settings: 'Ayarlar',
  },
  noProductsTitle: 'Henüz Ürün Yok',
  noProductsBody: 'İlk ürününüzü ekleyerek başlayın.',
  noOrdersTitle: 'Henüz Sipariş Yok',
  noOrdersBody: 'İlk siparişinizi bekliyorsunuz.',
  noPendingPaymentsTitle: 'Bekleyen Ödeme Yok',
  noPendingPaymentsBody: 'Henüz bekleyen ödemeniz bulunmuyor.',
} as const;
